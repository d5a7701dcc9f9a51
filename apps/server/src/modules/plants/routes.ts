import { API, lastDayOfMonth, localDay } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { answers } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { checkCapacityRange, plantId } from './schemas.js';
import type { PlantService } from './service.js';

/** Plants of spec §7: the My Plants list and the overview's reads (creating and editing live in plant-admin). */
export function plantRoutes(plants: PlantService): FastifyPluginAsyncZod {
  return async (app) => {
    const view = { access: 'station.view', scope: 'company' } as const;

    app.get(
      '/plants',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'My Plants: search, filters, groups, sort and a page, with status statistics',
          querystring: API['GET /plants'].query,
          response: answers('GET /plants'),
        },
      },
      async (req) => ok(req, await plants.list(requireAuth(req.auth), checkCapacityRange(req.query))),
    );

    app.get(
      '/plant/:id',
      {
        config: view,
        schema: { tags: ['plants'], summary: 'One plant', params: plantId, response: answers('GET /plant/:id') },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        return ok(req, await plants.summarise(await plants.get(auth, req.params.id)));
      },
    );

    app.get(
      '/plant/:id/realtime',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'Current power, energy flow and headline figures',
          params: plantId,
          response: answers('GET /plant/:id/realtime'),
        },
      },
      async (req) => ok(req, await plants.realtime(requireAuth(req.auth), req.params.id)),
    );

    app.get(
      '/plant/:id/power/day',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: '5-minute power of a plant-local day',
          params: plantId,
          querystring: API['GET /plant/:id/power/day'].query,
          response: answers('GET /plant/:id/power/day'),
        },
      },
      async (req) => {
        const p = await plants.scoped(requireAuth(req.auth), req.params.id);
        return ok(req, await plants.powerDay(p, req.query.date ?? localDay(Date.now(), p.timezone)));
      },
    );

    for (const period of ['month', 'year', 'total'] as const) {
      const route = `GET /plant/:id/power/${period}` as const;
      app.get(
        `/plant/:id/power/${period}`,
        {
          config: view,
          schema: {
            tags: ['plants'],
            summary: `Energy per ${period === 'month' ? 'day' : period === 'year' ? 'month' : 'year'}`,
            params: plantId,
            querystring: API[route].query,
            response: answers(route),
          },
        },
        async (req) => {
          const p = await plants.scoped(requireAuth(req.auth), req.params.id);
          const today = localDay(Date.now(), p.timezone);
          const q = req.query as { month?: string; year?: string };
          const k =
            period === 'month'
              ? (q.month ?? today.slice(0, 7))
              : period === 'year'
                ? (q.year ?? today.slice(0, 4))
                : '';
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
      const route = `GET /plant/energy/:id/${period}` as const;
      app.get(
        `/plant/energy/:id/${period}`,
        {
          config: view,
          schema: {
            tags: ['plants'],
            summary: energyPeriods[period].summary,
            params: plantId,
            querystring: API[route].query,
            response: answers(route),
          },
        },
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
    app.get(
      '/plant/energy/:id/total',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'Lifetime energy figures',
          params: plantId,
          response: answers('GET /plant/energy/:id/total'),
        },
      },
      async (req) => {
        const p = await plants.scoped(requireAuth(req.auth), req.params.id);
        return ok(req, await plants.energy(p.id, '1970-01-01', '9999-12-31'));
      },
    );
    app.get(
      '/plant/energy/:id/flow',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'The energy-flow diagram now',
          params: plantId,
          response: answers('GET /plant/energy/:id/flow'),
        },
      },
      async (req) => {
        const r = await plants.realtime(requireAuth(req.auth), req.params.id);
        return ok(req, { status: r.status, ts: r.ts, powerW: r.powerW, flow: r.flow });
      },
    );
    app.get(
      '/plant/energy/:id/generation/use',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'Where a day’s PV went and where the load came from',
          params: plantId,
          querystring: API['GET /plant/energy/:id/generation/use'].query,
          response: answers('GET /plant/energy/:id/generation/use'),
        },
      },
      async (req) => ok(req, await plants.generationUse(requireAuth(req.auth), req.params.id, req.query.date)),
    );

    app.get(
      '/plant/:id/devices',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'Every device of the plant with status and latest readings',
          params: plantId,
          response: answers('GET /plant/:id/devices'),
        },
      },
      async (req) => ok(req, await plants.devices(requireAuth(req.auth), req.params.id)),
    );
    app.get(
      '/plant/:id/inverters',
      {
        config: { access: 'inverter.view', scope: 'company' },
        schema: {
          tags: ['plants'],
          summary: 'The plant’s inverters',
          params: plantId,
          response: answers('GET /plant/:id/inverters'),
        },
      },
      async (req) => ok(req, await plants.devices(requireAuth(req.auth), req.params.id, 'inverter')),
    );
    app.get(
      '/plant/:id/inverterCount',
      {
        config: { access: 'inverter.view', scope: 'company' },
        schema: {
          tags: ['plants'],
          summary: 'How many inverters, by status',
          params: plantId,
          response: answers('GET /plant/:id/inverterCount'),
        },
      },
      async (req) => {
        const list = await plants.devices(requireAuth(req.auth), req.params.id, 'inverter');
        const counts: Record<string, number> = { all: list.length, normal: 0, warning: 0, fault: 0, offline: 0 };
        for (const d of list) counts[d.status] = (counts[d.status] ?? 0) + 1;
        return ok(req, counts);
      },
    );
    app.get(
      '/plant/:id/events',
      {
        config: { access: 'station.view', scope: 'company' },
        schema: {
          tags: ['plants'],
          summary: 'The plant’s events, newest first',
          params: plantId,
          querystring: API['GET /plant/:id/events'].query,
          response: answers('GET /plant/:id/events'),
        },
      },
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
    app.get(
      '/plant/:id/eventCount',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'Open events of the plant',
          params: plantId,
          response: answers('GET /plant/:id/eventCount'),
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const open = await plants.events(auth, req.params.id, 1, 1, true);
        const all = await plants.events(auth, req.params.id, 1, 1);
        return ok(req, { open: open.total, total: all.total });
      },
    );

    app.get(
      '/overview/plantCount',
      {
        config: view,
        schema: {
          tags: ['overview'],
          summary: 'The caller’s plants by status',
          response: answers('GET /overview/plantCount'),
        },
      },
      async (req) => ok(req, await plants.countByStatus(requireAuth(req.auth), {})),
    );
    app.get(
      '/overview/eventCount',
      {
        config: view,
        schema: {
          tags: ['overview'],
          summary: 'Open events across the caller’s plants',
          response: answers('GET /overview/eventCount'),
        },
      },
      async (req) => ok(req, await plants.countOpenEvents(requireAuth(req.auth))),
    );
  };
}
