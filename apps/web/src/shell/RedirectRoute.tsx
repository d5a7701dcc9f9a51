import { Navigate, useLocation, useMatches } from 'react-router';
import { ForbiddenContent } from '../features/errors/ForbiddenContent';
import { usePermissions } from '../kit/permissions';
import { redirectTarget, ROUTE_BY_PATH, type RouteHandle } from '../kit/routeTable';

/** `/`, `/device`, `/enterprise` …: on to the first child page this user may open (spec §2.2). */
export default function RedirectRoute(): React.JSX.Element | null {
  const { held, isLoading, isError } = usePermissions();
  const location = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const route = handle?.routePath ? ROUTE_BY_PATH.get(handle.routePath) : undefined;
  if (isLoading || isError || !route) return null;
  const target = redirectTarget(route, held);
  if (!target) return <ForbiddenContent signedIn />;
  return <Navigate to={{ pathname: target, search: location.search }} replace />;
}
