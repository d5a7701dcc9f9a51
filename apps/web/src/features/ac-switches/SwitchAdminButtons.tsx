import { useTranslation } from 'react-i18next';
import { DeleteDeviceButton } from '../device-common/DeleteDeviceButton';
import { renameButtonFor } from '../device-common/RenameDeviceButton';
import { LIST_PATH, switchApi, switchKeys } from './acSwitchApi';

/** Rename a switch (at most 32 bytes; empty clears the alias). */
export const RenameSwitchButton = renameButtonFor({
  save: switchApi.setAlias,
  invalidate: () => [switchKeys.all],
  'data-testid': 'switch-rename',
  words: { prefix: 'acSwitches.rename', save: 'acSwitches.save', saved: 'acSwitches.saved' },
});

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
