import { z } from 'zod';
import { dayQuery, daySeriesShape, deviceRowShape, kindListRoutes } from './device-list.js';
import { contracts } from './route.js';

/** Weather stations (device kind 'weather', menu device/meteorological; apps/server/src/modules/weather). */

/** A plant-local day of a station's readings, with the day's insolation in kWh/m². */
export const weatherDay = z.object({ insolationKwhM2: z.number().nullable(), series: daySeriesShape });
export type WeatherDay = z.infer<typeof weatherDay>;

export const weatherContracts = contracts({
  'GET /weather-stations': kindListRoutes.list,
  'GET /weather-stations/count': kindListRoutes.count,
  'GET /weather-stations/download': kindListRoutes.download,
  'GET /weather-station/:sn': { answer: deviceRowShape },
  'GET /weather-station/:sn/day': { query: dayQuery, answer: weatherDay },
});
