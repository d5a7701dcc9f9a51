import { ArrowLeftOutlined, KeyOutlined, UsbOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Form, Input, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type MfaChallenge, type TokenPair, type TotpEnrolment } from '@heliograph/shared';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';
import { SubmitForm } from '../../components/SubmitForm';
import { TextButton } from './TextButton';
import { useFormSubmit } from '../../components/useFormSubmit';
import { AuthLayout } from './AuthLayout';
import { cleanCode } from './mfaFormat';
import { OneTimeCodeField } from './OneTimeCodeField';
import { isPromptFailure, openedByAddress, passkeysSupported, signWithPasskey } from './passkeyBrowser';
import { RecoveryCodes, TotpQr } from './TotpSetup';

interface CodeValues {
  code?: string;
  recoveryCode?: string;
}

/** Codes the second step answers itself. */
const STEP_TOLERATES = [ERROR_CODES.mfaCodeWrong, ERROR_CODES.validation, ERROR_CODES.tooManyRequests];
/** Codes the passkey button answers itself. */
const PASSKEY_TOLERATES = [ERROR_CODES.mfaCodeWrong, ERROR_CODES.passkeyRejected, ERROR_CODES.tooManyRequests];

/**
 * The sign-in's second step after a right password (answer 1401): a passkey, the authenticator's code or a
 * recovery code, whichever the account has; or, when an administrator requires two-step verification of an account that has none yet, setting up the
 * authenticator first (then the recovery codes, once) — only then the tokens.
 */
