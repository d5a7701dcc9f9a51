import { API, buildPermissionTree, permissionTitle } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { answers } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';

/** GET /api/v1/permission: the caller's permission tree, titles in the requested language (spec §6). */
export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/permission',
    {
      config: { access: 'signedIn', scope: 'self' },
      schema: {
        tags: ['permission'],
        summary: 'The caller’s menu, page and button permissions as a tree',
        querystring: API['GET /permission'].query,
        response: answers('GET /permission'),
      },
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      return ok(
        req,
        buildPermissionTree(auth.permissions, (key) => permissionTitle(key, req.lang)),
      );
    },
  );
};
