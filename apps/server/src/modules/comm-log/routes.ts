import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { findGateway } from '../../access/finders.js';
import type { FullTelemetry } from './full-telemetry.js';
import { getMessage, listMessages } from './messages.js';

/**
 * The communication log (issue 14 item 6; spec §2.2 log/commu, permission logger.communcation.management — the
 * spec's spelling). A gateway's messages are read through the gateway finder of the access layer: another
 * company's gateway, or a message of another gateway, "does not exist".
 */
export function commLogRoutes(deps: { db: Db; fullTelemetry: FullTelemetry }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, fullTelemetry } = deps;
    const config = { access: 'logger.communcation.management', scope: 'company' } as const;
    // Message ids are the table's bigserial, in decimal (at most 15 digits: a safe integer).
    const route = contractRoutes(app, 'comm-log', { id: z.string().regex(/^[1-9]\d{0,14}$/) });

    route(
      'GET /gateway/:sn/messages',
      {
        config,
        summary: "A gateway's communication log, newest first (time range, direction, channel, payload text; pages)",
      },
      async (req) => ok(req, await listMessages(db, requireAuth(req.auth), req.params.sn, req.query)),
    );

    route(
      'GET /gateway/:sn/message/:id',
      { config, summary: 'One message of the communication log with its stored payload' },
      async (req) => ok(req, await getMessage(db, requireAuth(req.auth), req.params.sn, req.params.id)),
    );

    route(
      'GET /gateway/:sn/comm-log/recording',
      { config, summary: "Whether the gateway's telemetry is logged in full, and until when" },
      async (req) => {
        const gw = await findGateway(db, requireAuth(req.auth), req.params.sn);
        return ok(req, { fullUntil: await fullTelemetry.get(gw.id) });
      },
    );

    route(
      'POST /gateway/:sn/comm-log/recording',
      {
        config,
        summary: "Log the gateway's telemetry in full for some hours (at most 24), or as summaries only (0)",
      },
      async (req) => {
        // Changing what is recorded for a gateway is a change to it: the caller must be able to change it.
        const gw = await findGateway(db, requireAuth(req.auth), req.params.sn, { write: true });
        const fullUntil = await fullTelemetry.set({ id: gw.id, sn: req.params.sn }, req.body.hours);
        return ok(req, { fullUntil });
      },
    );
  };
}
