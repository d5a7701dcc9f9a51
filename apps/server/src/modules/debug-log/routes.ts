import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { debugLog } from './queries.js';

/**
 * The debug log (issue 14 item 6; spec §2.3 "Logging: … debug logs"): the register reads and writes sent
 * through remote debug, with the replies, across the devices the caller may see. The Logs key guards it;
 * rows come through the access layer's command policy, so another company's commands are never listed.
 */
export function debugLogRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'debug-log');
    route(
      'GET /log/debug',
      {
        config: { access: 'logger.management', scope: 'company' },
        summary: 'Register reads and writes sent through remote debug, with the replies, newest first',
      },
      async (req) => ok(req, await debugLog(deps.db, requireAuth(req.auth), req.query)),
    );
  };
}
