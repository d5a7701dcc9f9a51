import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { cleanCode } from './mfaFormat';

/**
 * The six-digit code of an authenticator app, as the sign-in's second step and the account's security tab both
 * ask for it: digits keyboard on a phone, the browser's one-time-code autofill, spaces allowed while typing
 * (cleanCode takes them out), left-to-right even on a Hebrew page.
 */
export function OneTimeCodeField({
  testId,
  autoFocus = false,
}: {
  testId: string;
  autoFocus?: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  return (
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
        autoFocus={autoFocus}
        maxLength={7}
        placeholder="123456"
        dir="ltr"
        data-testid={testId}
      />
    </Form.Item>
  );
}
