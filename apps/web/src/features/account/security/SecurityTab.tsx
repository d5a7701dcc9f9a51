import { KeyOutlined, SafetyCertificateOutlined, SafetyOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Result,
  Segmented,
  Skeleton,
  Space,
  Tag,
  type FormInstance,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, type TotpEnrolment } from '@heliograph/shared';
import { USER_INFO_KEY } from '../../../api/auth';
import { call } from '../../../api/call';
import { ApiError } from '../../../api/client';
import { setFieldError } from '../../../api/formErrors';
import { encryptPasswords } from '../../../kit/encryptPassword';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { cleanCode, OneTimeCodeField, RecoveryCodes, TotpQr } from '../../auth';
import type { AccountTabProps } from '../accountTab';
import { PASSKEYS_KEY, PasskeysSection } from './PasskeysSection';

const MFA_KEY = ['mfa'] as const;
/** Codes these forms answer under their field. */
const TOLERATES = [
  ERROR_CODES.mfaCodeWrong,
  ERROR_CODES.oldPasswordWrong,
  ERROR_CODES.validation,
  ERROR_CODES.mfaStillRequired,
  ERROR_CODES.mfaAlreadyEnabled,
];

interface CodeValues {
  code: string;
}

function CodeField({ autoFocus = false }: { autoFocus?: boolean }): React.JSX.Element {
  return <OneTimeCodeField testId="mfa-settings-code" autoFocus={autoFocus} />;
}

/** An answer refused under the form's field; anything else was already told by the client. */
function fieldRefusal<V>(form: FormInstance<V>, field: string): (err: unknown) => void {
  return (err: unknown): void => {
    if (err instanceof ApiError && TOLERATES.includes(err.code as (typeof TOLERATES)[number]))
      setFieldError(form, field, err.message);
  };
}

/**
 * The "Two-step verification" tab of the personal settings: set up an authenticator (QR code, then a code from
 * it), see how many recovery codes are left and make new ones, or turn it off with a code or the password —
 * not while an administrator requires it. Secrets are shown once, when they are made.
 */
export function SecurityTab({ user, readOnly }: AccountTabProps): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const state = useQuery({ queryKey: MFA_KEY, queryFn: () => call('GET /mfa', {}, { silent: true }) });
  const passkeys = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => call('GET /mfa/passkeys', {}, { silent: true }) });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [starting, setStarting] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'regenerate' | 'off' | null>(null);
  const [setupForm] = Form.useForm<CodeValues>();

  const changed = async (): Promise<void> => {
    await Promise.all([qc.invalidateQueries({ queryKey: MFA_KEY }), qc.invalidateQueries({ queryKey: USER_INFO_KEY })]);
  };

  const start = async (): Promise<void> => {
    setStarting(true);
    try {
      setEnrolment(await call('POST /mfa/totp/start'));
    } catch {
      // told by the client
    } finally {
      setStarting(false);
    }
  };

  const confirm = useFormSubmit(
    async (values: CodeValues) => {
      const answer = await call(
        'POST /mfa/totp/confirm',
        { body: { code: cleanCode(values.code) } },
        { tolerate: TOLERATES },
      );
      setEnrolment(null);
      setupForm.resetFields();
      setCodes(answer.recoveryCodes);
      void message.success(t('mfa.turnedOn'));
      await changed();
    },
    fieldRefusal(setupForm, 'code'),
  );

  if (state.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!state.data) {
    return (
      <Result
        status="warning"
        title={t('mfa.loadFailed')}
        extra={<Button onClick={() => void state.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const mfa = state.data;
  // Two-step verification is on with an authenticator app, a passkey, or both.
  const hasPasskeys = (passkeys.data?.length ?? 0) > 0;
  const on = mfa.enabled || hasPasskeys;

  if (codes) {
    return (
      <div className="hg-mfa-tab" data-testid="mfa-tab">
        <RecoveryCodes codes={codes} account={user.account} />
        <Button type="primary" onClick={() => setCodes(null)} data-testid="mfa-codes-done">
          {t('mfa.savedDone')}
        </Button>
      </div>
    );
  }

  return (
    <div className="hg-mfa-tab" data-testid="mfa-tab" data-enabled={mfa.enabled ? 'true' : 'false'}>
      <p className="hg-mfa-intro">{t('mfa.intro')}</p>
      <div className="hg-mfa-status">
        <span>{t('mfa.status')}</span>
        {on ? (
          <Tag color="green" icon={<SafetyCertificateOutlined />} data-testid="mfa-status">
            {t('mfa.on')}
          </Tag>
        ) : (
          <Tag data-testid="mfa-status">{t('mfa.off')}</Tag>
        )}
        {mfa.required ? <Tag color="orange">{t('mfa.requiredTag')}</Tag> : null}
      </div>
      {mfa.required && !on ? (
        <Alert type="warning" showIcon title={t('mfa.requiredHint')} className="hg-account-alert" />
      ) : null}

      <h3 className="hg-passkeys-title">{t('mfa.authenticatorTitle')}</h3>
      {mfa.enabled ? (
        <>
          <p className="hg-mfa-left" data-testid="mfa-codes-left">
            {t('mfa.codesLeft', { count: mfa.recoveryCodesLeft })}
          </p>
          {mfa.recoveryCodesLeft <= 2 ? <Alert type="warning" showIcon title={t('mfa.codesLow')} /> : null}
          <Space wrap className="hg-mfa-actions">
            <Button
              icon={<KeyOutlined />}
              onClick={() => setDialog('regenerate')}
              disabled={readOnly}
              data-testid="mfa-regenerate"
            >
              {t('mfa.regenerate')}
            </Button>
            <Button
              danger
              onClick={() => setDialog('off')}
              disabled={readOnly || mfa.required}
              data-testid="mfa-turn-off"
            >
              {hasPasskeys ? t('mfa.turnOffApp') : t('mfa.turnOff')}
            </Button>
          </Space>
          {mfa.required ? <p className="hg-mfa-note">{t('mfa.requiredNoOff')}</p> : null}
        </>
      ) : enrolment ? (
        <section className="hg-mfa-enrol" aria-label={t('mfa.setUp')}>
          <TotpQr enrolment={enrolment} />
          <Form<CodeValues>
            form={setupForm}
            layout="vertical"
            requiredMark={false}
            onFinish={confirm.onFinish}
            className="hg-account-form"
            aria-label={t('mfa.setUp')}
          >
            {/* Not focused at once: on a phone that would scroll the QR code out of sight. */}
            <CodeField />
            <Space wrap>
              <Button type="primary" htmlType="submit" loading={confirm.busy} data-testid="mfa-setup-confirm">
                {t('mfa.turnOn')}
              </Button>
              <Button onClick={() => setEnrolment(null)}>{t('mfa.cancel')}</Button>
            </Space>
          </Form>
        </section>
      ) : (
        <Button
          type="primary"
          icon={<SafetyOutlined />}
          loading={starting}
          disabled={readOnly}
          onClick={() => void start()}
          data-testid="mfa-setup-start"
        >
          {t('mfa.setUp')}
        </Button>
      )}

      <PasskeysSection readOnly={readOnly} onChanged={changed} />

      <RegenerateDialog
        open={dialog === 'regenerate'}
        onClose={() => setDialog(null)}
        onDone={async (fresh) => {
          setDialog(null);
          setCodes(fresh);
          await changed();
        }}
      />
      <TurnOffDialog
        open={dialog === 'off'}
        keepsPasskeys={hasPasskeys}
        onClose={() => setDialog(null)}
        onDone={async () => {
          setDialog(null);
          void message.success(hasPasskeys ? t('mfa.appRemoved') : t('mfa.turnedOff'));
          await changed();
        }}
      />
    </div>
  );
}

function RegenerateDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: (codes: string[]) => Promise<void>;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const { busy, onFinish } = useFormSubmit(
    async (values: CodeValues) => {
      const answer = await call(
        'POST /mfa/recoveryCodes',
        { body: { code: cleanCode(values.code) } },
        { tolerate: TOLERATES },
      );
      form.resetFields();
      await onDone(answer.recoveryCodes);
    },
    fieldRefusal(form, 'code'),
  );
  return (
    <Modal
      open={open}
      title={t('mfa.regenerate')}
      onCancel={onClose}
      okText={t('mfa.regenerateOk')}
      cancelText={t('mfa.cancel')}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'mfa-regenerate-form' }}
      destroyOnHidden
    >
      <p>{t('mfa.regenerateHint')}</p>
      <Form<CodeValues> form={form} id="mfa-regenerate-form" layout="vertical" requiredMark={false} onFinish={onFinish}>
        <CodeField autoFocus />
      </Form>
    </Modal>
  );
}

