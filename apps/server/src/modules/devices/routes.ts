import { eq, and } from 'drizzle-orm';
import { DEVICE_KINDS, LIMITS, selectableParams } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { chartParams } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { envelope, ok } from '../../http/envelope.js';
import { snParams } from '../../http/params.js';
import { dayString, monthString, yearString } from '../plants/schemas.js';
import { chartParamList, checkParams } from './params.js';
import { indexed, type DeviceService } from './service.js';

const metrics = z.record(z.string(), z.number().nullable());
const detail = z.object({
  id: z.string(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  model: z.string(),
  brand: z.string(),
  firmware: z.string().nullable(),
  alias: z.string().nullable(),
  ratedW: z.number().nullable(),
  capacityKwh: z.number().nullable(),
  protocol: z.string(),
  gatewaySn: z.string(),
  plantId: z.string().nullable(),
  plantName: z.string().nullable(),
  timezone: z.string(),
  status: z.string(),
  lastSeen: z.number().nullable(),
  metrics,
});
const indexedRows = z.array(z.object({ index: z.number(), values: metrics }));
const daySeries = z.array(z.object({ ts: z.number(), values: metrics }));
const energySeries = z.array(
  z.object({
    key: z.string(),
    pv: z.number(),
    purchase: z.number(),
    feedIn: z.number(),
    charge: z.number(),
    discharge: z.number(),
    load: z.number(),
  }),
);
const paramList = chartParamList.optional();

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
          response: { 200: envelope(detail) },
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
          response: { 200: envelope(indexedRows) },
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
          response: { 200: envelope(indexedRows) },
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
          querystring: z.object({ date: dayString.optional(), params: paramList }),
          response: { 200: envelope(daySeries) },
        },
      },
      async (req) => {
        const d = await devices.get(requireAuth(req.auth), req.params.sn, 'inverter');
        return ok(req, await devices.day(d, req.query.date, checkParams(req.query.params, 'inverter')));
      },
    );
    for (const [period, q] of [
      ['month', z.object({ month: monthString.optional() })],
      ['year', z.object({ year: yearString.optional() })],
      ['total', z.object({})],
    ] as const) {
      app.get(
        `/inverter/:sn/${period}`,
        {
          config: inv,
          schema: {
            tags: ['inverters'],
            summary: `Inverter energy per ${period === 'month' ? 'day' : period === 'year' ? 'month' : 'year'}`,
            params: snParams,
            querystring: q,
            response: { 200: envelope(energySeries) },
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
          response: { 200: envelope(detail.extend({ cells: indexedRows })) },
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
          querystring: z.object({ date: dayString.optional(), params: paramList }),
          response: { 200: envelope(daySeries) },
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
          response: { 200: envelope(detail.extend({ phases: indexedRows })) },
        },
      },
      async (req) => {
        const d = await devices.get(requireAuth(req.auth), req.params.sn, 'meter');
        return ok(req, { ...d, phases: indexed(d.metrics, 'ph') });
      },
    );

    const kindQuery = z.object({ kind: z.enum(DEVICE_KINDS).default('inverter') });
    app.get(
      '/chart/param/equip',
      {
        config: { access: 'equip.view', scope: 'none' },
        schema: {
          tags: ['charts'],
          summary: 'Parameters a device kind’s chart offers (up to 30)',
          querystring: kindQuery,
          response: { 200: envelope(z.array(z.object({ key: z.string(), unit: z.string() }))) },
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
          querystring: kindQuery,
          response: { 200: envelope(z.array(z.string())) },
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
          body: z.object({
            kind: z.enum(DEVICE_KINDS),
            params: z.array(z.string().max(48)).min(1).max(LIMITS.chartCustomParams),
          }),
          response: { 200: envelope(z.array(z.string())) },
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
