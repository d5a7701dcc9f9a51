import { LockOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Checkbox, Form, Input, Space, Spin } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ERROR_CODES, type CaptchaResponse } from '@heliograph/shared';
import { fetchUserInfo, USER_INFO_KEY } from '../../api/auth';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../api/formErrors';
import { queryClient } from '../../api/queryClient';
import { session } from '../../api/session';
import { currentLang } from '../../i18n';
import { safeRedirect } from '../../kit/guard';
import { AuthForm } from './AuthForm';
import { encryptPasswords } from '../../kit/encryptPassword';
import { accountRules } from '../../components/password/formRules';
import { useFormSubmit } from '../../components/useFormSubmit';

interface LoginValues {
  account: string;
  password: string;
  code?: string;
  remember: boolean;
}

/** Codes the sign-in form answers itself (docs/api-auth.md "Sign-in answers"). */
const LOGIN_TOLERATES = [
  ERROR_CODES.badCredentials,
  ERROR_CODES.accountDisabled,
  ERROR_CODES.captchaRequired,
  ERROR_CODES.captchaWrong,
  ERROR_CODES.captchaExpired,
  ERROR_CODES.validation,
];

export default function LoginPage(): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<LoginValues>();
  const [error, setError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<CaptchaResponse | null>(null);
  const [captchaLoading, setCaptchaLoading] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const rules = accountRules(currentLang());
  const remembered = session.getRememberedAccount();

  const loadCaptcha = async (): Promise<void> => {
    const account = String(form.getFieldValue('account') ?? '').trim();
    setCaptchaLoading(true);
    try {
      setCaptcha(await call('GET /anonymous/getCode', { query: { account } }));
      form.setFieldValue('code', '');
    } catch {
      // told by the client
    } finally {
      setCaptchaLoading(false);
    }
  };

  const { busy, onFinish } = useFormSubmit(
    async (values: LoginValues) => {
      setError(null);
      const account = values.account.trim();
      const { keyId, passwords } = await encryptPasswords(values.password);
      const body = {
        account,
        password: passwords[0],
        source: 'web' as const,
        keyId,
        ...(captcha ? { code: values.code?.trim(), codeId: captcha.codeId } : {}),
      };
      const pair = await call('POST /oauth/token/new', { body }, { tolerate: LOGIN_TOLERATES });
      session.setToken(pair);
      session.setRememberedAccount(values.remember ? account : null);
      queryClient.clear();
      await queryClient.fetchQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo }).catch(() => null);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    },
    async (err) => {
      if (!(err instanceof ApiError)) {
        setError(t('error.generic'));
        return;
      }
      const needsCaptcha =
        err.code === ERROR_CODES.captchaRequired ||
        (err.data as { captchaRequired?: boolean } | null)?.captchaRequired === true;
      switch (err.code) {
        case ERROR_CODES.captchaRequired:
        case ERROR_CODES.captchaWrong:
        case ERROR_CODES.captchaExpired:
          await loadCaptcha();
          setCodeError(err.message);
          break;
        case ERROR_CODES.badCredentials:
        case ERROR_CODES.accountDisabled:
          setError(err.message);
          form.setFieldValue('password', '');
          if (needsCaptcha || captcha) await loadCaptcha();
          break;
        default:
          applyServerErrors(form, err, ['account', 'password', 'code']);
      }
    },
  );

  return (
    <AuthForm<LoginValues>
      page="login"
      form={form}
      initialValues={{ account: remembered, remember: remembered !== '' }}
      onFinish={onFinish}
      onValuesChange={(changed: Partial<LoginValues>) => {
        if (error) setError(null);
        if ('code' in changed && codeError) setCodeError(null);
      }}
      busy={busy}
      footer={
        <p className="hg-auth-legal">
          <Trans i18nKey="auth.agreementNotice" components={{ terms: <Link to="/agreement" /> }} />
        </p>
      }
    >
      {error ? (
        <Alert type="error" showIcon title={error} className="hg-form-alert" role="alert" data-testid="login-error" />
      ) : null}
      <Form.Item name="account" label={t('auth.account')} rules={rules.required}>
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          inputMode="email"
          autoFocus={!remembered}
          placeholder={t('auth.accountPlaceholder')}
          data-testid="login-account"
        />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={rules.required}>
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          autoFocus={!!remembered}
          placeholder={t('auth.passwordPlaceholder')}
          data-testid="login-password"
        />
      </Form.Item>
      {captcha || captchaLoading ? (
        <Form.Item
          className="hg-captcha-item"
          label={t('auth.captcha')}
          required
          extra={t('auth.captchaHint')}
          {...(codeError ? { help: codeError, validateStatus: 'error' as const } : {})}
        >
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={rules.required}>
              <Input
                prefix={<SafetyOutlined />}
                autoComplete="off"
                aria-label={t('auth.captcha')}
                placeholder={t('auth.captchaPlaceholder')}
                data-testid="login-captcha"
              />
            </Form.Item>
            <button
              type="button"
              className="hg-captcha"
              onClick={() => void loadCaptcha()}
              aria-label={t('auth.captchaRefresh')}
              title={t('auth.captchaRefresh')}
            >
              {captcha && !captchaLoading ? (
                <img src={captcha.image} alt={t('auth.captchaAlt')} data-testid="captcha-image" />
              ) : (
                <Spin size="small" />
              )}
              <ReloadOutlined className="hg-captcha-reload" aria-hidden="true" />
            </button>
          </Space.Compact>
        </Form.Item>
      ) : null}
      <div className="hg-login-row">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox data-testid="login-remember">{t('auth.rememberAccount')}</Checkbox>
        </Form.Item>
        <Link to="/forget" data-testid="forgot-link">
          {t('auth.forgotPassword')}
        </Link>
      </div>
    </AuthForm>
  );
}
