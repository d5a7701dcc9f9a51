import { DeleteOutlined } from '@ant-design/icons';
import type { LoraMasterDetail } from '@heliograph/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deleteLoraMaster, LIST_PATH, loraKeys } from './loraApi';

// antd's ButtonProps has no data-* index, so the test id travels in a typed spread.
const CONFIRM_BUTTON: ButtonProps = { danger: true, ...({ 'data-testid': 'lora-delete-confirm' } as ButtonProps) };

/**
 * Delete a master node. Its child nodes go with it, so the confirmation names how many and which: nobody
 * should lose a meter's radio link without being told.
 */
export function DeleteMasterButton({ m }: { m: LoraMasterDetail }): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteLoraMaster(m.sn),
    onSuccess: async () => {
      void message.success(t('batteries.common.deleted', { sn: m.sn }));
      // Leave first and forget the master: refetching the open page would only answer "does not exist".
      await navigate(LIST_PATH);
      queryClient.removeQueries({ queryKey: loraKeys.detail(m.sn) });
      await queryClient.invalidateQueries({ queryKey: loraKeys.all });
    },
  });
  const children = m.children.map((c) => c.sn);
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      loading={mutation.isPending}
      data-testid="lora-delete"
      onClick={() =>
        void modal.confirm({
          title: t('lora.delete.title', { sn: m.sn }),
          content: (
            <div data-testid="lora-delete-body">
              <p>
                {children.length > 0
                  ? t('lora.delete.withChildren', { n: children.length, list: children.join(', ') })
                  : t('lora.delete.alone')}
              </p>
              <p>{t('lora.delete.after')}</p>
            </div>
          ),
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
