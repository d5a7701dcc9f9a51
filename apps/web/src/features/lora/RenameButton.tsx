import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceAliasProblem } from '@heliograph/shared';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { operationLogKey } from '../device-common/commandApi';
import { loraKeys, renameLoraMaster } from './loraApi';

/** Rename a master node (at most 32 bytes; empty clears the alias). */
export function RenameButton({ sn, alias }: { sn: string; alias: string | null }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ alias: string }>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: { alias: string }) => renameLoraMaster(sn, v.alias),
    onSuccess: async () => {
      setOpen(false);
      void message.success(t('lora.rename.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loraKeys.all }),
        queryClient.invalidateQueries({ queryKey: operationLogKey(sn) }),
      ]);
    },
    onError: (err) => applyServerErrors(form, err, ['alias']),
  });
  return (
    <>
      <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="lora-rename">
        {t('lora.rename.button')}
      </Button>
      <Modal
        open={open}
        title={t('lora.rename.title', { sn })}
        okText={t('lora.rename.save')}
        cancelText={t('batteries.common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ alias: alias ?? '' }} onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="alias"
            label={t('lora.rename.label')}
            extra={t('lora.rename.help')}
            rules={[
              {
                validator: async (_, v: string) => {
                  if (deviceAliasProblem(v ?? '')) throw new Error(t('lora.rename.tooLong'));
                },
              },
            ]}
          >
            <Input autoFocus maxLength={64} data-testid="lora-rename-input" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
