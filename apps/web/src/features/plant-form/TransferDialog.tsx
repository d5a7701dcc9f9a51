import { App, Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { ERROR_CODES, fieldMessage, plantTransferSchema } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { plantAdminApi } from '../../api/plantAdmin';
import { encryptPasswords } from '../../kit/encryptPassword';
import { schemaRule } from './fieldRules';
import { useLang } from './useLang';

interface TransferForm {
  account: string;
  password: string;
}

/**
 * Transfer ownership (spec §5): the recipient's account and the owner's password, which travels RSA-encrypted
 * under a fresh key exactly as at sign-in. A wrong password (108) or an unknown account (105) is shown on
 * its field; nothing changes until both are right.
 */
export function TransferDialog({
  plantId,
  plantName,
  open,
  onClose,
  onDone,
}: {
  plantId: string;
  plantName: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<TransferForm>();
  const transfer = useMutation({
    mutationFn: async (v: TransferForm) => {
      const { keyId, passwords } = await encryptPasswords(v.password);
      return plantAdminApi.transfer(plantId, { account: v.account.trim(), keyId, password: passwords[0] ?? '' });
    },
    onSuccess: (_d, v) => {
      message.success(t('plantForm.transfer.done', { name: plantName, account: v.account.trim() }));
      form.resetFields();
      onDone();
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || err.notified) return;
      if (err.code === ERROR_CODES.oldPasswordWrong) form.setFields([{ name: 'password', errors: [err.message] }]);
      else if (err.code === ERROR_CODES.validation) {
        form.setFields(
          err.fields.map((f) => ({ name: f.field === 'password' ? 'password' : 'account', errors: [f.message] })),
        );
      } else form.setFields([{ name: 'account', errors: [err.message] }]);
    },
  });

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('plantForm.transfer.title', { name: plantName })}
      okText={t('plantForm.transfer.submit')}
      cancelText={t('plantForm.action.cancel')}
      okButtonProps={{ danger: true, loading: transfer.isPending, 'data-testid': 'transfer-submit' }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <p>{t('plantForm.transfer.explain')}</p>
      <Form form={form} layout="vertical" onFinish={(v) => transfer.mutate(v)} data-testid="transfer-form">
        <Form.Item
          name="account"
          label={t('plantForm.transfer.account')}
          rules={[schemaRule(plantTransferSchema.shape.account, lang)]}
          validateTrigger="onSubmit"
        >
          <Input type="email" autoComplete="off" maxLength={128} data-testid="transfer-account" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('plantForm.transfer.password')}
          rules={[{ required: true, message: fieldMessage('required', lang) }]}
          validateTrigger="onSubmit"
        >
          <Input.Password autoComplete="current-password" maxLength={64} data-testid="transfer-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
