import type { MeterSettingsInput } from '@heliograph/shared';
import { call } from '../../api/call';

/** Meter calls of spec §7 (contracts in packages/shared/src/contracts/meters.ts). */
export type { MeterDetail, MeterRow } from '@heliograph/shared';

export const meterKey = (sn: string) => ['meters', 'detail', sn] as const;
export const fetchMeter = (sn: string) => call('GET /meter/:sn', { params: { sn } });
export const fetchMeterDay = (sn: string, date?: string) =>
  call('GET /meter/params/day', { query: { sn, date, params: 'p_grid,p_load' } });
export const saveMeterParams = (sn: string, change: MeterSettingsInput) =>
  call('POST /meter/params', { body: { sn, ...change } }, { tolerate: [4] });
export const saveMeterAlias = (sn: string, alias: string) =>
  call('POST /meter/:sn/alias', { params: { sn }, body: { alias } }, { tolerate: [4] });
export const deleteMeter = (sn: string) => call('POST /meter/:sn/delete', { params: { sn } });
