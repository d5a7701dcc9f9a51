import { SafetyOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Space } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, VERIFICATION } from '@heliograph/shared';
import { call } from '../../api/call';
import { ApiError } from '../../api/client';
import { setFieldError } from '../../api/formErrors';
import { useCountdown } from './useCountdown';

/**
 * The e-mail verification code with its "Send code" button and 60-second countdown
 * (GET /api/v1/anonymous/getVerificationCode?type=register|reset).
 */
export function EmailCodeField({
  form,
  type,
  rules,
  accountField = 'account',
}: {
  form: FormInstance;
  type: 'register' | 'reset';
  rules: FormRule[];
  accountField?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async (): Promise<void> => {
    try {
      await form.validateFields([accountField]);
    } catch {
      return;
    }
    const account = String(form.getFieldValue(accountField) ?? '').trim();
    setSending(true);
    try {
      if (type === 'register') {
        try {
          await call(
            'GET /anonymous/checkAccount',
            { query: { account } },
            { tolerate: [ERROR_CODES.accountRegistered] },
          );
        } catch (err) {
          if (err instanceof ApiError && err.code === ERROR_CODES.accountRegistered) {
            setFieldError(form, accountField, err.message);
            return;
          }
          throw err;
        }
      }
      await call('GET /anonymous/getVerificationCode', { query: { account, type } });
      start(VERIFICATION.resendSeconds);
      void message.success(t('auth.codeSent', { email: account }));
      form.getFieldInstance('code')?.focus?.();
    } catch (err) {
      if (err instanceof ApiError && err.code === ERROR_CODES.codeResendTooSoon) start(VERIFICATION.resendSeconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form.Item label={t('auth.emailCode')} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={rules}>
          <Input
            prefix={<SafetyOutlined />}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFICATION.codeLength}
            placeholder={t('auth.emailCodePlaceholder')}
            aria-label={t('auth.emailCode')}
            data-testid="email-code"
          />
        </Form.Item>
        <Button
          onClick={() => void send()}
          loading={sending}
          disabled={left > 0}
          className="hg-code-button"
          data-testid="send-code"
          aria-live="polite"
        >
          {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
