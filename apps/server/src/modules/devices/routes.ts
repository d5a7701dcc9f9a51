import { eq, and } from 'drizzle-orm';
import { API, LIMITS, selectableParams } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { chartParams } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { answers } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { snParams } from '../../http/params.js';
import { checkParams } from './params.js';
import { indexed, type DeviceService } from './service.js';

/** Inverters, batteries and meters by serial number (spec §7), and chart parameters. */
export function deviceRoutes(deps: { db: Db; devices: DeviceService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { devices } = deps;
    const inv = { access: 'inverter.view', scope: 'company' } as const;

    app.get(
      '/inverter/:sn',
      {
        config: inv,
        schema: {
          tags: ['inverters'],
          summary: 'An inverter with its latest readings',
          params: snParams,
          response: answers('GET /inverter/:sn'),
        },
      },
      async (req) => ok(req, await devices.get(requireAuth(req.auth), req.params.sn, 'inverter')),
    );
    app.get(
      '/inverter/:sn/realtime/input',
      {
        config: inv,
        schema: {
          tags: ['inverters'],
          summary: 'DC input per MPPT/string',
          params: snParams,
          response: answers('GET /inverter/:sn/realtime/input'),
        },
      },
      async (req) =>
        ok(req, indexed((await devices.get(requireAuth(req.auth), req.params.sn, 'inverter')).metrics, 'mppt')),
    );
    app.get(
      '/inverter/:sn/realtime/output',
      {
        config: inv,
        schema: {
          tags: ['inverters'],
          summary: 'AC output per phase',
          params: snParams,
          response: answers('GET /inverter/:sn/realtime/output'),
        },
      },
      async (req) =>
        ok(req, indexed((await devices.get(requireAuth(req.auth), req.params.sn, 'inverter')).metrics, 'ph')),
    );
    app.get(
      '/inverter/:sn/day',
      {
        config: inv,
        schema: {
          tags: ['inverters'],
          summary: 'A day of readings (chosen parameters, at most 6)',
          params: snParams,
          querystring: API['GET /inverter/:sn/day'].query,
          response: answers('GET /inverter/:sn/day'),
        },
      },
      async (req) => {
        const d = await devices.get(requireAuth(req.auth), req.params.sn, 'inverter');
        return ok(req, await devices.day(d, req.query.date, checkParams(req.query.params, 'inverter')));
      },
    );
    for (const period of ['month', 'year', 'total'] as const) {
      const route = `GET /inverter/:sn/${period}` as const;
      app.get(
        `/inverter/:sn/${period}`,
        {
          config: inv,
          schema: {
            tags: ['inverters'],
            summary: `Inverter energy per ${period === 'month' ? 'day' : period === 'year' ? 'month' : 'year'}`,
            params: snParams,
            querystring: API[route].query,
            response: answers(route),
          },
        },
        async (req) => {
          const d = await devices.get(requireAuth(req.auth), req.params.sn, 'inverter');
          const query = req.query as { month?: string; year?: string };
          const now = new Date().toISOString();
          const key =
            period === 'month'
              ? (query.month ?? now.slice(0, 7))
              : period === 'year'
                ? (query.year ?? now.slice(0, 4))
                : '';
          return ok(req, await devices.energy(d, period, key));
        },
      );
    }

    const bat = { access: 'battery.list.view', scope: 'company' } as const;
    app.get(
      '/battery/:sn/realtime',
      {
        config: bat,
        schema: {
          tags: ['batteries'],
          summary: 'BMS values, cells and temperatures now',
          params: snParams,
          response: answers('GET /battery/:sn/realtime'),
        },
      },
      async (req) => {
        const d = await devices.get(requireAuth(req.auth), req.params.sn, 'battery');
        return ok(req, { ...d, cells: indexed(d.metrics, 'cell') });
      },
    );
    app.get(
      '/battery/:sn/day',
      {
        config: bat,
        schema: {
          tags: ['batteries'],
          summary: 'A day of battery readings',
          params: snParams,
          querystring: API['GET /battery/:sn/day'].query,
          response: answers('GET /battery/:sn/day'),
        },
      },
      async (req) => {
        const d = await devices.get(requireAuth(req.auth), req.params.sn, 'battery');
        return ok(
          req,
          await devices.day(d, req.query.date, checkParams(req.query.params, 'battery', ['p_bat', 'soc'])),
        );
      },
    );

    app.get(
      '/meter/:sn/realtime',
      {
        config: { access: 'smart.meter', scope: 'company' },
        schema: {
          tags: ['meters'],
          summary: 'A meter’s readings now, per phase',
          params: snParams,
          response: answers('GET /meter/:sn/realtime'),
        },
      },
      async (req) => {
        const d = await devices.get(requireAuth(req.auth), req.params.sn, 'meter');
        return ok(req, { ...d, phases: indexed(d.metrics, 'ph') });
      },
    );

    app.get(
      '/chart/param/equip',
      {
        config: { access: 'equip.view', scope: 'none' },
        schema: {
          tags: ['charts'],
          summary: 'Parameters a device kind’s chart offers (up to 30)',
          querystring: API['GET /chart/param/equip'].query,
          response: answers('GET /chart/param/equip'),
        },
      },
      async (req) => ok(req, selectableParams(req.query.kind, LIMITS.chartSelectableParams)),
    );
    app.get(
      '/chart/param/custom',
      {
        config: { access: 'equip.view', scope: 'self' },
        schema: {
          tags: ['charts'],
          summary: 'The caller’s chosen chart parameters (at most 6)',
          querystring: API['GET /chart/param/custom'].query,
          response: answers('GET /chart/param/custom'),
        },
      },
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
    app.post(
      '/chart/param/custom',
      {
        config: { access: 'equip.view', scope: 'self' },
        schema: {
          tags: ['charts'],
          summary: 'Choose chart parameters (at most 6 of those offered)',
          body: API['POST /chart/param/custom'].body,
          response: answers('POST /chart/param/custom'),
        },
      },
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
