import { api } from '../../api/client';
import type { DayPoint } from './deviceApi';
import type { ChartKind, OfferedParam } from './customParams';

/** Chart parameter calls of spec §7 (apps/server/src/modules/devices/routes.ts, meters/routes.ts). */

const enc = encodeURIComponent;

export const chartParamKeys = {
  offered: (kind: ChartKind) => ['chartParams', 'offered', kind] as const,
  chosen: (kind: ChartKind) => ['chartParams', 'chosen', kind] as const,
  day: (kind: ChartKind, sn: string, params: readonly string[]) =>
    ['chartParams', 'day', kind, sn, params.join(',')] as const,
};

/** The parameters a kind's chart offers (at most 30). */
export const fetchOfferedParams = (kind: ChartKind) => api.get<OfferedParam[]>('/api/v1/chart/param/equip', { kind });

/** The caller's chosen parameters for a kind (the server's first six when none were saved). */
export const fetchChosenParams = (kind: ChartKind) => api.get<string[]>('/api/v1/chart/param/custom', { kind });

/** Keeps the caller's choice; a refusal (code 4: too many or unknown) is the caller's to show. */
export const saveChosenParams = (kind: ChartKind, params: readonly string[]) =>
  api.post<string[]>('/api/v1/chart/param/custom', { kind, params }, { tolerate: [4] });

/** A plant-local day of a device's readings of the given parameters (today when no date). */
export function fetchParamDay(
  kind: ChartKind,
  sn: string,
  date: string | undefined,
  params: readonly string[],
): Promise<DayPoint[]> {
  const list = params.join(',');
  if (kind === 'meter') return api.get<DayPoint[]>('/api/v1/meter/params/day', { sn, date, params: list });
  return api.get<DayPoint[]>(`/api/v1/${kind}/${enc(sn)}/day`, { date, params: list });
}
