import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import { session } from '../../api/session';
import { currentLang } from '../../i18n';
import { AuthForm } from './AuthForm';
import { EmailAccountField } from './EmailAccountField';
import { EmailCodeField } from './EmailCodeField';
import { CODE_FORM_TOLERATES, CODE_REFUSALS, codeFormBody, type CodeFormValues } from './codeForm';
import { accountRules } from '../../components/password/formRules';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { useFieldsSubmit } from '../../components/useFormSubmit';

/** /forget: e-mail, e-mail code, new password twice (POST /anonymous/resetPwd), then /forgetok. */
export default function ForgetPage(): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CodeFormValues>();
  const rules = accountRules(currentLang());

  const { busy, onFinish } = useFieldsSubmit(
    form,
    async (values: CodeFormValues) => {
      await call('POST /anonymous/resetPwd', { body: await codeFormBody(values) }, { tolerate: CODE_FORM_TOLERATES });
      navigate('/forgetok', { replace: true });
    },
    ['account', 'code', 'password', 'confirm'],
    CODE_REFUSALS,
  );

  return (
    <AuthForm<CodeFormValues>
      page="forget"
      form={form}
      initialValues={{ account: session.getRememberedAccount() }}
      onFinish={onFinish}
      busy={busy}
    >
      <EmailAccountField rules={rules.email} testId="forget-account" />
      <EmailCodeField form={form} type="reset" rules={rules.code} />
      <NewPasswordFields
        name="password"
        label={t('auth.newPassword')}
        testIds={['forget-password', 'forget-confirm']}
      />
    </AuthForm>
  );
}
