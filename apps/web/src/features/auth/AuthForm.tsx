import type { FormInstance, FormProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SubmitForm } from '../../components/SubmitForm';
import { AuthLayout } from './AuthLayout';

/**
 * The three auth forms' texts (i18n keys) and the line under each pointing to the other page: `alt` is the
 * question, the link's target and the link's text.
 */
const AUTH_FORMS = {
  login: {
    title: 'auth.signInTitle',
    subtitle: 'auth.signInSubtitle',
    submit: 'auth.signIn',
    alt: ['auth.noAccount', '/reg', 'auth.createAccount'],
  },
  register: {
    title: 'auth.registerTitle',
    subtitle: 'auth.registerSubtitle',
    submit: 'auth.createAccount',
    alt: ['auth.haveAccount', '/login', 'auth.signIn'],
  },
  forget: {
    title: 'auth.forgetTitle',
    subtitle: 'auth.forgetSubtitle',
    submit: 'auth.resetPassword',
    alt: ['auth.rememberedIt', '/login', 'auth.backToSignIn'],
  },
} as const;

interface Props<V> extends Pick<FormProps<V>, 'initialValues' | 'onValuesChange'> {
  /** Which form; also names the test ids `${page}-form` and `${page}-submit`. */
  page: keyof typeof AUTH_FORMS;
  form: FormInstance<V>;
  onFinish: (values: V) => void;
  busy: boolean;
  /** Anything below the line to the other page. */
  footer?: React.ReactNode;
  children: React.ReactNode;
}

/** Sign-in, register and reset: one large vertical form in the auth frame, its full-width submit button last. */
export function AuthForm<V>({ page, form, busy, footer, children, ...formProps }: Props<V>): React.JSX.Element {
  const { t } = useTranslation();
  const texts = AUTH_FORMS[page];
  const [altText, altTo, altLink] = texts.alt;
  return (
    <AuthLayout title={t(texts.title)} subtitle={t(texts.subtitle)}>
      <SubmitForm<V>
        form={form}
        size="large"
        requiredMark={false}
        {...formProps}
        aria-label={t(texts.title)}
        data-testid={`${page}-form`}
        busy={busy}
        submitLabel={t(texts.submit)}
        submitTestId={`${page}-submit`}
        blockSubmit
      >
        {children}
      </SubmitForm>
      <p className="hg-auth-alt">
        {t(altText)} <Link to={altTo}>{t(altLink)}</Link>
      </p>
      {footer}
    </AuthLayout>
  );
}
