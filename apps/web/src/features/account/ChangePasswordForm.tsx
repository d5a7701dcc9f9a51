import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type UserInfo } from '@heliograph/shared';
import { api, ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';
import { currentLang } from '../../i18n';
import { encryptPasswords } from '../../kit/encryptPassword';
import { accountRules } from '../../components/password/formRules';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** POST /api/v1/user/{id}/pwd with keyId and both passwords encrypted; 108 lands on the old-password field. */
export function ChangePasswordForm({ user, readOnly }: { user: UserInfo; readOnly: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const lang = currentLang();
  const rules = accountRules(lang);

  const onFinish = async (values: PasswordValues): Promise<void> => {
    setSaving(true);
    try {
      const { keyId, passwords } = await encryptPasswords(values.oldPassword, values.newPassword);
      await api.post(
        `/api/v1/user/${encodeURIComponent(user.id)}/pwd`,
        { keyId, oldPassword: passwords[0], newPassword: passwords[1] },
        { tolerate: [ERROR_CODES.oldPasswordWrong, ERROR_CODES.validation] },
      );
      form.resetFields();
      void message.success(t('account.passwordChanged'));
    } catch (err) {
      if (err instanceof ApiError && err.code === ERROR_CODES.oldPasswordWrong) {
        setFieldError(form, 'oldPassword', err.message);
      } else {
        applyServerErrors(form, err, ['oldPassword', 'newPassword', 'confirm']);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<PasswordValues>
      form={form}
      layout="vertical"
      className="hg-account-form"
      disabled={readOnly}
      onFinish={(v) => void onFinish(v)}
      aria-label={t('account.tabPassword')}
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
      <Button type="primary" htmlType="submit" loading={saving} data-testid="password-save">
        {t('account.changePassword')}
      </Button>
    </Form>
  );
}
