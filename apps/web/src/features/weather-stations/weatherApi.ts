import { call } from '../../api/call';

/** Weather-station calls; their answers are the contracts of packages/shared/src/contracts/weather.ts. */
export const stationKey = (sn: string) => ['weather-stations', 'detail', sn] as const;
export const fetchStation = (sn: string) => call('GET /weather-station/:sn', { params: { sn } });
export const fetchStationDay = (sn: string, date?: string) =>
  call('GET /weather-station/:sn/day', { params: { sn }, query: { date } });
