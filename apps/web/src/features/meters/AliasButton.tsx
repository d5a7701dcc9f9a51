import { EditOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deviceAliasProblem } from '@heliograph/shared';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { operationLogKey } from '../device-common/commandApi';
import { meterKey, saveMeterAlias } from './meterApi';

/** Rename a meter (at most 32 bytes; empty clears the alias). */
export function AliasButton({ sn, alias }: { sn: string; alias: string | null }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ alias: string }>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: { alias: string }) => saveMeterAlias(sn, v.alias),
    onSuccess: async () => {
      setOpen(false);
      void message.success(t('meters.alias.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meterKey(sn) }),
        queryClient.invalidateQueries({ queryKey: operationLogKey(sn) }),
        queryClient.invalidateQueries({ queryKey: ['meters', 'list'] }),
      ]);
    },
    onError: (err) => applyServerErrors(form, err, ['alias']),
  });
  return (
    <>
      <Button icon={<EditOutlined />} onClick={() => setOpen(true)} data-testid="meter-alias">
        {t('meters.alias.edit')}
      </Button>
      <Modal
        open={open}
        title={t('meters.alias.title', { sn })}
        okText={t('meters.params.save')}
        cancelText={t('batteries.common.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ alias: alias ?? '' }} onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="alias"
            label={t('meters.alias.label')}
            extra={t('meters.alias.help')}
            rules={[
              {
                validator: async (_, v: string) => {
                  if (deviceAliasProblem(v ?? '')) throw new Error(t('meters.alias.tooLong'));
                },
              },
            ]}
          >
            <Input autoFocus maxLength={64} data-testid="meter-alias-input" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