export function MfaStep({
  challenge,
  account,
  onCancel,
  onSignedIn,
}: {
  challenge: MfaChallenge;
  account: string;
  onCancel: () => void;
  onSignedIn: (pair: TokenPair) => Promise<void>;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const [recoveryMode, setRecoveryMode] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [enrolFailed, setEnrolFailed] = useState(false);
  const [expired, setExpired] = useState(false);
  const [saved, setSaved] = useState<{ pair: TokenPair; codes: string[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(false);
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);

  useEffect(() => {
    if (!challenge.enrol || asked.current) return;
    asked.current = true;
    call('POST /anonymous/mfa/enrol', { body: { challenge: challenge.challenge } }, { tolerate: STEP_TOLERATES })
      .then(setEnrolment)
      .catch(() => setEnrolFailed(true));
  }, [challenge]);

  const { busy, onFinish } = useFormSubmit(
    async (values: CodeValues) => {
      setError(null);
      const body = recoveryMode
        ? { challenge: challenge.challenge, recoveryCode: (values.recoveryCode ?? '').trim() }
        : { challenge: challenge.challenge, code: cleanCode(values.code) };
      const answer = await call('POST /anonymous/checkCode/return/token', { body }, { tolerate: STEP_TOLERATES });
      const { recoveryCodes, ...pair } = answer;
      if (recoveryCodes?.length) setSaved({ pair, codes: recoveryCodes });
      else await onSignedIn(pair);
    },
    async (err) => {
      if (!(err instanceof ApiError)) {
        setError(t('error.generic'));
        return;
      }
      const field = recoveryMode ? 'recoveryCode' : 'code';
      if (err.code === ERROR_CODES.mfaCodeWrong) {
        // Is the challenge still alive? Five wrong codes or five minutes end it: then sign in again.
        try {
          const left = await call(
            'GET /anonymous/account/MfaStatus',
            { query: { challenge: challenge.challenge } },
            { silent: true },
          );
          form.setFieldValue(field, '');
          setFieldError(form, field, `${err.message} ${t('mfa.attemptsLeft', { count: left.attemptsLeft })}`);
        } catch {
          setExpired(true);
        }
      } else if (err.code === ERROR_CODES.validation) {
        applyServerErrors(form, err, [field]);
      } else {
        setError(err.message);
      }
    },
  );

  /** Is the challenge still alive? Then a refusal says how many tries are left; otherwise sign in again. */
  const triesLeft = async (): Promise<number | null> => {
    try {
      const left = await call(
        'GET /anonymous/account/MfaStatus',
        { query: { challenge: challenge.challenge } },
        { silent: true },
      );
      return left.attemptsLeft;
    } catch {
      return null;
    }
  };

  const withPasskey = async (): Promise<void> => {
    setPasskeyError(null);
    setError(null);
    setPasskeyBusy(true);
    try {
      const options = await call(
        'POST /anonymous/mfa/passkey/options',
        { body: { challenge: challenge.challenge } },
        { tolerate: PASSKEY_TOLERATES },
      );
      const passkey = await signWithPasskey(options);
      const answer = await call(
        'POST /anonymous/checkCode/return/token',
        { body: { challenge: challenge.challenge, passkey } },
        { tolerate: PASSKEY_TOLERATES },
      );
      const { recoveryCodes: _codes, ...pair } = answer;
      await onSignedIn(pair);
    } catch (err) {
      if (isPromptFailure(err)) setPasskeyError(t('mfa.passkeyCancelled'));
      else if (err instanceof ApiError && err.code === ERROR_CODES.tooManyRequests) setPasskeyError(err.message);
      else if (err instanceof ApiError) {
        const left = await triesLeft();
        if (left === null || left === 0) setExpired(true);
        else setPasskeyError(`${err.message} ${t('mfa.attemptsLeft', { count: left })}`);
      } else setPasskeyError(t('error.generic'));
    } finally {
      setPasskeyBusy(false);
    }
  };

  if (saved) {
    return (
      <AuthLayout title={t('mfa.enrolledTitle')} subtitle={t('mfa.enrolledSubtitle')}>
        <RecoveryCodes codes={saved.codes} account={account} />
        <Button
          type="primary"
          size="large"
          block
          onClick={() => void onSignedIn(saved.pair)}
          data-testid="mfa-continue"
        >
          {t('mfa.savedContinue')}
        </Button>
      </AuthLayout>
    );
  }

  const back = (
    <p className="hg-auth-alt">
      <TextButton icon={<ArrowLeftOutlined className="hg-flip-rtl" />} onClick={onCancel} data-testid="mfa-back">
        {t('auth.backToSignIn')}
      </TextButton>
    </p>
  );

  if (expired || enrolFailed) {
    return (
      <AuthLayout title={t('mfa.stepTitle')}>
        <Alert type="warning" showIcon role="alert" title={t('mfa.challengeOver')} data-testid="mfa-expired" />
        {back}
      </AuthLayout>
    );
  }

  const enrolling = challenge.enrol;
  const hasPasskey = !enrolling && challenge.methods.includes('passkey');
  const hasCode = enrolling || challenge.methods.includes('totp');
  const passkeyView = hasPasskey && !recoveryMode;
  const subtitle = enrolling
    ? t('mfa.enrolSubtitle')
    : recoveryMode
      ? t('mfa.recoverySubtitle')
      : hasPasskey
        ? hasCode
          ? t('mfa.passkeyOrCodeSubtitle')
          : t('mfa.passkeySubtitle')
        : t('mfa.stepSubtitle');
  return (
    <AuthLayout title={enrolling ? t('mfa.enrolTitle') : t('mfa.stepTitle')} subtitle={subtitle}>
      {passkeyView ? (
        <div className="hg-mfa-passkey">
          {passkeyError ? (
            <Alert type="error" showIcon title={passkeyError} role="alert" data-testid="mfa-passkey-error" />
          ) : null}
          {passkeysSupported() ? null : (
            <Alert
              type="info"
              showIcon
              title={t(openedByAddress() ? 'mfa.passkeyNeedsName' : 'mfa.passkeyUnsupported')}
            />
          )}
          <Button
            type={hasCode ? 'default' : 'primary'}
            size="large"
            block
            icon={<UsbOutlined />}
            loading={passkeyBusy}
            disabled={!passkeysSupported()}
            onClick={() => void withPasskey()}
            data-testid="mfa-passkey"
          >
            {t('mfa.passkeyUse')}
          </Button>
          {hasCode ? <Divider plain>{t('mfa.passkeyOr')}</Divider> : null}
        </div>
      ) : null}
      {enrolling && enrolment ? <TotpQr enrolment={enrolment} /> : null}
      {enrolling && !enrolment ? <Spin className="hg-mfa-spin" /> : null}
      {passkeyView && !hasCode ? null : (
        <SubmitForm<CodeValues>
          form={form}
          size="large"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={() => error && setError(null)}
          aria-label={t('mfa.stepTitle')}
          data-testid="mfa-form"
          busy={busy}
          submitLabel={enrolling ? t('mfa.enrolSubmit') : t('mfa.verify')}
          submitTestId="mfa-submit"
          blockSubmit
        >
          {error ? <Alert type="error" showIcon title={error} className="hg-form-alert" role="alert" /> : null}
          {recoveryMode ? (
            <Form.Item
              name="recoveryCode"
              label={t('mfa.recoveryCode')}
              rules={[{ required: true, message: t('mfa.recoveryRequired') }]}
            >
              <Input
                prefix={<KeyOutlined />}
                autoComplete="off"
                autoFocus
                spellCheck={false}
                placeholder="xxxxx-xxxxx"
                dir="ltr"
                data-testid="mfa-recovery"
              />
            </Form.Item>
          ) : (
            <OneTimeCodeField testId="mfa-code" autoFocus />
          )}
        </SubmitForm>
      )}
      {!enrolling && challenge.methods.includes('recovery') ? (
        <p className="hg-auth-alt">
          <TextButton
            onClick={() => {
              setRecoveryMode((v) => !v);
              form.resetFields();
            }}
            data-testid="mfa-switch"
          >
            {recoveryMode ? (hasCode ? t('mfa.useApp') : t('mfa.passkeyUse')) : t('mfa.useRecovery')}
          </TextButton>
        </p>
      ) : null}
      {back}
    </AuthLayout>
  );
}
