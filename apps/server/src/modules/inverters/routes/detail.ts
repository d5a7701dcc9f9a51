import { INVERTER_CHARTS, INVERTER_CHART_PERIODS, FLOW_STATES, periodKeyParam } from '@heliograph/shared';
import { z } from 'zod';
import { requireAuth } from '../../../http/context.js';
import { envelope, ok } from '../../../http/envelope.js';
import { snParams } from '../../../http/params.js';
import { ValidationError } from '../../../http/errors.js';
import { paging } from '../../plants/schemas.js';
import { portChart } from '../charts.js';
import { settingFieldsFor } from '../settings-form.js';
import { tags, view, type InverterApp, type InverterRouteDeps } from '../schemas.js';

/** One inverter: its power flow, what may be done with it now, its charts and events. */
export function registerDetail(app: InverterApp, { db, inverters }: InverterRouteDeps): void {
  app.get(
    '/inverter/:sn/flow',
    {
      config: view,
      schema: {
        tags,
        summary:
          'What flows through the inverter now: PV, AC output or the gateway meter’s grid and load, the hybrid’s battery',
        params: snParams,
        response: {
          200: envelope(
            z.object({
              ts: z.number().nullable(),
              ratedW: z.number().nullable(),
              /** Grid and load come from a meter on the inverter's gateway (else grid is the AC output). */
              meter: z.boolean(),
              powerW: z.object({
                pv: z.number().nullable(),
                grid: z.number().nullable(),
                battery: z.number().nullable(),
                load: z.number().nullable(),
                soc: z.number().nullable(),
              }),
              flow: z.object({
                pv: z.enum(FLOW_STATES),
                grid: z.enum(FLOW_STATES),
                battery: z.enum(FLOW_STATES),
                load: z.enum(FLOW_STATES),
              }),
            }),
          ),
        },
      },
    },
    async (req) => ok(req, await inverters.flow(requireAuth(req.auth), req.params.sn)),
  );

  app.get(
    '/inverter/:sn/control',
    {
      config: view,
      schema: {
        tags,
        summary: 'What the caller may do with the inverter now: write access, status, state, settings support',
        params: snParams,
        response: {
          200: envelope(
            z.object({
              writable: z.boolean(),
              status: z.string(),
              state: z.number().nullable(),
              protocol: z.string(),
              settings: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const inv = await inverters.target(auth, req.params.sn);
      const writable = await inverters.target(auth, req.params.sn, { write: true }).then(
        () => true,
        () => false,
      );
      return ok(req, {
        writable,
        status: inv.status,
        state: inv.state,
        protocol: inv.protocol,
        settings: settingFieldsFor(inv.protocol, inv.meta) !== null,
      });
    },
  );

  app.get(
    '/battery/:sn/inverter',
    {
      config: { access: 'battery.control', scope: 'company' },
      schema: {
        tags,
        summary: 'The hybrid inverter a battery is set through (null when its gateway has none)',
        params: snParams,
        response: {
          200: envelope(
            z
              .object({
                sn: z.string(),
                alias: z.string().nullable(),
                model: z.string(),
                protocol: z.string(),
                status: z.string(),
              })
              .nullable(),
          ),
        },
      },
    },
    async (req) => ok(req, await inverters.hybridOfBattery(requireAuth(req.auth), req.params.sn)),
  );

  app.get(
    '/inverter/:sn/chart/:chart/:period',
    {
      config: view,
      schema: {
        tags,
        summary: 'Grid, EPS, load, battery or meter chart of a day (W), month or year (kWh)',
        params: snParams.extend({ chart: z.enum(INVERTER_CHARTS), period: z.enum(INVERTER_CHART_PERIODS) }),
        querystring: z.object({
          date: periodKeyParam.optional(),
        }),
        response: {
          200: envelope(
            z.object({
              chart: z.string(),
              period: z.string(),
              unit: z.string(),
              keys: z.array(z.string()),
              rows: z.array(
                z.object({
                  ts: z.number().optional(),
                  key: z.string().optional(),
                  values: z.record(z.string(), z.number().nullable()),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req) => {
      const inv = await inverters.target(requireAuth(req.auth), req.params.sn);
      const { chart, period } = req.params;
      const today = inverters.localToday(inv);
      const len = period === 'day' ? 10 : period === 'month' ? 7 : 4;
      const key = req.query.date ?? today.slice(0, len);
      if (key.length !== len) throw new ValidationError([{ field: 'date', rule: 'date' }]);
      return ok(req, await portChart(db, inv, chart, period, key));
    },
  );

  app.get(
    '/inverter/:sn/events',
    {
      config: view,
      schema: {
        tags,
        summary: 'The inverter’s events, newest first',
        params: snParams,
        querystring: z.object(paging),
        response: {
          200: envelope(
            z.object({
              total: z.number(),
              rows: z.array(
                z.object({
                  id: z.string(),
                  code: z.string(),
                  level: z.string(),
                  message: z.string().nullable(),
                  raisedAt: z.number(),
                  clearedAt: z.number().nullable(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (req) => {
      const inv = await inverters.target(requireAuth(req.auth), req.params.sn);
      return ok(req, await inverters.events(inv, req.query.page, req.query.size));
    },
  );
}
