import { SignInNextPage } from './SignInNextPage';

/** After registration (/success): the account exists, sign in next. */
export default function SuccessPage(): React.JSX.Element {
  return <SignInNextPage titleKey="result.registeredTitle" bodyKey="result.registeredBody" />;
}
