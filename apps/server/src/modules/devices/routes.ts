import { eq, and } from 'drizzle-orm';
import { LIMITS, selectableParams } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { chartParams } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { periodKey } from '../plants/schemas.js';
import { checkParams } from './params.js';
import { indexed, type DeviceService } from './service.js';

/** Inverters, batteries and meters by serial number (spec §7), and chart parameters. */
export function deviceRoutes(deps: { db: Db; devices: DeviceService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { devices } = deps;
    const inverterRoute = contractRoutes(app, 'inverters');
    const batteryRoute = contractRoutes(app, 'batteries');
    const meterRoute = contractRoutes(app, 'meters');
    const chartRoute = contractRoutes(app, 'charts');
    const meter = { access: 'smart.meter', scope: 'company' } as const;
    const offered = { access: 'equip.view', scope: 'none' } as const;
    const chosen = { access: 'equip.view', scope: 'self' } as const;
    const inv = { access: 'inverter.view', scope: 'company' } as const;

    inverterRoute('GET /inverter/:sn', { config: inv, summary: 'An inverter with its latest readings' }, async (req) =>
      ok(req, await devices.get(requireAuth(req.auth), req.params.sn, 'inverter')),
    );
    inverterRoute(
      'GET /inverter/:sn/realtime/input',
      { config: inv, summary: 'DC input per MPPT/string' },
      async (req) =>
        ok(req, indexed((await devices.get(requireAuth(req.auth), req.params.sn, 'inverter')).metrics, 'mppt')),
    );
    inverterRoute('GET /inverter/:sn/realtime/output', { config: inv, summary: 'AC output per phase' }, async (req) =>
      ok(req, indexed((await devices.get(requireAuth(req.auth), req.params.sn, 'inverter')).metrics, 'ph')),
    );
    inverterRoute(
      'GET /inverter/:sn/day',
      { config: inv, summary: 'A day of readings (chosen parameters, at most 6)' },
      async (req) => {
        const d = await devices.get(requireAuth(req.auth), req.params.sn, 'inverter');
        return ok(req, await devices.day(d, req.query.date, checkParams(req.query.params, 'inverter')));
      },
    );
    for (const period of ['month', 'year', 'total'] as const) {
      inverterRoute(
        `GET /inverter/:sn/${period}`,
        {
          config: inv,
          summary: `Inverter energy per ${period === 'month' ? 'day' : period === 'year' ? 'month' : 'year'}`,
        },
        async (req) => {
          const d = await devices.get(requireAuth(req.auth), req.params.sn, 'inverter');
          const key = periodKey(period, req.query as { month?: string; year?: string }, new Date().toISOString());
          return ok(req, await devices.energy(d, period, key));
        },
      );
    }

    const bat = { access: 'battery.list.view', scope: 'company' } as const;
    batteryRoute(
      'GET /battery/:sn/realtime',
      { config: bat, summary: 'BMS values, cells and temperatures now' },
      async (req) => {
        const d = await devices.get(requireAuth(req.auth), req.params.sn, 'battery');
        return ok(req, { ...d, cells: indexed(d.metrics, 'cell') });
      },
    );
    batteryRoute('GET /battery/:sn/day', { config: bat, summary: 'A day of battery readings' }, async (req) => {
      const d = await devices.get(requireAuth(req.auth), req.params.sn, 'battery');
      return ok(req, await devices.day(d, req.query.date, checkParams(req.query.params, 'battery', ['p_bat', 'soc'])));
    });

    meterRoute(
      'GET /meter/:sn/realtime',
      { config: meter, summary: 'A meter’s readings now, per phase' },
      async (req) => {
        const d = await devices.get(requireAuth(req.auth), req.params.sn, 'meter');
        return ok(req, { ...d, phases: indexed(d.metrics, 'ph') });
      },
    );

    chartRoute(
      'GET /chart/param/equip',
      { config: offered, summary: 'Parameters a device kind’s chart offers (up to 30)' },
      async (req) => ok(req, selectableParams(req.query.kind, LIMITS.chartSelectableParams)),
    );
    chartRoute(
      'GET /chart/param/custom',
      { config: chosen, summary: 'The caller’s chosen chart parameters (at most 6)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const [row] = await deps.db
          .select()
          .from(chartParams)
          .where(and(eq(chartParams.userId, auth.userId), eq(chartParams.kind, req.query.kind)));
        const saved = Array.isArray(row?.params) ? (row.params as string[]) : undefined;
        return ok(
          req,
          saved ??
            selectableParams(req.query.kind)
              .slice(0, LIMITS.chartCustomParams)
              .map((p) => p.key),
        );
      },
    );
    chartRoute(
      'POST /chart/param/custom',
      { config: chosen, summary: 'Choose chart parameters (at most 6 of those offered)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const params = checkParams(req.body.params, req.body.kind);
        await deps.db
          .insert(chartParams)
          .values({ userId: auth.userId, kind: req.body.kind, params })
          .onConflictDoUpdate({ target: [chartParams.userId, chartParams.kind], set: { params } });
        return ok(req, params);
      },
    );
  };
}
