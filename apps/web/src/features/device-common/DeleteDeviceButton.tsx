import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

// antd's ButtonProps has no data-* index, so the test id travels in a typed spread.
const CONFIRM_BUTTON: ButtonProps = { danger: true, ...({ 'data-testid': 'device-delete-confirm' } as ButtonProps) };

interface Props {
  sn: string;
  /** The list's query key prefix ('batteries', 'meters') and its page. */
  kind: string;
  listPath: string;
  remove: () => Promise<unknown>;
}

/** Delete with a confirmation that names the device; back to the list once it is gone. */
export function DeleteDeviceButton({ sn, kind, listPath, remove }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      void message.success(t('batteries.common.deleted', { sn }));
      await queryClient.invalidateQueries({ queryKey: [kind] });
      void navigate(listPath);
    },
  });
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      loading={mutation.isPending}
      data-testid="device-delete"
      onClick={() =>
        void modal.confirm({
          title: t('batteries.common.deleteTitle', { sn }),
          content: t('batteries.common.deleteBody'),
          okText: t('batteries.common.delete'),
          okButtonProps: CONFIRM_BUTTON,
          cancelText: t('batteries.common.cancel'),
          onOk: () => mutation.mutateAsync().catch(() => undefined),
        })
      }
    >
      {t('batteries.common.delete')}
    </Button>
  );
}
