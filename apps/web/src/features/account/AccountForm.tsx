import { SubmitForm, type SubmitFormProps } from '../../components/SubmitForm';

/** A tab of the personal settings: its form is disabled when the account is read-only. */
export function AccountForm<V>({ readOnly, ...props }: SubmitFormProps<V> & { readOnly: boolean }): React.JSX.Element {
  return <SubmitForm<V> className="hg-account-form" disabled={readOnly} {...props} />;
}
