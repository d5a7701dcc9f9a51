import { ERROR_CODES, type DeviceList as Page, type DeviceRow } from '@heliograph/shared';
import { routeUrl, type Answer } from '../../api/call';
import { request } from '../../api/client';

/**
 * The device lists of the storage side (batteries, meters, weather stations): their shapes are the contracts
 * of packages/shared/src/contracts/device-list.ts, named here as the pages have always named them.
 */
export { LIST_STATUSES } from '@heliograph/shared';
export type { DayPoint, DeviceRow, Metrics, StatusCounts } from '@heliograph/shared';

/** A page of one kind's rows (a meter row adds to the common one). */
export type DeviceList<R extends DeviceRow = DeviceRow> = Omit<Page, 'rows'> & { rows: R[] };

export interface ListQuery {
  page: number;
  size: number;
  keyword?: string;
  status?: string;
  plantId?: string;
}

/** The storage side's list calls, which share one query and one page shape (a meter row adds to it). */
export type DeviceListRoute = 'GET /batteries' | 'GET /meters' | 'GET /weather-stations';
/** A row of one of those lists, typed by its route. */
export type DeviceListRow<K extends DeviceListRoute> = Answer<K>['rows'][number];

export function fetchDeviceList<K extends DeviceListRoute>(route: K, q: ListQuery): Promise<Answer<K>> {
  const { page, size, keyword, status, plantId } = q;
  // The three routes take one query schema (deviceListQuery) and answer their contract's page, so the
  // answer is typed by the route as call() types it; call() itself cannot take a route still generic here.
  return request<Answer<K>>(routeUrl(route), { method: 'GET', query: { page, size, keyword, status, plantId } });
}

/** A plant id as the API accepts it; anything else typed into the address is ignored rather than refused. */
export const plantIdOrNothing = (v: string | undefined): string | undefined =>
  v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? v : undefined;

/** How often an open detail page asks again (the simulated fleet reports every few seconds to minutes). */
export const DETAIL_REFRESH_MS = 60_000;

/** Codes a form shows on its own fields (validation) instead of a toast. */
export const FIELD_ERRORS = { tolerate: [ERROR_CODES.validation] } as const;
/** "Does not exist" is told by a detail page itself, not as a toast as well. */
export const TOLD_BY_PAGE = { tolerate: [ERROR_CODES.notFound] } as const;
