import { session } from '../../api/session';
import { StandalonePage } from '../../kit/StandalonePage';
import { ErrorResult } from './ErrorResult';

export default function NotFoundPage(): React.JSX.Element {
  return (
    <StandalonePage>
      <ErrorResult status="404" error="notFound" signedIn={session.isSignedIn()} />
    </StandalonePage>
  );
}
