import type { DeviceStatus } from '@heliograph/shared';
import { api, type QueryValue } from '../../api/client';

/**
 * The device lists of the storage side (batteries, meters, weather stations): the shapes of
 * apps/server/src/modules/batteries/device-query.ts.
 */
export type Metrics = Record<string, number | null>;

export interface DeviceRow {
  id: string;
  sn: string;
  alias: string | null;
  model: string;
  brand: string;
  firmware: string | null;
  capacityKwh: number | null;
  ratedW: number | null;
  plantId: string | null;
  plantName: string | null;
  timezone: string;
  gatewaySn: string;
  status: DeviceStatus;
  lastSeen: number | null;
  metrics: Metrics;
  parentId: string | null;
}

export const LIST_STATUSES = ['normal', 'warning', 'fault', 'offline'] as const;
export type StatusCounts = Record<'all' | (typeof LIST_STATUSES)[number], number>;

export interface DeviceList<R extends DeviceRow = DeviceRow> {
  total: number;
  rows: R[];
  counts: StatusCounts;
}

export interface DayPoint {
  ts: number;
  values: Metrics;
}

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
