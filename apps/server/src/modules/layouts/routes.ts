import { LAYOUT_PERIODS } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { plantParams } from '../plants/schemas.js';
import type { Db } from '../../db/client.js';
import { LayoutService } from './service.js';

/** Panel layouts of spec §2.3 and §7: plant/{id}/layout/{type}, logical/layout/{period}, physical/layout. */
export function layoutRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const layouts = new LayoutService(deps.db);
  return async (app) => {
    const view = { access: 'station.view', scope: 'company' } as const;
    const edit = { access: 'station.edit', scope: 'company' } as const;
    // The reads of the public layout view (/plantLayout) also take the plant's layout embed link.
    const shown = { ...view, links: ['layout'] } as const;
    const route = contractRoutes(app, 'layouts', { ...plantParams, period: z.enum(LAYOUT_PERIODS) });

    // Spec §7 names the physical layout both ways; each path has its own contract with the same answer.
    for (const url of ['/plant/:id/layout/physical', '/plant/:id/physical/layout'] as const) {
      route(
        `GET ${url}`,
        {
          config: shown,
          summary: 'The physical layout: panels on the roof grid (the default arrangement until one is saved)',
        },
        async (req) => {
          const p = await layouts.plant(requireAuth(req.auth), req.params.id);
          return ok(req, await layouts.physical(p));
        },
      );
      route(
        `POST ${url}`,
        { config: edit, summary: 'Save the physical layout (at most 99 panels: code 1219)' },
        async (req) => {
          const auth = requireAuth(req.auth);
          const p = await layouts.plant(auth, req.params.id, true);
          await layouts.save(auth, req.ip, p, 'physical', { panels: req.body.panels });
          return ok(req, await layouts.physical(p));
        },
      );
    }

    route(
      'GET /plant/:id/layout/logical',
      { config: shown, summary: 'The saved logical arrangement (folded nodes)' },
      async (req) => ok(req, await layouts.logical(await layouts.plant(requireAuth(req.auth), req.params.id))),
    );
    route('POST /plant/:id/layout/logical', { config: edit, summary: 'Save the logical arrangement' }, async (req) => {
      const auth = requireAuth(req.auth);
      const p = await layouts.plant(auth, req.params.id, true);
      await layouts.save(auth, req.ip, p, 'logical', { collapsed: req.body.collapsed });
      return ok(req, await layouts.logical(p));
    });

    route(
      'GET /plant/:id/logical/layout/:period',
      {
        config: shown,
        summary: 'The logical tree: root → inverter → string → panel, with power now and energy for the period',
      },
      async (req) => {
        const p = await layouts.plant(requireAuth(req.auth), req.params.id);
        return ok(req, await layouts.tree(p, req.params.period));
      },
    );

    route(
      'GET /plant/:id/physical/layout/micro/panel',
      { config: shown, summary: 'Live power of each panel on a micro inverter' },
      async (req) => ok(req, await layouts.microPanels(await layouts.plant(requireAuth(req.auth), req.params.id))),
    );
  };
}
