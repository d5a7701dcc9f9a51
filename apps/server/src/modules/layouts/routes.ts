import { API, LAYOUT_PERIODS } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/context.js';
import { answers } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { plantId } from '../plants/schemas.js';
import type { Db } from '../../db/client.js';
import { LayoutService } from './service.js';

/** Panel layouts of spec §2.3 and §7: plant/{id}/layout/{type}, logical/layout/{period}, physical/layout. */
export function layoutRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const layouts = new LayoutService(deps.db);
  return async (app) => {
    const view = { access: 'station.view', scope: 'company' } as const;
    const edit = { access: 'station.edit', scope: 'company' } as const;
    const tags = ['layouts'];

    // Spec §7 names the physical layout both ways; each path has its own contract with the same answer.
    for (const url of ['/plant/:id/layout/physical', '/plant/:id/physical/layout'] as const) {
      app.get(
        url,
        {
          config: view,
          schema: {
            tags,
            summary: 'The physical layout: panels on the roof grid (the default arrangement until one is saved)',
            params: plantId,
            response: answers(`GET ${url}`),
          },
        },
        async (req) => {
          const p = await layouts.plant(requireAuth(req.auth), req.params.id);
          return ok(req, await layouts.physical(p));
        },
      );
      app.post(
        url,
        {
          config: edit,
          schema: {
            tags,
            summary: 'Save the physical layout (at most 99 panels: code 1219)',
            params: plantId,
            body: API[`POST ${url}`].body,
            response: answers(`POST ${url}`),
          },
        },
        async (req) => {
          const auth = requireAuth(req.auth);
          const p = await layouts.plant(auth, req.params.id, true);
          await layouts.save(auth, req.ip, p, 'physical', { panels: req.body.panels });
          return ok(req, await layouts.physical(p));
        },
      );
    }

    app.get(
      '/plant/:id/layout/logical',
      {
        config: view,
        schema: {
          tags,
          summary: 'The saved logical arrangement (folded nodes)',
          params: plantId,
          response: answers('GET /plant/:id/layout/logical'),
        },
      },
      async (req) => ok(req, await layouts.logical(await layouts.plant(requireAuth(req.auth), req.params.id))),
    );
    app.post(
      '/plant/:id/layout/logical',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Save the logical arrangement',
          params: plantId,
          body: API['POST /plant/:id/layout/logical'].body,
          response: answers('POST /plant/:id/layout/logical'),
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const p = await layouts.plant(auth, req.params.id, true);
        await layouts.save(auth, req.ip, p, 'logical', { collapsed: req.body.collapsed });
        return ok(req, await layouts.logical(p));
      },
    );

    app.get(
      '/plant/:id/logical/layout/:period',
      {
        config: view,
        schema: {
          tags,
          summary: 'The logical tree: root → inverter → string → panel, with power now and energy for the period',
          params: plantId.extend({ period: z.enum(LAYOUT_PERIODS) }),
          response: answers('GET /plant/:id/logical/layout/:period'),
        },
      },
      async (req) => {
        const p = await layouts.plant(requireAuth(req.auth), req.params.id);
        return ok(req, await layouts.tree(p, req.params.period));
      },
    );

    app.get(
      '/plant/:id/physical/layout/micro/panel',
      {
        config: view,
        schema: {
          tags,
          summary: 'Live power of each panel on a micro inverter',
          params: plantId,
          response: answers('GET /plant/:id/physical/layout/micro/panel'),
        },
      },
      async (req) => ok(req, await layouts.microPanels(await layouts.plant(requireAuth(req.auth), req.params.id))),
    );
  };
}
