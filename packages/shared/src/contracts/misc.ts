import { z } from 'zod';
import { PERMISSION_KEYS, type PermissionNode } from '../permissions.js';
import { contracts } from './route.js';

/** The shell's own calls: the permission tree, the message badge, and a plant's live stream. */

export const permissionNode: z.ZodType<PermissionNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    permission: z.enum(PERMISSION_KEYS as [PermissionNode['permission'], ...PermissionNode['permission'][]]),
    type: z.union([z.literal(0), z.literal(1)]),
    hidden: z.boolean(),
    children: z.array(permissionNode),
  }),
);

export const miscContracts = contracts({
  /** The caller's menu, page and button permissions as a tree, titles in the requested language (spec §6). */
  'GET /permission': { query: z.object({ lan: z.string().max(16).optional() }), answer: z.array(permissionNode) },
  /** The unread count behind the shell's message badge (spec §7 "Notices and messages"). */
  'GET /messageTd/count': { answer: z.object({ count: z.number().int() }) },
  /** Server-sent events: `plant` whenever ingest commits new figures for the plant (apps/server/src/modules/live). */
  'GET /live/plant/:id': { answer: null },
});
