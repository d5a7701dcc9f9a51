import { LockOutlined, QrcodeOutlined, ReloadOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Checkbox, Form, Input, Segmented, Space, Spin } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ERROR_CODES, type CaptchaResponse, type MfaChallenge } from '@heliograph/shared';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../api/formErrors';
import { session } from '../../api/session';
import { currentLang } from '../../i18n';
import { AppDownload } from './AppDownload';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { MfaStep } from './MfaStep';
import { ScanLogin } from './ScanLogin';
import { useFinishSignIn } from './useFinishSignIn';
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
  ERROR_CODES.mfaRequired,
];

type LoginMode = 'password' | 'scan';

/** The `data` of a 1401 answer: the challenge the second step sends back. */
function isChallenge(data: unknown): data is MfaChallenge {
  const c = data as Partial<MfaChallenge> | null;
  return typeof c?.challenge === 'string' && Array.isArray(c.methods) && typeof c.enrol === 'boolean';
}

/** Password or scan code: the switch above both forms. */
function ModeSwitch({ mode, onChange }: { mode: LoginMode; onChange: (m: LoginMode) => void }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Segmented<LoginMode>
      block
      className="hg-login-mode"
      value={mode}
      onChange={onChange}
      aria-label={t('mfa.modeLabel')}
      data-testid="login-mode"
      options={[
        { value: 'password', label: t('mfa.modePassword'), icon: <LockOutlined /> },
        { value: 'scan', label: t('mfa.modeScan'), icon: <QrcodeOutlined /> },
      ]}
    />
  );
}

export default function LoginPage(): React.JSX.Element {
  const { t } = useTranslation();
  const finish = useFinishSignIn();
  const [mode, setMode] = useState<LoginMode>('password');
  const [challenge, setChallenge] = useState<{ account: string; c: MfaChallenge } | null>(null);
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
      const remember = (): void => session.setRememberedAccount(values.remember ? account : null);
      try {
        const pair = await call('POST /oauth/token/new', { body }, { tolerate: LOGIN_TOLERATES });
        remember();
        await finish(pair);
      } catch (err) {
        // The password was right; the sign-in goes on with the second factor.
        const data = err instanceof ApiError && err.code === ERROR_CODES.mfaRequired ? err.data : null;
        if (isChallenge(data)) {
          remember();
          form.setFieldValue('password', '');
          setChallenge({ account, c: data });
          return;
        }
        throw err;
      }
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

  if (challenge) {
    return (
      <MfaStep
        challenge={challenge.c}
        account={challenge.account}
        onCancel={() => setChallenge(null)}
        onSignedIn={finish}
      />
    );
  }

  const footer = (
    <>
      <p className="hg-auth-legal">
        <Trans i18nKey="auth.agreementNotice" components={{ terms: <Link to="/agreement" /> }} />
      </p>
      <p className="hg-auth-app">
        <AppDownload />
      </p>
    </>
  );

  if (mode === 'scan') {
    return (
      <AuthLayout title={t('auth.signInTitle')} subtitle={t('mfa.scanSubtitle')}>
        <ModeSwitch mode={mode} onChange={setMode} />
        <ScanLogin onSignedIn={finish} />
        {footer}
      </AuthLayout>
    );
  }

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
      footer={footer}
    >
      <ModeSwitch mode={mode} onChange={setMode} />
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
