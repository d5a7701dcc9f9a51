import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { operationLogKey } from './commandApi';
import { connPasswordRule } from './connPasswordRule';
import { FormModal, useFormSave } from './FormModal';

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
  const editor = useFormSave<{ password: string; again: string }>(
    ['password'],
    (v) => send(sn, v.password),
    async () => {
      void message.success(t('acSwitches.connPassword.saved'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: operationLogKey(sn) });
    },
  );
  return (
    <FormModal open={open} title={t('acSwitches.connPassword.title')} okText={okText} editor={editor} onClose={onClose}>
      <Form form={editor.form} layout="vertical" onFinish={editor.save.mutate}>
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
