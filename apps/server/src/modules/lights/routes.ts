import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { LightService } from './service.js';

/**
 * Smart bulbs (spec §7 light/*: oauth, bind, unbind, setting), key application.center. The provider's token
 * is never answered; another company's light is "does not exist" (404) and nothing changes.
 */
export function lightRoutes(deps: { lights: LightService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { lights } = deps;
    const route = contractRoutes(app, 'lights', { id: z.uuid() });
    const config = { access: 'application.center', scope: 'company' } as const;
    const caller = (req: { auth: Parameters<typeof requireAuth>[0]; ip: string }) => ({
      auth: requireAuth(req.auth),
      ip: req.ip,
    });

    route(
      'GET /light/account',
      { config, summary: 'Whether the company has linked a bulb provider account' },
      async (req) => ok(req, await lights.account(requireAuth(req.auth), req.query.provider)),
    );
    route(
      'POST /light/oauth',
      { config, summary: 'Start linking a provider account: the provider’s authorisation URL (OAuth code flow)' },
      async (req) => ok(req, await lights.startOauth(requireAuth(req.auth), req.body.provider)),
    );
    route(
      'POST /light/oauth/callback',
      { config, summary: 'Finish linking: the provider’s code is exchanged for a token, kept encrypted' },
      async (req) => ok(req, await lights.completeOauth(caller(req), req.body)),
    );
    route('POST /light/oauth/unlink', { config, summary: 'Forget the company’s provider account' }, async (req) => {
      await lights.unlink(caller(req), req.body.provider);
      return ok(req, null);
    });
    route(
      'GET /light/devices',
      { config, summary: 'The linked account’s bulbs not bound to a plant yet' },
      async (req) => ok(req, await lights.unboundBulbs(requireAuth(req.auth), req.query.provider)),
    );
    route('POST /light/bind', { config, summary: 'Bind a bulb of the account to a plant, with a name' }, async (req) =>
      ok(req, await lights.bind(caller(req), req.body)),
    );
    route('POST /light/unbind/:id', { config, summary: 'Unbind a bulb from its plant' }, async (req) => {
      await lights.unbind(caller(req), req.params.id);
      return ok(req, null);
    });
    route(
      'POST /light/setting/:id',
      { config, summary: 'Switch and dim a bulb: on, brightness a whole number 0–100 (logged)' },
      async (req) => ok(req, await lights.setting(caller(req), req.params.id, req.body)),
    );
    route(
      'GET /light/list',
      { config, summary: 'Bound bulbs of a plant or of every plant the caller may see (search, pages)' },
      async (req) => {
        const { page, size, ...q } = req.query;
        return ok(req, await lights.list(requireAuth(req.auth), q, { page, size }));
      },
    );
  };
}
