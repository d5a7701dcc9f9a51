import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ERROR_CODES } from '@heliograph/shared';
import { api } from '../../api/client';
import { session } from '../../api/session';
import { currentLang } from '../../i18n';
import { AuthLayout } from './AuthLayout';
import { EmailAccountField } from './EmailAccountField';
import { EmailCodeField } from './EmailCodeField';
import { showCodeFormError } from './codeFormError';
import { encryptPasswords } from '../../kit/encryptPassword';
import { accountRules } from '../../components/password/formRules';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';

interface ForgetValues {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

/** /forget: e-mail, e-mail code, new password twice (POST /anonymous/resetPwd), then /forgetok. */
export default function ForgetPage(): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgetValues>();
  const [submitting, setSubmitting] = useState(false);
  const lang = currentLang();
  const rules = accountRules(lang);

  const onFinish = async (values: ForgetValues): Promise<void> => {
    setSubmitting(true);
    try {
      const { keyId, passwords } = await encryptPasswords(values.password);
      await api.post(
        '/api/v1/anonymous/resetPwd',
        { account: values.account.trim(), password: passwords[0], keyId, code: values.code.trim() },
        { tolerate: [ERROR_CODES.validation, ERROR_CODES.captchaWrong, ERROR_CODES.captchaExpired] },
      );
      navigate('/forgetok', { replace: true });
    } catch (err) {
      showCodeFormError(form, err, ['account', 'code', 'password', 'confirm']);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('auth.forgetTitle')} subtitle={t('auth.forgetSubtitle')}>
      <Form<ForgetValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ account: session.getRememberedAccount() }}
        onFinish={(v) => void onFinish(v)}
        aria-label={t('auth.forgetTitle')}
        data-testid="forget-form"
      >
        <EmailAccountField rules={rules.email} testId="forget-account" />
        <EmailCodeField form={form} type="reset" rules={rules.code} />
        <NewPasswordFields
          name="password"
          label={t('auth.newPassword')}
          testIds={['forget-password', 'forget-confirm']}
        />
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="forget-submit">
          {t('auth.resetPassword')}
        </Button>
      </Form>
      <p className="hg-auth-alt">
        {t('auth.rememberedIt')} <Link to="/login">{t('auth.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
