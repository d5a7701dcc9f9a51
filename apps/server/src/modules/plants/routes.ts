import { lastDayOfMonth, localDay } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { checkCapacityRange, periodKey, plantParams } from './schemas.js';
import type { PlantService } from './service.js';

/** Plants of spec §7: the My Plants list and the overview's reads (creating and editing live in plant-admin). */
export function plantRoutes(plants: PlantService): FastifyPluginAsyncZod {
  return async (app) => {
    const view = { access: 'station.view', scope: 'company' } as const;
    const route = contractRoutes(app, 'plants', plantParams);
    const overviewRoute = contractRoutes(app, 'overview', plantParams);

    route(
      'GET /plants',
      {
        config: { ...view, cacheable: true },
        summary: 'My Plants: search, filters, groups, sort and a page, with status statistics',
      },
      async (req) => ok(req, await plants.list(requireAuth(req.auth), checkCapacityRange(req.query))),
    );

    // The public plant-flow view (/plantFlow) reads these two with a plant's embed link (modules/displays).
    const embedded = { ...view, links: ['plant'] } as const;
    // The public layout view (/plantLayout) names its plant too.
    const named = { ...view, links: ['plant', 'layout'] } as const;
    route('GET /plant/:id', { config: named, summary: 'One plant; also with its embed link' }, async (req) => {
      const auth = requireAuth(req.auth);
      return ok(req, await plants.summarise(await plants.get(auth, req.params.id)));
    });

    route(
      'GET /plant/:id/realtime',
      { config: embedded, summary: 'Current power, energy flow and headline figures; also with its embed link' },
      async (req) => ok(req, await plants.realtime(requireAuth(req.auth), req.params.id)),
    );

    route('GET /plant/:id/power/day', { config: view, summary: '5-minute power of a plant-local day' }, async (req) => {
      const p = await plants.scoped(requireAuth(req.auth), req.params.id);
      return ok(req, await plants.powerDay(p, req.query.date ?? localDay(Date.now(), p.timezone)));
    });

    for (const period of ['month', 'year', 'total'] as const) {
      route(
        `GET /plant/:id/power/${period}`,
        { config: view, summary: `Energy per ${period === 'month' ? 'day' : period === 'year' ? 'month' : 'year'}` },
        async (req) => {
          const p = await plants.scoped(requireAuth(req.auth), req.params.id);
          const today = localDay(Date.now(), p.timezone);
          const k = periodKey(period, req.query as { month?: string; year?: string }, today);
          return ok(req, await plants.energySeries(p, period, k));
        },
      );
    }

    /** The first and last plant-local day of each period's figures; the period defaults to the current one. */
    const energyPeriods = {
      day: { summary: 'Energy figures of a day', range: (k: string): [string, string] => [k, k] },
      month: {
        summary: 'Energy figures of a month',
        range: (k: string): [string, string] => [`${k}-01`, lastDayOfMonth(k)],
      },
      year: {
        summary: 'Energy figures of a year',
        range: (k: string): [string, string] => [`${k}-01-01`, `${k}-12-31`],
      },
    } as const;
    for (const period of ['day', 'month', 'year'] as const) {
      route(
        `GET /plant/energy/:id/${period}`,
        { config: view, summary: energyPeriods[period].summary },
        async (req) => {
          const p = await plants.scoped(requireAuth(req.auth), req.params.id);
          const today = localDay(Date.now(), p.timezone);
          const q = req.query as { date?: string; month?: string; year?: string };
          const k =
            period === 'day'
              ? (q.date ?? today)
              : period === 'month'
                ? (q.month ?? today.slice(0, 7))
                : (q.year ?? today.slice(0, 4));
          const [from, to] = energyPeriods[period].range(k);
          return ok(req, await plants.energy(p.id, from, to));
        },
      );
    }
    route('GET /plant/energy/:id/total', { config: view, summary: 'Lifetime energy figures' }, async (req) => {
      const p = await plants.scoped(requireAuth(req.auth), req.params.id);
      return ok(req, await plants.energy(p.id, '1970-01-01', '9999-12-31'));
    });
    route('GET /plant/energy/:id/flow', { config: view, summary: 'The energy-flow diagram now' }, async (req) => {
      const r = await plants.realtime(requireAuth(req.auth), req.params.id);
      return ok(req, { status: r.status, ts: r.ts, powerW: r.powerW, flow: r.flow });
    });
    route(
      'GET /plant/energy/:id/generation/use',
      { config: view, summary: 'Where a day’s PV went and where the load came from' },
      async (req) => ok(req, await plants.generationUse(requireAuth(req.auth), req.params.id, req.query.date)),
    );

    route(
      'GET /plant/:id/devices',
      { config: view, summary: 'Every device of the plant with status and latest readings' },
      async (req) => ok(req, await plants.devices(requireAuth(req.auth), req.params.id)),
    );
    route(
      'GET /plant/:id/inverters',
      { config: { access: 'inverter.view', scope: 'company' }, summary: 'The plant’s inverters' },
      async (req) => ok(req, await plants.devices(requireAuth(req.auth), req.params.id, 'inverter')),
    );
    route(
      'GET /plant/:id/inverterCount',
      { config: { access: 'inverter.view', scope: 'company' }, summary: 'How many inverters, by status' },
      async (req) => {
        const list = await plants.devices(requireAuth(req.auth), req.params.id, 'inverter');
        const counts: Record<string, number> = { all: list.length, normal: 0, warning: 0, fault: 0, offline: 0 };
        for (const d of list) counts[d.status] = (counts[d.status] ?? 0) + 1;
        return ok(req, counts);
      },
    );
    route(
      'GET /plant/:id/events',
      { config: { access: 'station.view', scope: 'company' }, summary: 'The plant’s events, newest first' },
      async (req) =>
        ok(
          req,
          await plants.events(
            requireAuth(req.auth),
            req.params.id,
            req.query.page,
            req.query.size,
            req.query.open === undefined ? undefined : req.query.open === 'true',
            req.lang,
          ),
        ),
    );
    route('GET /plant/:id/eventCount', { config: view, summary: 'Open events of the plant' }, async (req) => {
      const auth = requireAuth(req.auth);
      const open = await plants.events(auth, req.params.id, 1, 1, true);
      const all = await plants.events(auth, req.params.id, 1, 1);
      return ok(req, { open: open.total, total: all.total });
    });

    overviewRoute('GET /overview/plantCount', { config: view, summary: 'The caller’s plants by status' }, async (req) =>
      ok(req, await plants.countByStatus(requireAuth(req.auth), {})),
    );
    overviewRoute(
      'GET /overview/eventCount',
      { config: view, summary: 'Open events across the caller’s plants' },
      async (req) => ok(req, await plants.countOpenEvents(requireAuth(req.auth))),
    );
  };
}
