import { useTranslation } from 'react-i18next';
import { DeleteDeviceButton } from '../device-common/DeleteDeviceButton';
import { RenameDeviceButton } from '../device-common/RenameDeviceButton';
import { LIST_PATH, switchApi, switchKeys } from './acSwitchApi';

/** Rename a switch (at most 32 bytes; empty clears the alias). */
export function RenameSwitchButton({ sn, alias }: { sn: string; alias: string | null }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <RenameDeviceButton
      sn={sn}
      alias={alias}
      save={switchApi.setAlias}
      invalidate={[switchKeys.all]}
      data-testid="switch-rename"
      texts={{
        button: t('acSwitches.rename.button'),
        title: t('acSwitches.rename.title', { sn }),
        ok: t('acSwitches.save'),
        label: t('acSwitches.rename.label'),
        help: t('acSwitches.rename.help'),
        tooLong: t('acSwitches.rename.tooLong'),
        saved: t('acSwitches.saved'),
      }}
    />
  );
}

/** Delete a switch after confirmation; it leaves every list and its connections are refused. */
export function DeleteSwitchButton({ sn }: { sn: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <DeleteDeviceButton
      sn={sn}
      listPath={LIST_PATH}
      remove={() => switchApi.remove(sn)}
      invalidate={switchKeys.all}
      forget={switchKeys.detail(sn)}
      testId="switch-delete"
      body={t('acSwitches.deleteBody')}
    />
  );
}
