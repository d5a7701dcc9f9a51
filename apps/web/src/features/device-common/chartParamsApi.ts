import type { DayPoint } from '@heliograph/shared';
import { call } from '../../api/call';
import type { ChartKind } from './customParams';

/** Chart parameter calls of spec §7 (contracts in packages/shared/src/contracts/devices.ts and meters.ts). */

export const chartParamKeys = {
  offered: (kind: ChartKind) => ['chartParams', 'offered', kind] as const,
  chosen: (kind: ChartKind) => ['chartParams', 'chosen', kind] as const,
  day: (kind: ChartKind, sn: string, params: readonly string[]) =>
    ['chartParams', 'day', kind, sn, params.join(',')] as const,
};

/** The parameters a kind's chart offers (at most 30). */
export const fetchOfferedParams = (kind: ChartKind) => call('GET /chart/param/equip', { query: { kind } });

/** The caller's chosen parameters for a kind (the server's first six when none were saved). */
export const fetchChosenParams = (kind: ChartKind) => call('GET /chart/param/custom', { query: { kind } });

/** Keeps the caller's choice; a refusal (code 4: too many or unknown) is the caller's to show. */
export const saveChosenParams = (kind: ChartKind, params: readonly string[]) =>
  call('POST /chart/param/custom', { body: { kind, params: [...params] } }, { tolerate: [4] });

/** A plant-local day of a device's readings of the given parameters (today when no date). */
export function fetchParamDay(
  kind: ChartKind,
  sn: string,
  date: string | undefined,
  params: readonly string[],
): Promise<DayPoint[]> {
  const list = params.join(',');
  const query = { date, params: list };
  if (kind === 'meter') return call('GET /meter/params/day', { query: { sn, ...query } });
  if (kind === 'battery') return call('GET /battery/:sn/day', { params: { sn }, query });
  return call('GET /inverter/:sn/day', { params: { sn }, query });
}
