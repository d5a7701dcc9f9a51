import fastifyMultipart from '@fastify/multipart';
import { eq, and } from 'drizzle-orm';
import { LIMITS } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { chartParams } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { sendXlsx } from '../../xlsx/write.js';
import { readUpload } from '../files/multipart.js';
import { periodKey } from '../plants/schemas.js';
import { chartOffer, realtimeParams, type ChartOffer } from './chart-params.js';
import { PARAM_SHEET_HEADINGS, paramSheetRows, parseParamSheet } from './param-sheet.js';
import { checkParams } from './params.js';
import { indexed, type DeviceService } from './service.js';

/** A chart parameter sheet is a few dozen rows. */
const PARAM_SHEET_MAX_BYTES = 512 * 1024;

/** Inverters, batteries and meters by serial number (spec §7), and chart parameters. */
export function deviceRoutes(deps: { db: Db; devices: DeviceService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { devices } = deps;
    await app.register(fastifyMultipart, { limits: { fileSize: PARAM_SHEET_MAX_BYTES, files: 1, fields: 4 } });
    const isTooLarge = (e: unknown) => e instanceof app.multipartErrors.RequestFileTooLargeError;
    const inverterRoute = contractRoutes(app, 'inverters');
    const batteryRoute = contractRoutes(app, 'batteries');
    const meterRoute = contractRoutes(app, 'meters');
    const chartRoute = contractRoutes(app, 'charts');
    const meter = { access: 'smart.meter', scope: 'company' } as const;
    // Scope company: with `sn` the device is found through the access layer (another company's: "does not exist").
    const offered = { access: 'equip.view', scope: 'company' } as const;
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
        // A device bound to a protocol charts its realtime columns (docs/protocols.md), the others the built-in metrics.
        const bound = await realtimeParams(deps.db, d.protocol, req.lang);
        return ok(
          req,
          await devices.day(d, req.query.date, checkParams(req.query.params, 'inverter', undefined, bound?.params)),
        );
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
      { config: offered, summary: 'Parameters a device kind’s chart offers (up to 30); with sn, that device’s' },
      async (req) =>
        ok(req, (await chartOffer(deps.db, requireAuth(req.auth), req.query.kind, req.query.sn, req.lang)).params),
    );
    chartRoute(
      'GET /chart/param/custom',
      { config: chosen, summary: 'The caller’s chosen chart parameters (at most 6); with sn, for that device' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const offer = await chartOffer(deps.db, auth, req.query.kind, req.query.sn, req.lang);
        return ok(req, await chosenOf(auth.userId, offer));
      },
    );
    /** The caller's kept choice for an offer (its first parameters when none is kept). */
    const chosenOf = async (userId: string, offer: ChartOffer): Promise<string[]> => {
      const [row] = await deps.db
        .select()
        .from(chartParams)
        .where(and(eq(chartParams.userId, userId), eq(chartParams.kind, offer.slot)));
      const saved = Array.isArray(row?.params) ? (row.params as string[]) : undefined;
      return saved ?? offer.params.slice(0, LIMITS.chartCustomParams).map((p) => p.key);
    };
    const keep = async (userId: string, offer: ChartOffer, params: string[]) => {
      await deps.db
        .insert(chartParams)
        .values({ userId, kind: offer.slot, params })
        .onConflictDoUpdate({ target: [chartParams.userId, chartParams.kind], set: { params } });
    };

    chartRoute(
      'GET /equip/custom/param/download',
      {
        config: chosen,
        summary: 'A device’s (or kind’s) chart parameters as .xlsx, the caller’s chosen ones marked',
      },
      async (req, reply) => {
        const auth = requireAuth(req.auth);
        const offer = await chartOffer(deps.db, auth, req.query.kind, req.query.sn, req.lang);
        return sendXlsx(reply, {
          name: `chart-params-${req.query.sn ?? req.query.kind}`,
          lang: req.lang,
          headings: PARAM_SHEET_HEADINGS,
          rows: paramSheetRows(offer.params, await chosenOf(auth.userId, offer), req.lang),
        });
      },
    );
    chartRoute(
      'POST /equip/custom/param/export',
      {
        config: chosen,
        summary:
          'Load a chart parameter sheet (multipart "file"): every row checked first; with check=false and no bad row, its chosen rows become the caller’s choice',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const offer = await chartOffer(deps.db, auth, req.query.kind, req.query.sn, req.lang);
        const up = await readUpload(req, { maxBytes: PARAM_SHEET_MAX_BYTES, fields: 4, tooBig: 'tooLong', isTooLarge });
        if (!/\.xlsx$/i.test(up.fileName) || up.bytes.length === 0) throw new AppError('importFailed');
        const parsed = parseParamSheet(up.bytes, offer.params, req.lang);
        if (parsed.problems.length > 0 || req.query.check === 'true') return ok(req, { saved: false, ...parsed });
        await keep(auth.userId, offer, parsed.params);
        return ok(req, { saved: true, ...parsed });
      },
    );

    chartRoute(
      'POST /chart/param/custom',
      { config: chosen, summary: 'Choose chart parameters (at most 6 of those offered); with sn, for that device' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const offer = await chartOffer(deps.db, auth, req.body.kind, req.body.sn, req.lang);
        const params = checkParams(req.body.params, req.body.kind, undefined, offer.params);
        await keep(auth.userId, offer, params);
        return ok(req, params);
      },
    );
  };
}
