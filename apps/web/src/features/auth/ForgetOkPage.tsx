import { SignInNextPage } from '../errors';

/** /forgetok: the password was reset. */
export default function ForgetOkPage(): React.JSX.Element {
  return <SignInNextPage titleKey="result.resetTitle" bodyKey="result.resetBody" />;
}
