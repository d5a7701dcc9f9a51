import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { plantParams } from '../plants/schemas.js';
import { NotificationService } from './service.js';

/**
 * Alarm notifications (issue 15 items 5–6): the caller's own rules (scope self; a plant's rule only for a
 * plant they can see, 700 otherwise), their browsers' push subscriptions, and their company's webhooks with
 * the delivery log (company.info; another company's webhook is 404). The secret of a webhook is write-only.
 */
export function notificationRoutes(deps: {
  db: Db;
  now: () => number;
  /** The public VAPID key; undefined when web push is off. */
  vapidPublicKey: string | undefined;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'notifications', { ...plantParams });
    const service = new NotificationService(deps.db);
    const self = { access: 'signedIn', scope: 'self' } as const;
    const plant = { access: 'signedIn', scope: 'company' } as const;
    const company = { access: 'company.info', scope: 'company' } as const;

    route(
      'GET /notification/settings',
      { config: self, summary: 'The caller’s alarm notification rules' },
      async (req) => ok(req, await service.settings(requireAuth(req.auth))),
    );
    route(
      'POST /notification/settings',
      { config: self, summary: 'Save the caller’s default alarm notification rule' },
      async (req) => ok(req, await service.save(requireAuth(req.auth), req.body)),
    );
    route(
      'POST /notification/settings/plant/:id',
      { config: plant, summary: 'Save the caller’s alarm notification rule for one plant' },
      async (req) => ok(req, await service.save(requireAuth(req.auth), req.body, req.params.id)),
    );
    route(
      'DELETE /notification/settings/plant/:id',
      { config: plant, summary: 'Drop the caller’s rule for a plant (the default applies again)' },
      async (req) => ok(req, await service.dropPlantRule(requireAuth(req.auth), req.params.id)),
    );

    route(
      'GET /notification/push/key',
      { config: self, summary: 'The server’s public VAPID key for web push subscriptions' },
      async (req) => ok(req, { publicKey: deps.vapidPublicKey ?? '' }),
    );
    route(
      'POST /notification/push/subscribe',
      { config: self, summary: 'Keep a browser’s web push subscription for the caller' },
      async (req) => ok(req, await service.subscribe(requireAuth(req.auth), req.body)),
    );
    route(
      'POST /notification/push/unsubscribe',
      { config: self, summary: 'Forget a browser’s web push subscription' },
      async (req) => ok(req, await service.unsubscribe(requireAuth(req.auth), req.body.endpoint)),
    );

    route(
      'GET /notification/webhooks',
      { config: company, summary: 'The company’s alarm webhooks (secrets are never sent)' },
      async (req) => ok(req, await service.webhooks(requireAuth(req.auth), deps.now())),
    );
    route(
      'POST /notification/webhooks',
      { config: company, summary: 'Add an alarm webhook: every alarm of the company’s plants is POSTed to it, signed' },
      async (req) => ok(req, await service.addWebhook(requireAuth(req.auth), req.body, deps.now())),
    );
    route(
      'POST /notification/webhook/:id',
      { config: company, summary: 'Edit a webhook (a secret left out is kept)' },
      async (req) => ok(req, await service.editWebhook(requireAuth(req.auth), req.params.id, req.body, deps.now())),
    );
    route('DELETE /notification/webhook/:id', { config: company, summary: 'Remove a webhook' }, async (req) =>
      ok(req, await service.removeWebhook(requireAuth(req.auth), req.params.id, deps.now())),
    );
    route(
      'GET /notification/webhook/:id/deliveries',
      { config: company, summary: 'A webhook’s delivery log, newest first: status, attempts, last error' },
      async (req) => ok(req, await service.deliveries(requireAuth(req.auth), req.params.id, req.query, deps.now())),
    );
  };
}
