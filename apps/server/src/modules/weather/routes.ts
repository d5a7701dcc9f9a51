import { API, METRICS } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { answers } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { snParams } from '../../http/params.js';
import { allDevices, countByStatus, daySeries, findDevice, listDevices, publicRow } from '../batteries/device-query.js';
import { plantClock, sendXlsx, word } from '../../xlsx/write.js';
import { insolationKwhPerM2 } from './insolation.js';

/** Whatever the station reports of the weather kind's metrics (humidity and others when a model has them). */
const DAY_PARAMS = [...Object.keys(METRICS.weather), 'humidity'];

/** Weather stations (device kind 'weather', menu device/meteorological): list, counts, export, detail, day. */
export function weatherRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const view = { access: 'equip.other', scope: 'company' } as const;

    app.get(
      '/weather-stations',
      {
        config: view,
        schema: {
          tags: ['weather stations'],
          summary: 'Weather stations: search, status and plant filters, a page, status statistics',
          querystring: API['GET /weather-stations'].query,
          response: answers('GET /weather-stations'),
        },
      },
      async (req) => {
        const { total, rows, counts } = await listDevices(db, requireAuth(req.auth), 'weather', req.query);
        return ok(req, { total, rows: rows.map(publicRow), counts });
      },
    );

    app.get(
      '/weather-stations/count',
      {
        config: view,
        schema: {
          tags: ['weather stations'],
          summary: 'How many weather stations, by status',
          response: answers('GET /weather-stations/count'),
        },
      },
      async (req) => ok(req, await countByStatus(db, requireAuth(req.auth), 'weather')),
    );

    app.get(
      '/weather-stations/download',
      {
        config: view,
        schema: {
          tags: ['weather stations'],
          summary: 'The weather-station list (same filters) as an .xlsx file',
          querystring: API['GET /weather-stations/download'].query,
        },
      },
      async (req, reply) => {
        const lang = req.lang;
        const rows = await allDevices(db, requireAuth(req.auth), 'weather', req.query);
        return sendXlsx(reply, {
          name: 'weather-stations',
          lang,
          headings: [
            'sn',
            'alias',
            'plant',
            'gateway',
            'model',
            'status',
            'irradiance',
            'ambient',
            'module',
            'wind',
            'updated',
          ],
          rows: rows.map((d) => [
            d.sn,
            d.alias,
            d.plantName,
            d.gatewaySn,
            d.model,
            word(d.status, lang),
            d.metrics.irradiance ?? null,
            d.metrics.t_ambient ?? null,
            d.metrics.t_module ?? null,
            d.metrics.wind_speed ?? null,
            plantClock(d.lastSeen, d.timezone),
          ]),
        });
      },
    );

    app.get(
      '/weather-station/:sn',
      {
        config: view,
        schema: {
          tags: ['weather stations'],
          summary: 'A weather station with its readings now',
          params: snParams,
          response: answers('GET /weather-station/:sn'),
        },
      },
      async (req) => ok(req, publicRow(await findDevice(db, requireAuth(req.auth), 'weather', { sn: req.params.sn }))),
    );

    app.get(
      '/weather-station/:sn/day',
      {
        config: view,
        schema: {
          tags: ['weather stations'],
          summary: 'A plant-local day of readings, with the day’s insolation (kWh/m²)',
          params: snParams,
          querystring: API['GET /weather-station/:sn/day'].query,
          response: answers('GET /weather-station/:sn/day'),
        },
      },
      async (req) => {
        const d = await findDevice(db, requireAuth(req.auth), 'weather', { sn: req.params.sn });
        const series = await daySeries(db, d, req.query.date, DAY_PARAMS);
        return ok(req, { insolationKwhM2: insolationKwhPerM2(series), series });
      },
    );
  };
}
