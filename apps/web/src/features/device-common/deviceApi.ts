import type { DeviceList as Page, DeviceRow } from '@heliograph/shared';
import { api, type QueryValue } from '../../api/client';

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

export function fetchDeviceList<R extends DeviceRow>(path: string, q: ListQuery): Promise<DeviceList<R>> {
  const query: Record<string, QueryValue> = {
    page: q.page,
    size: q.size,
    keyword: q.keyword,
    status: q.status,
    plantId: q.plantId,
  };
  return api.get<DeviceList<R>>(path, query);
}

/** A plant id as the API accepts it; anything else typed into the address is ignored rather than refused. */
export const plantIdOrNothing = (v: string | undefined): string | undefined =>
  v && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? v : undefined;

/** How often an open detail page asks again (the simulated fleet reports every few seconds to minutes). */
export const DETAIL_REFRESH_MS = 60_000;
