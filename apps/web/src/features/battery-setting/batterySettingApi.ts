import { ERROR_CODES } from '@heliograph/shared';
import { call } from '../../api/call';

/** The hybrid inverter a battery is set through (contract in packages/shared/src/contracts/inverters.ts). */
export type { BatteryInverter } from '@heliograph/shared';

export const batteryInverterKey = (sn: string) => ['batteries', 'inverter', sn] as const;

/** Null when the battery's gateway has no hybrid inverter; 1206 (not the caller's battery) is shown by the page. */
export const fetchBatteryInverter = (sn: string) =>
  call('GET /battery/:sn/inverter', { params: { sn } }, { tolerate: [ERROR_CODES.batteryNotFound] });

/** Batteries whose serial number, alias, plant or gateway contain `keyword`, for the picker. */
export const searchBatteries = (keyword: string) =>
  call('GET /batteries', { query: { page: 1, size: 20, keyword: keyword || undefined } });

/** The battery itself; "does not exist" is shown by the page (with the picker), not as a toast as well. */
export const fetchBatteryForSetting = (sn: string) =>
  call('GET /battery/:sn/info', { params: { sn } }, { tolerate: [ERROR_CODES.batteryNotFound] });
