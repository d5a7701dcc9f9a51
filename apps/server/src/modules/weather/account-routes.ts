import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { WeatherAccounts } from './accounts.js';

/** Weather-station accounts per plant (application centre, key application.center). The key is never answered. */
export function weatherAccountRoutes(deps: { accounts: WeatherAccounts }): FastifyPluginAsyncZod {
  return async (app) => {
    const { accounts } = deps;
    const route = contractRoutes(app, 'weather stations');
    const config = { access: 'application.center', scope: 'company' } as const;
    route(
      'GET /weather/auth/list',
      { config, summary: 'The caller’s plants with their weather-station account (provider, station, masked key)' },
      async (req) => {
        const { page, size, ...q } = req.query;
        return ok(req, await accounts.list(requireAuth(req.auth), q, { page, size }));
      },
    );
    route(
      'POST /weather/auth/link',
      { config, summary: 'Link a plant to a weather-station account (API key kept encrypted, never answered)' },
      async (req) => ok(req, await accounts.link(requireAuth(req.auth), req.ip, req.body)),
    );
    route('POST /weather/auth/unlink', { config, summary: 'Unlink a plant’s weather-station account' }, async (req) => {
      await accounts.unlink(requireAuth(req.auth), req.ip, req.body.plantId);
      return ok(req, null);
    });
    route(
      'POST /weather/auth/test',
      { config, summary: 'Test a plant’s weather-station account: a reading, or what failed' },
      async (req) => ok(req, await accounts.test(requireAuth(req.auth), req.body.plantId)),
    );
  };
}
