import { api } from '../../api/client';
import type { DayPoint, DeviceRow } from '../device-common/deviceApi';

/** Weather-station calls (apps/server/src/modules/weather/routes.ts). */
export interface WeatherDay {
  insolationKwhM2: number | null;
  series: DayPoint[];
}

const enc = encodeURIComponent;
export const stationKey = (sn: string) => ['weather-stations', 'detail', sn] as const;
export const fetchStation = (sn: string) => api.get<DeviceRow>(`/api/v1/weather-station/${enc(sn)}`);
export const fetchStationDay = (sn: string, date?: string) =>
  api.get<WeatherDay>(`/api/v1/weather-station/${enc(sn)}/day`, { date });
