import { useTranslation } from 'react-i18next';
import { RenameDeviceButton } from '../device-common/RenameDeviceButton';
import { loraKeys, renameLoraMaster } from './loraApi';

/** Rename a master node (at most 32 bytes; empty clears the alias). */
export function RenameButton({ sn, alias }: { sn: string; alias: string | null }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <RenameDeviceButton
      sn={sn}
      alias={alias}
      save={renameLoraMaster}
      invalidate={[loraKeys.all]}
      data-testid="lora-rename"
      texts={{
        button: t('lora.rename.button'),
        title: t('lora.rename.title', { sn }),
        ok: t('lora.rename.save'),
        label: t('lora.rename.label'),
        help: t('lora.rename.help'),
        tooLong: t('lora.rename.tooLong'),
        saved: t('lora.rename.saved'),
      }}
    />
  );
}
