import { LockOutlined } from '@ant-design/icons';
import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldMessage, LIMITS } from '@heliograph/shared';
import { currentLang } from '../../i18n';
import { accountRules } from './formRules';

interface Props {
  /** Form field of the new password; its confirmation is always `confirm`. */
  name: string;
  label: string;
  /** data-testid of the new-password input and of its confirmation. */
  testIds: [string, string];
  /** Extra rules on the new password (change-password refuses the old one again). */
  extraRules?: FormRule[];
  dependencies?: string[];
  /** Icons inside the inputs (the sign-in pages have them, the account form does not). */
  icons?: boolean;
}

/**
 * A new password and its confirmation, with the shared password rule shown beneath and checked as typed:
 * registration, password reset and change password all ask for one the same way.
 */
export function NewPasswordFields({ name, label, testIds, extraRules = [], dependencies, icons = true }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const rules = accountRules(lang);
  const input = (testId: string) => (
    <Input.Password
      prefix={icons ? <LockOutlined /> : undefined}
      autoComplete="new-password"
      maxLength={LIMITS.passwordMax}
      data-testid={testId}
    />
  );
  return (
    <>
      <Form.Item
        name={name}
        label={label}
        rules={[...rules.password, ...extraRules]}
        extra={fieldMessage('passwordRule', lang)}
        dependencies={dependencies}
        hasFeedback
      >
        {input(testIds[0])}
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.confirmPassword')}
        dependencies={[name]}
        rules={rules.confirm(name)}
        hasFeedback
      >
        {input(testIds[1])}
      </Form.Item>
    </>
  );
}
