import { useTranslation } from 'react-i18next';
import { RenameDeviceButton } from '../device-common/RenameDeviceButton';
import { meterKey, saveMeterAlias } from './meterApi';

/** Rename a meter (at most 32 bytes; empty clears the alias). */
export function AliasButton({ sn, alias }: { sn: string; alias: string | null }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <RenameDeviceButton
      sn={sn}
      alias={alias}
      save={saveMeterAlias}
      invalidate={[meterKey(sn), ['meters', 'list']]}
      data-testid="meter-alias"
      texts={{
        button: t('meters.alias.edit'),
        title: t('meters.alias.title', { sn }),
        ok: t('meters.params.save'),
        label: t('meters.alias.label'),
        help: t('meters.alias.help'),
        tooLong: t('meters.alias.tooLong'),
        saved: t('meters.alias.saved'),
      }}
    />
  );
}