interface OffValues {
  code?: string;
  password?: string;
}

function TurnOffDialog({
  open,
  keepsPasskeys,
  onClose,
  onDone,
}: {
  open: boolean;
  /** Passkeys remain: only the authenticator app goes, two-step verification stays on. */
  keepsPasskeys: boolean;
  onClose: () => void;
  onDone: () => Promise<void>;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [form] = Form.useForm<OffValues>();
  const [proof, setProof] = useState<'code' | 'password'>('code');
  const { busy, onFinish } = useFormSubmit(
    async (values: OffValues) => {
      if (proof === 'code') {
        await call('POST /mfa/off', { body: { code: cleanCode(values.code) } }, { tolerate: TOLERATES });
      } else {
        const { keyId, passwords } = await encryptPasswords(values.password ?? '');
        await call('POST /mfa/off', { body: { keyId, password: passwords[0] } }, { tolerate: TOLERATES });
      }
      form.resetFields();
      await onDone();
    },
    fieldRefusal(form, proof),
  );
  return (
    <Modal
      open={open}
      title={keepsPasskeys ? t('mfa.turnOffAppTitle') : t('mfa.turnOffTitle')}
      onCancel={onClose}
      okText={keepsPasskeys ? t('mfa.turnOffApp') : t('mfa.turnOff')}
      cancelText={t('mfa.cancel')}
      okButtonProps={{ danger: true, loading: busy, htmlType: 'submit', form: 'mfa-off-form' }}
      destroyOnHidden
    >
      <p>{keepsPasskeys ? t('mfa.turnOffAppHint') : t('mfa.turnOffHint')}</p>
      <Segmented<'code' | 'password'>
        block
        value={proof}
        onChange={setProof}
        aria-label={t('mfa.proofLabel')}
        options={[
          { value: 'code', label: t('mfa.proofCode') },
          { value: 'password', label: t('mfa.proofPassword') },
        ]}
      />
      <Form<OffValues>
        form={form}
        id="mfa-off-form"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        className="hg-mfa-off-form"
      >
        {proof === 'code' ? (
          <CodeField autoFocus />
        ) : (
          <Form.Item
            name="password"
            label={t('mfa.proofPassword')}
            rules={[{ required: true, message: t('mfa.passwordRequired') }]}
          >
            <Input.Password autoComplete="current-password" maxLength={64} data-testid="mfa-off-password" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
