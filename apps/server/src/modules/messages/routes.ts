import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { message } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';

/** The unread count behind the shell's message badge (spec §7 "Notices and messages": count). */
export function messageRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'messages');
    route(
      'GET /messageTd/count',
      { config: { access: 'signedIn', scope: 'self' }, summary: 'How many of the caller’s messages are unread' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const [row] = await deps.db
          .select({ n: count() })
          .from(message)
          .where(and(eq(message.userId, auth.userId), isNull(message.readAt)));
        return ok(req, { count: row?.n ?? 0 });
      },
    );
  };
}
