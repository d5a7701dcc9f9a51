import { UserOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ERROR_CODES, LIMITS } from '@heliograph/shared';
import { api } from '../../api/client';
import { currentLang } from '../../i18n';
import { AuthLayout } from './AuthLayout';
import { EmailAccountField } from './EmailAccountField';
import { EmailCodeField } from './EmailCodeField';
import { showCodeFormError } from './codeFormError';
import { encryptPasswords } from '../../kit/encryptPassword';
import { accountRules } from '../../components/password/formRules';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';

interface RegisterValues {
  account: string;
  nickname?: string;
  password: string;
  confirm: string;
  code: string;
  agree: boolean;
}

const FIELDS = ['account', 'nickname', 'password', 'confirm', 'code'];

/** /reg: e-mail account, nickname, password twice, e-mail code, the agreement (POST /anonymous/signup). */
export default function RegisterPage(): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const [submitting, setSubmitting] = useState(false);
  const lang = currentLang();
  const rules = accountRules(lang);

  const onFinish = async (values: RegisterValues): Promise<void> => {
    setSubmitting(true);
    try {
      const { keyId, passwords } = await encryptPasswords(values.password);
      await api.post(
        '/api/v1/anonymous/signup',
        {
          account: values.account.trim(),
          password: passwords[0],
          keyId,
          code: values.code.trim(),
          nickname: values.nickname?.trim() || undefined,
        },
        {
          tolerate: [
            ERROR_CODES.validation,
            ERROR_CODES.captchaWrong,
            ERROR_CODES.captchaExpired,
            ERROR_CODES.accountRegistered,
          ],
        },
      );
      navigate('/success', { replace: true });
    } catch (err) {
      showCodeFormError(form, err, FIELDS, { [ERROR_CODES.accountRegistered]: 'account' });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')}>
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        onFinish={(v) => void onFinish(v)}
        aria-label={t('auth.registerTitle')}
        data-testid="register-form"
      >
        <EmailAccountField rules={rules.email} testId="register-account" />
        <Form.Item name="nickname" label={t('auth.nickname')} rules={rules.nickname}>
          <Input
            prefix={<UserOutlined />}
            autoComplete="nickname"
            maxLength={LIMITS.nicknameMax}
            placeholder={t('auth.nicknamePlaceholder')}
            data-testid="register-nickname"
          />
        </Form.Item>
        <NewPasswordFields
          name="password"
          label={t('auth.password')}
          testIds={['register-password', 'register-confirm']}
        />
        <EmailCodeField form={form} type="register" rules={rules.code} />
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: (_r, v: boolean) =>
                v ? Promise.resolve() : Promise.reject(new Error(t('auth.agreementRequired'))),
            },
          ]}
        >
          <Checkbox data-testid="register-agree">
            <Trans
              i18nKey="auth.agreeText"
              components={{ terms: <Link to="/agreement" target="_blank" rel="noopener" /> }}
            />
          </Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
          {t('auth.createAccount')}
        </Button>
      </Form>
      <p className="hg-auth-alt">
        {t('auth.haveAccount')} <Link to="/login">{t('auth.signIn')}</Link>
      </p>
    </AuthLayout>
  );
}
