import { buildPermissionTree, permissionTitle, PERMISSION_KEYS, type PermissionNode } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/context.js';
import { envelope, ok } from '../../http/envelope.js';

const node: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    permission: z.enum(PERMISSION_KEYS as [PermissionNode['permission'], ...PermissionNode['permission'][]]),
    type: z.union([z.literal(0), z.literal(1)]),
    hidden: z.boolean(),
    children: z.array(node),
  }),
);

/** GET /api/v1/permission: the caller's permission tree, titles in the requested language (spec §6). */
export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/permission',
    {
      config: { access: 'signedIn', scope: 'self' },
      schema: {
        tags: ['permission'],
        summary: 'The caller’s menu, page and button permissions as a tree',
        querystring: z.object({ lan: z.string().max(16).optional() }),
        response: { 200: envelope(z.array(node)) },
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
