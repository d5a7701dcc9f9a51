import { INVERTER_CHARTS, INVERTER_CHART_PERIODS } from '@heliograph/shared';
import { z } from 'zod';
import { requireAuth } from '../../../http/context.js';
import { contractRoutes } from '../../../http/contract-route.js';
import { ok } from '../../../http/envelope.js';
import { ValidationError } from '../../../http/errors.js';
import { portChart } from '../charts.js';
import { tag, view, type InverterApp, type InverterRouteDeps } from '../schemas.js';

/** One inverter: its power flow, what may be done with it now, its charts and events. */
export function registerDetail(app: InverterApp, { db, inverters }: InverterRouteDeps): void {
  const batteryControl = { access: 'battery.control', scope: 'company' } as const;
  const route = contractRoutes(app, tag, {
    chart: z.enum(INVERTER_CHARTS),
    period: z.enum(INVERTER_CHART_PERIODS),
  });
  route(
    'GET /inverter/:sn/flow',
    {
      config: { ...view, links: ['device'] },
      summary:
        'What flows through the inverter now: PV, AC output or the gateway meter’s grid and load, the hybrid’s battery',
    },
    async (req) => ok(req, await inverters.flow(requireAuth(req.auth), req.params.sn)),
  );

  route(
    'GET /inverter/:sn/control',
    {
      config: view,
      summary: 'What the caller may do with the inverter now: write access, status, state, settings support',
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
        settings: await inverters.fields(inv).then(
          (fields) => fields.length > 0,
          () => false,
        ),
      });
    },
  );

  route(
    'GET /battery/:sn/inverter',
    {
      config: batteryControl,
      summary: 'The hybrid inverter a battery is set through (null when its gateway has none)',
    },
    async (req) => ok(req, await inverters.hybridOfBattery(requireAuth(req.auth), req.params.sn)),
  );

  route(
    'GET /inverter/:sn/chart/:chart/:period',
    { config: view, summary: 'Grid, EPS, load, battery or meter chart of a day (W), month or year (kWh)' },
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

  route('GET /inverter/:sn/events', { config: view, summary: 'The inverter’s events, newest first' }, async (req) => {
    const inv = await inverters.target(requireAuth(req.auth), req.params.sn);
    return ok(req, await inverters.events(inv, req.query.page, req.query.size));
  });
}
