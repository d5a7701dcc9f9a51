import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { ScanLoginService } from './service.js';

/** Scan-code login (issue 12 point 8): the login page's code, the desktop's poll and the phone's confirmation. */
export function scanLoginRoutes(deps: { scan: ScanLoginService }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'scan-login');
    const open = { access: 'public', scope: 'none' } as const;

    route(
      'POST /anonymous/scanCode',
      {
        config: open,
        summary: 'A new scan-code login (2 minutes): the ticket for the QR code and the code the desktop polls with',
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(req, await deps.scan.create(req.ip));
      },
    );

    route(
      'POST /oauth/check/token/code',
      {
        config: open,
        summary: 'The desktop’s poll: pending, or once confirmed its own new token pair (once); 1403 otherwise',
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(req, await deps.scan.poll(req.body.code, req.ip));
      },
    );

    route(
      'POST /scanCode/confirm',
      {
        config: { access: 'signedIn', scope: 'self' },
        summary: 'A signed-in phone confirms a scan-code login: the desktop signs in as the same account',
      },
      async (req) => {
        await deps.scan.confirm(requireAuth(req.auth).userId, req.body.ticket);
        return ok(req, null);
      },
    );
  };
}
