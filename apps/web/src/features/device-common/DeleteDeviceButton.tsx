import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

// antd's ButtonProps has no data-* index, so the test id travels in a typed spread.
const confirmButton = (testId: string): ButtonProps => ({
  danger: true,
  ...({ 'data-testid': `${testId}-confirm` } as ButtonProps),
});

interface Props {
  sn: string;
  listPath: string;
  remove: () => Promise<unknown>;
  /** The list queries to refresh once the device is gone. */
  invalidate: QueryKey;
  /** The device's own queries, dropped rather than refetched (they would only answer "does not exist"). */
  forget?: QueryKey;
  /** Test id of the button; the confirmation's is the same with `-confirm`. */
  testId?: string;
  /** What the confirmation says beyond its title; by default that the history stays in the operation log. */
  body?: React.ReactNode;
}

/** Delete with a confirmation that names the device; back to the list once it is gone. */
export function DeleteDeviceButton({
  sn,
  listPath,
  remove,
  invalidate,
  forget,
  testId = 'device-delete',
  body,
}: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async () => {
      void message.success(t('batteries.common.deleted', { sn }));
      // Leave first, so the open page does not refetch a device that no longer exists.
      await navigate(listPath);
      if (forget) queryClient.removeQueries({ queryKey: forget });
      await queryClient.invalidateQueries({ queryKey: invalidate });
    },
  });
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      loading={mutation.isPending}
      data-testid={testId}
      onClick={() =>
        void modal.confirm({
          title: t('batteries.common.deleteTitle', { sn }),
          content: body ?? t('batteries.common.deleteBody'),
          okText: t('batteries.common.delete'),
          okButtonProps: confirmButton(testId),
          cancelText: t('batteries.common.cancel'),
          onOk: () => mutation.mutateAsync().catch(() => undefined),
        })
      }
    >
      {t('batteries.common.delete')}
    </Button>
  );
}
