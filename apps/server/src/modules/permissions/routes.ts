import { buildPermissionTree, permissionTitle } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';

/** GET /api/v1/permission: the caller's permission tree, titles in the requested language (spec §6). */
export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = contractRoutes(app, 'permission');
  const self = { access: 'signedIn', scope: 'self' } as const;
  route(
    'GET /permission',
    { config: self, summary: 'The caller’s menu, page and button permissions as a tree' },
    async (req) => {
      const auth = requireAuth(req.auth);
      return ok(
        req,
        buildPermissionTree(auth.permissions, (key) => permissionTitle(key, req.lang)),
      );
    },
  );
};
