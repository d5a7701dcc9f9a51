import { ERROR_CODES } from '@heliograph/shared';
import { api } from '../../api/client';
import type { BatteryInfo } from '../batteries';
import { fetchDeviceList, type DeviceRow } from '../device-common/deviceApi';

/** The hybrid inverter a battery is set through (apps/server/src/modules/inverters/routes.ts). */
export interface BatteryInverter {
  sn: string;
  alias: string | null;
  model: string;
  protocol: string;
  status: string;
}

export const batteryInverterKey = (sn: string) => ['batteries', 'inverter', sn] as const;

/** Null when the battery's gateway has no hybrid inverter; 1206 (not the caller's battery) is shown by the page. */
export const fetchBatteryInverter = (sn: string) =>
  api.get<BatteryInverter | null>(`/api/v1/battery/${encodeURIComponent(sn)}/inverter`, undefined, {
    tolerate: [ERROR_CODES.batteryNotFound],
  });

/** Batteries whose serial number, alias, plant or gateway contain `keyword`, for the picker. */
export const searchBatteries = (keyword: string) =>
  fetchDeviceList<DeviceRow>('/api/v1/batteries', { page: 1, size: 20, keyword: keyword || undefined });

/** The battery itself; "does not exist" is shown by the page (with the picker), not as a toast as well. */
export const fetchBatteryForSetting = (sn: string) =>
  api.get<BatteryInfo>(`/api/v1/battery/${encodeURIComponent(sn)}/info`, undefined, {
    tolerate: [ERROR_CODES.batteryNotFound],
  });
