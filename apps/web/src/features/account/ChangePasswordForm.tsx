import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '@heliograph/shared';
import { call } from '../../api/call';
import { currentLang } from '../../i18n';
import { encryptPasswords } from '../../kit/encryptPassword';
import { accountRules } from '../../components/password/formRules';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { AccountForm } from './AccountForm';
import type { AccountTabProps } from './accountTab';
import { useFieldsSubmit } from '../../components/useFormSubmit';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** POST /api/v1/user/{id}/pwd with keyId and both passwords encrypted; 108 lands on the old-password field. */
export function ChangePasswordForm({ user, readOnly }: AccountTabProps): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const rules = accountRules(currentLang());

  const { busy, onFinish } = useFieldsSubmit(
    form,
    async (values: PasswordValues) => {
      const { keyId, passwords } = await encryptPasswords(values.oldPassword, values.newPassword);
      await call(
        'POST /user/:userId/pwd',
        {
          params: { userId: user.id },
          body: { keyId, oldPassword: passwords[0] ?? '', newPassword: passwords[1] ?? '' },
        },
        { tolerate: [ERROR_CODES.oldPasswordWrong, ERROR_CODES.validation] },
      );
      form.resetFields();
      void message.success(t('account.passwordChanged'));
    },
    ['oldPassword', 'newPassword', 'confirm'],
    { [ERROR_CODES.oldPasswordWrong]: 'oldPassword' },
  );

  return (
    <AccountForm<PasswordValues>
      form={form}
      aria-label={t('account.tabPassword')}
      readOnly={readOnly}
      onFinish={onFinish}
      busy={busy}
      submitLabel={t('account.changePassword')}
      submitTestId="password-save"
    >
      {/* Lets password managers tie the new password to the account. */}
      <input type="text" name="username" autoComplete="username" value={user.account} readOnly hidden />
      <Form.Item name="oldPassword" label={t('account.oldPassword')} rules={rules.required}>
        <Input.Password autoComplete="current-password" maxLength={64} data-testid="old-password" />
      </Form.Item>
      <NewPasswordFields
        name="newPassword"
        label={t('auth.newPassword')}
        testIds={['new-password', 'confirm-password']}
        dependencies={['oldPassword']}
        icons={false}
        extraRules={[
          ({ getFieldValue }) => ({
            validator: (_r, v: string | undefined) =>
              !v || v !== getFieldValue('oldPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('account.samePassword'))),
          }),
        ]}
      />
    </AccountForm>
  );
}
