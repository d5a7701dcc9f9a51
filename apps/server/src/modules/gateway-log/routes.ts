import { and, desc, eq } from 'drizzle-orm';
import { gatewayLogResultSchema, type GatewayLog } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findGateway } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { deviceCommand } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { sendCommand } from '../commands/device-command.js';
import type { CommandService } from '../commands/service.js';

/** The lines of a gateway's answer, or none when it did not answer in the protocol's shape. */
function linesOf(result: unknown): GatewayLog['lines'] {
  const parsed = gatewayLogResultSchema.safeParse(result);
  return parsed.success ? parsed.data.lines : [];
}

/**
 * A gateway's own log (spec §7 "Loggers: logger/*"; issue 14 item 6): `POST logger/:sn/log/read` asks the
 * gateway for its newest lines (command logRead, in the operation log like every command); `GET logger/:sn/log`
 * answers the last lines it gave. Reading a log changes nothing on the gateway, so whoever may see the gateway
 * and holds the Logs key may read it; another company's gateway "does not exist".
 */
export function gatewayLogRoutes(deps: { db: Db; commands: CommandService; now: () => number }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, commands } = deps;
    const config = { access: 'logger.management', scope: 'company' } as const;
    const route = contractRoutes(app, 'gateway-log');

    route('GET /logger/:sn/log', { config, summary: "The gateway's own log lines as last read" }, async (req) => {
      const gw = await findGateway(db, requireAuth(req.auth), req.params.sn);
      const [last] = await db
        .select({ at: deviceCommand.finishedAt, result: deviceCommand.result })
        .from(deviceCommand)
        .where(
          and(
            eq(deviceCommand.gatewayId, gw.id),
            eq(deviceCommand.type, 'logRead'),
            eq(deviceCommand.status, 'succeeded'),
          ),
        )
        .orderBy(desc(deviceCommand.createdAt))
        .limit(1);
      return ok(req, { at: last?.at ? last.at.getTime() : null, lines: linesOf(last?.result) });
    });

    route(
      'POST /logger/:sn/log/read',
      { config, summary: "Read the gateway's newest log lines now (command logRead; at most 200)" },
      async (req) => {
        const auth = requireAuth(req.auth);
        const gw = await findGateway(db, auth, req.params.sn);
        const order = { type: 'logRead', params: { lines: req.body.lines }, operation: 'gateway.logRead' } as const;
        const outcome = await sendCommand(commands, { auth, ip: req.ip }, { gatewayId: gw.id }, order);
        const done = outcome.status === 'succeeded';
        return ok(req, { ...outcome, at: done ? deps.now() : null, lines: done ? linesOf(outcome.result) : [] });
      },
    );
  };
}
