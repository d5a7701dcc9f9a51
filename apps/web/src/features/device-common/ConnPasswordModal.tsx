import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { operationLogKey } from './commandApi';
import { connPasswordRule } from './connPasswordRule';
import { FormModal } from './FormModal';

interface Props {
  sn: string;
  open: boolean;
  onClose: () => void;
  save: (sn: string, password: string) => Promise<unknown>;
  okText: string;
  /** Test-id prefix of the two fields: `<prefix>-new`, `<prefix>-again`. */
  testIdPrefix: string;
}

/** A new connection password for a gateway or switch, typed twice; the change lands in the operation log. */
export function ConnPasswordModal({ sn, open, onClose, save: send, okText, testIdPrefix }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ password: string; again: string }>();
  const save = useMutation({
    mutationFn: (v: { password: string }) => send(sn, v.password),
    onSuccess: async () => {
      void message.success(t('acSwitches.connPassword.saved'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: operationLogKey(sn) });
    },
    onError: (err) => applyServerErrors(form, err, ['password']),
  });
  return (
    <FormModal
      open={open}
      title={t('acSwitches.connPassword.title')}
      okText={okText}
      saving={save.isPending}
      form={form}
      onClose={onClose}
    >
      <Form form={form} layout="vertical" onFinish={save.mutate}>
        <Form.Item
          name="password"
          label={t('acSwitches.connPassword.new')}
          extra={t('acSwitches.connPassword.help')}
          rules={[connPasswordRule(t)]}
        >
          <Input.Password autoFocus autoComplete="new-password" maxLength={24} data-testid={`${testIdPrefix}-new`} />
        </Form.Item>
        <Form.Item
          name="again"
          label={t('acSwitches.connPassword.again')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, v: string | undefined) => {
                if (v !== getFieldValue('password')) throw new Error(t('acSwitches.connPassword.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={24} data-testid={`${testIdPrefix}-again`} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
