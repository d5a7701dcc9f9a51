import { MailOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@heliograph/shared';

/** The e-mail that is the account name, first on the forms that send a code to it (register, reset). */
export function EmailAccountField({ rules, testId }: { rules: FormRule[]; testId: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Form.Item name="account" label={t('auth.email')} rules={rules}>
      <Input
        prefix={<MailOutlined />}
        autoComplete="email"
        inputMode="email"
        autoFocus
        maxLength={LIMITS.emailMax}
        placeholder={t('auth.emailPlaceholder')}
        data-testid={testId}
      />
    </Form.Item>
  );
}
