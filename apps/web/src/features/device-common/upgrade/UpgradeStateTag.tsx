import type { UpgradeState } from '@heliograph/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colours only repeat what the words say (a colour-blind reader gets the same from the text). */
const COLOR: Record<UpgradeState, string> = {
  waiting: 'gold',
  queued: 'default',
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  cancelled: 'default',
  cancelFailed: 'warning',
};

/** An upgrade's state in words: waiting for the gateway, queued, running, or how it ended. */
export function UpgradeStateTag({ state }: { state: UpgradeState }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Tag color={COLOR[state]} data-testid="upgrade-state" data-state={state}>
      {t(`deviceCommon.upgrade.states.${state}`)}
    </Tag>
  );
}
