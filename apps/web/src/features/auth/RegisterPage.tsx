import { UserOutlined } from '@ant-design/icons';
import { Checkbox, Form, Input } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ERROR_CODES, LIMITS } from '@heliograph/shared';
import { call } from '../../api/call';
import { currentLang } from '../../i18n';
import { AuthForm } from './AuthForm';
import { EmailAccountField } from './EmailAccountField';
import { EmailCodeField } from './EmailCodeField';
import { CODE_FORM_TOLERATES, CODE_REFUSALS, codeFormBody, type CodeFormValues } from './codeForm';
import { accountRules } from '../../components/password/formRules';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { useFieldsSubmit } from '../../components/useFormSubmit';

interface RegisterValues extends CodeFormValues {
  nickname?: string;
  agree: boolean;
}

/** /reg: e-mail account, nickname, password twice, e-mail code, the agreement (POST /anonymous/signup). */
export default function RegisterPage(): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const rules = accountRules(currentLang());

  const { busy, onFinish } = useFieldsSubmit(
    form,
    async (values: RegisterValues) => {
      await call(
        'POST /anonymous/signup',
        { body: { ...(await codeFormBody(values)), nickname: values.nickname?.trim() || undefined } },
        { tolerate: [...CODE_FORM_TOLERATES, ERROR_CODES.accountRegistered] },
      );
      navigate('/success', { replace: true });
    },
    ['account', 'nickname', 'password', 'confirm', 'code'],
    { ...CODE_REFUSALS, [ERROR_CODES.accountRegistered]: 'account' },
  );

  return (
    <AuthForm<RegisterValues> page="register" form={form} onFinish={onFinish} busy={busy}>
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
    </AuthForm>
  );
}
