import { isUpgradeOpen } from '@heliograph/shared';
import type { QueryKey } from '@tanstack/react-query';
import { Card, Collapse } from 'antd';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../../components/Quantity';
import { upgradeTime, viewerZone } from './format';
import { UpgradeProgress } from './UpgradeProgress';
import { UpgradeStateTag } from './UpgradeStateTag';
import { useUpgradeProgress } from './useUpgradeProgress';

interface Props {
  sn: string;
  /** The page's device detail, fetched again when an upgrade ends. */
  refresh?: QueryKey;
  /** The time zone times read in; the viewer's own unless a test says otherwise. */
  tz?: string;
}

/**
 * On a device page: the device's newest upgrade. An open one shows in full and is followed every 2 s; the last
 * finished one is a single line that opens onto its steps. A device never upgraded shows nothing.
 */
export function DeviceUpgradeCard({ sn, refresh, tz = viewerZone() }: Props): React.JSX.Element | null {
  const { t } = useTranslation();
  const { row, cancel, cancelling, cancelRefused } = useUpgradeProgress(sn, refresh);
  if (!row) return null;
  if (isUpgradeOpen(row.state))
    return (
      <Card size="small" title={t('deviceCommon.upgrade.progressTitle')} data-testid="device-upgrade">
        <UpgradeProgress row={row} tz={tz} onCancel={cancel} cancelling={cancelling} cancelRefused={cancelRefused} />
      </Card>
    );
  return (
    <Collapse
      size="small"
      data-testid="device-upgrade-last"
      items={[
        {
          key: 'last',
          label: (
            <span className="hg-upg-summary">
              <span>{t('deviceCommon.upgrade.lastTitle')}</span>
              <UpgradeStateTag state={row.state} />
              <Quantity>{row.toVersion}</Quantity>
              <span className="hg-upg-muted">
                <Quantity>{upgradeTime(row.finishedAt ?? row.createdAt, tz)}</Quantity>
              </span>
            </span>
          ),
          children: <UpgradeProgress row={row} tz={tz} />,
        },
      ]}
    />
  );
}
