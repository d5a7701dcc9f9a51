import { ArrowLeftOutlined, KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Spin } from 'antd';
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
import { RecoveryCodes, TotpQr } from './TotpSetup';

interface CodeValues {
  code?: string;
  recoveryCode?: string;
}

/** Codes the second step answers itself. */
const STEP_TOLERATES = [ERROR_CODES.mfaCodeWrong, ERROR_CODES.validation, ERROR_CODES.tooManyRequests];

/**
 * The sign-in's second step after a right password (answer 1401): the authenticator's code or a recovery code;
 * or, when an administrator requires two-step verification of an account that has none yet, setting up the
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
  return (
    <AuthLayout
      title={enrolling ? t('mfa.enrolTitle') : t('mfa.stepTitle')}
      subtitle={enrolling ? t('mfa.enrolSubtitle') : recoveryMode ? t('mfa.recoverySubtitle') : t('mfa.stepSubtitle')}
    >
      {enrolling && enrolment ? <TotpQr enrolment={enrolment} /> : null}
      {enrolling && !enrolment ? <Spin className="hg-mfa-spin" /> : null}
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
          <Form.Item
            name="code"
            label={t('mfa.code')}
            rules={[
              {
                validator: (_r, v: string | undefined) =>
                  cleanCode(v).length === 6 ? Promise.resolve() : Promise.reject(new Error(t('mfa.codeRule'))),
              },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              autoComplete="one-time-code"
              inputMode="numeric"
              autoFocus
              maxLength={7}
              placeholder="123456"
              dir="ltr"
              data-testid="mfa-code"
            />
          </Form.Item>
        )}
      </SubmitForm>
      {!enrolling && challenge.methods.includes('recovery') ? (
        <p className="hg-auth-alt">
          <TextButton
            onClick={() => {
              setRecoveryMode((v) => !v);
              form.resetFields();
            }}
            data-testid="mfa-switch"
          >
            {recoveryMode ? t('mfa.useApp') : t('mfa.useRecovery')}
          </TextButton>
        </p>
      ) : null}
      {back}
    </AuthLayout>
  );
}
