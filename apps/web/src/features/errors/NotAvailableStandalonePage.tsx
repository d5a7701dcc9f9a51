import { session } from '../../api/session';
import { StandalonePage } from '../../kit/StandalonePage';
import { NotAvailableContent } from './NotAvailableContent';

/** Public views of spec §2.1 that have no screen yet (/announcement, /plantFlow, /lora-realtime …). */
export default function NotAvailableStandalonePage(): React.JSX.Element {
  return (
    <StandalonePage>
      <NotAvailableContent signedIn={session.isSignedIn()} />
    </StandalonePage>
  );
}
