import { useLocation } from 'react-router';
import { usePermissions } from '../../kit/permissions';
import { redirectTarget, ROUTE_BY_PATH } from '../../kit/routeTable';
import { NotAvailableContent } from './NotAvailableContent';

/** Inside the shell. On the page home leads to, a "back to home" button would go nowhere, so it is left out. */
export default function NotAvailablePage(): React.JSX.Element {
  const { held } = usePermissions();
  const location = useLocation();
  const home = redirectTarget(ROUTE_BY_PATH.get('/')!, held);
  return (
    <div className="hg-page-card">
      <NotAvailableContent signedIn showHome={home !== location.pathname} />
    </div>
  );
}
