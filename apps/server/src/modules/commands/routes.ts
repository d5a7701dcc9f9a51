import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findCommand } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { operationLogPage } from './operation-log.js';
import type { CommandService } from './service.js';

/** A command's state (for a page that lost its wait) and the operation log of a device, gateway or plant. */
export function commandRoutes(deps: { db: Db; commands: CommandService }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'commands', { id: z.uuid() });
    const signedIn = { access: 'signedIn', scope: 'company' } as const;
    route(
      'GET /command/:id',
      { config: signedIn, summary: 'A command sent to a gateway or device: sent, succeeded, failed or timed out' },
      async (req) => {
        const auth = requireAuth(req.auth);
        await findCommand(deps.db, auth, req.params.id);
        return ok(req, await deps.commands.get(req.params.id));
      },
    );

    route(
      'GET /operation/log',
      {
        config: signedIn,
        summary: 'Who did what to a gateway, device (by serial number) or plant (by id), newest first',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { target, page, size } = req.query;
        // The log of something the caller cannot see does not exist.
        const [seen] = await query<{ n: number }>(
          deps.db,
          sql`select 1 as n where exists (select 1 from gateway g where g.sn = ${target} and ${scopeCondition(auth, 'gateway')})
            or exists (select 1 from device d join gateway g on g.id = d.gateway_id where d.sn = ${target} and ${scopeCondition(auth, 'device')})
            or exists (select 1 from plant p where p.id::text = ${target} and ${scopeCondition(auth, 'plant')})`,
        );
        if (!seen) throw new AppError('notFound');
        return ok(req, await operationLogPage(deps.db, sql`o.target = ${target}`, page, size));
      },
    );
  };
}
