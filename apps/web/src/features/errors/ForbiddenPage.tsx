import { session } from '../../api/session';
import { StandalonePage } from '../../kit/StandalonePage';
import { ForbiddenContent } from './ForbiddenContent';

export default function ForbiddenPage(): React.JSX.Element {
  return (
    <StandalonePage>
      <ForbiddenContent signedIn={session.isSignedIn()} />
    </StandalonePage>
  );
}
