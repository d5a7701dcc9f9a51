import type { MeterSettings, MeterSettingsInput } from '@heliograph/shared';
import { api } from '../../api/client';
import type { DayPoint, DeviceRow, Metrics } from '../device-common/deviceApi';

/** Meter calls of spec §7 (apps/server/src/modules/meters/routes.ts). */

export interface MeterRow extends DeviceRow {
  master: boolean;
}

export interface MeterDetail extends MeterRow {
  phases: { index: number; values: Metrics }[];
  settings: MeterSettings;
}

const enc = encodeURIComponent;
export const meterKey = (sn: string) => ['meters', 'detail', sn] as const;
export const fetchMeter = (sn: string) => api.get<MeterDetail>(`/api/v1/meter/${enc(sn)}`);
export const fetchMeterDay = (sn: string, date?: string) =>
  api.get<DayPoint[]>('/api/v1/meter/params/day', { sn, date, params: 'p_grid,p_load' });
export const saveMeterParams = (sn: string, change: MeterSettingsInput) =>
  api.post<MeterSettings>('/api/v1/meter/params', { sn, ...change }, { tolerate: [4] });
export const saveMeterAlias = (sn: string, alias: string) =>
  api.post<{ alias: string | null }>(`/api/v1/meter/${enc(sn)}/alias`, { alias }, { tolerate: [4] });
export const deleteMeter = (sn: string) => api.post<null>(`/api/v1/meter/${enc(sn)}/delete`);
