import type { DayPoint } from '@heliograph/shared';
import { call } from '../../api/call';
import type { ChartKind } from './customParams';

/** Chart parameter calls of spec §7 (contracts in packages/shared/src/contracts/devices.ts and meters.ts). */

export const chartParamKeys = {
  offered: (kind: ChartKind, sn?: string) => ['chartParams', 'offered', kind, sn ?? ''] as const,
  chosen: (kind: ChartKind, sn?: string) => ['chartParams', 'chosen', kind, sn ?? ''] as const,
  day: (kind: ChartKind, sn: string, params: readonly string[]) =>
    ['chartParams', 'day', kind, sn, params.join(',')] as const,
};

/**
 * The parameters a chart offers (at most 30): with `sn`, that device's (a device bound to a protocol offers its
 * realtime columns), else the kind's.
 */
export const fetchOfferedParams = (kind: ChartKind, sn?: string) =>
  call('GET /chart/param/equip', { query: { kind, sn } });

/** The caller's chosen parameters for a kind or a device (the server's first six when none were saved). */
export const fetchChosenParams = (kind: ChartKind, sn?: string) =>
  call('GET /chart/param/custom', { query: { kind, sn } });

/** Keeps the caller's choice; a refusal (code 4: too many or unknown) is the caller's to show. */
export const saveChosenParams = (kind: ChartKind, params: readonly string[], sn?: string) =>
  call('POST /chart/param/custom', { body: { kind, sn, params: [...params] } }, { tolerate: [4] });

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
