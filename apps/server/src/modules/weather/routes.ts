import { METRICS } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { daySeries, findDevice, publicRow } from '../batteries/device-query.js';
import { storageListRoutes } from '../devices/storage-routes.js';
import { plantClock, word } from '../../xlsx/write.js';
import { insolationKwhPerM2 } from './insolation.js';

/** Whatever the station reports of the weather kind's metrics (humidity and others when a model has them). */
const DAY_PARAMS = [...Object.keys(METRICS.weather), 'humidity'];

/** Weather stations (device kind 'weather', menu device/meteorological): list, counts, export, detail, day. */
export function weatherRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const view = { access: 'equip.other', scope: 'company' } as const;

    storageListRoutes(app, db, {
      kind: 'weather',
      tag: 'weather stations',
      config: view,
      list: {
        route: 'GET /weather-stations',
        summary: 'Weather stations: search, status and plant filters, a page, status statistics',
        row: publicRow,
      },
      count: { route: 'GET /weather-stations/count', summary: 'How many weather stations, by status' },
      download: {
        route: 'GET /weather-stations/download',
        summary: 'The weather-station list (same filters) as an .xlsx file',
        name: 'weather-stations',
        headings: ['status', 'irradiance', 'ambient', 'module', 'wind', 'updated'],
        cells: (d, lang) => [
          word(d.status, lang),
          d.metrics.irradiance ?? null,
          d.metrics.t_ambient ?? null,
          d.metrics.t_module ?? null,
          d.metrics.wind_speed ?? null,
          plantClock(d.lastSeen, d.timezone),
        ],
      },
    });

    const route = contractRoutes(app, 'weather stations');
    route(
      'GET /weather-station/:sn',
      { config: view, summary: 'A weather station with its readings now' },
      async (req) => ok(req, publicRow(await findDevice(db, requireAuth(req.auth), 'weather', { sn: req.params.sn }))),
    );

    route(
      'GET /weather-station/:sn/day',
      { config: view, summary: 'A plant-local day of readings, with the day’s insolation (kWh/m²)' },
      async (req) => {
        const d = await findDevice(db, requireAuth(req.auth), 'weather', { sn: req.params.sn });
        const series = await daySeries(db, d, req.query.date, DAY_PARAMS);
        return ok(req, { insolationKwhM2: insolationKwhPerM2(series), series });
      },
    );
  };
}
