import { api } from '../../api/client';
import type { DayPoint, DeviceRow } from '../device-common/deviceApi';

/** Battery calls of spec §7 (apps/server/src/modules/batteries/routes.ts). */

export interface LinkedBattery {
  sn: string;
  alias: string | null;
  status: string;
  soc: number | null;
}

export interface BatteryInfo extends DeviceRow {
  bmsSn: string | null;
  role: 'master' | 'slave';
  master: LinkedBattery | null;
  slaves: LinkedBattery[];
  soc: number | null;
  soh: number | null;
  cycles: number | null;
  fullAh: number | null;
  residualAh: number | null;
  relays: { charge: boolean | null; discharge: boolean | null };
}

export interface CellStats {
  min: number;
  max: number;
  spread: number;
  average: number;
  minCell: number;
  maxCell: number;
}

export interface Cells {
  cells: { index: number; voltage: number | null; temperature: number | null }[];
  voltage: CellStats | null;
  temperature: CellStats | null;
}

export interface WorkData {
  date: string;
  chargeKwh: number;
  dischargeKwh: number;
  series: DayPoint[];
}

const enc = encodeURIComponent;
export const batteryKey = (sn: string) => ['batteries', 'detail', sn] as const;
export const fetchBatteryInfo = (sn: string) => api.get<BatteryInfo>(`/api/v1/battery/${enc(sn)}/info`);
export const fetchCells = (sn: string) => api.get<Cells>(`/api/v1/battery/${enc(sn)}/cells`);
export const fetchWorkData = (sn: string, date?: string) =>
  api.get<WorkData>(`/api/v1/battery/${enc(sn)}/batteryWorkData`, { date });
export const deleteBattery = (id: string) => api.post<null>(`/api/v1/battery/${enc(id)}/delete`);
