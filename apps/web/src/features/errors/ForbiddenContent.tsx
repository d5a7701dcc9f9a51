import { ErrorResult } from './ErrorResult';

/** The no-access page (spec §2.3, §6), in the shell or on its own, with a way back home or to sign-in. */
export function ForbiddenContent({ signedIn }: { signedIn: boolean }): React.JSX.Element {
  return <ErrorResult status="403" error="forbidden" signedIn={signedIn} />;
}
