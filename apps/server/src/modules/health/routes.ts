import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';

/** Liveness and readiness for process managers and load balancers (outside /api: no envelope, no auth). */
export function healthRoutes(deps: { database: Database; isDraining: () => boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    const status = z.object({ status: z.string(), database: z.string().optional() });
    app.get('/healthz', { schema: { tags: ['health'], response: { 200: status } } }, async () => ({ status: 'ok' }));
    app.get(
      '/readyz',
      { schema: { tags: ['health'], response: { 200: status, 503: status } } },
      async (_req, reply) => {
        if (deps.isDraining()) return reply.status(503).send({ status: 'draining' });
        const up = await deps.database.ping();
        return reply
          .status(up ? 200 : 503)
          .send({ status: up ? 'ready' : 'unavailable', database: deps.database.kind });
      },
    );
  };
}
