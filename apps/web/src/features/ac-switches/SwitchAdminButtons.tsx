import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RenameDeviceButton } from '../device-common/RenameDeviceButton';
import { LIST_PATH, switchApi, switchKeys } from './acSwitchApi';

// antd's ButtonProps has no data-* index, so the test id travels in a typed spread.
const CONFIRM_DELETE: ButtonProps = { danger: true, ...({ 'data-testid': 'switch-delete-confirm' } as ButtonProps) };

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
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => switchApi.remove(sn),
    onSuccess: async () => {
      void message.success(t('batteries.common.deleted', { sn }));
      // Leave first and forget the switch: refetching the open page would only answer "does not exist".
      await navigate(LIST_PATH);
      queryClient.removeQueries({ queryKey: switchKeys.detail(sn) });
      await queryClient.invalidateQueries({ queryKey: switchKeys.all });
    },
  });
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      loading={mutation.isPending}
      data-testid="switch-delete"
      onClick={() =>
        void modal.confirm({
          title: t('batteries.common.deleteTitle', { sn }),
          content: t('acSwitches.deleteBody'),
          okText: t('batteries.common.delete'),
          okButtonProps: CONFIRM_DELETE,
          cancelText: t('batteries.common.cancel'),
          onOk: () => mutation.mutateAsync().catch(() => undefined),
        })
      }
    >
      {t('batteries.common.delete')}
    </Button>
  );
}
