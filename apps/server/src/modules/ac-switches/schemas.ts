import { switchLimitsSchema, timingTasksSchema } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { snParams } from '../../http/params.js';
import type { CommandService } from '../commands/service.js';
import { SWITCH_STATUSES } from './queries.js';

/** The Fastify instance the switch routes are registered on (zod schemas). */
export type SwitchApp = Parameters<FastifyPluginAsyncZod>[0];
export interface SwitchDeps {
  db: Db;
  commands: CommandService;
}
export const view = { access: 'switch.view', scope: 'company' } as const;
export const control = { access: 'switch.control', scope: 'company' } as const;

export const tags = ['acSwitch'];
export const filters = z.object({
  q: z.string().trim().max(64).optional(),
  status: z.enum(SWITCH_STATUSES).optional(),
  plantId: z.string().max(64).optional(),
});
export const snBody = z.object({ sn: snParams.shape.sn });
export const snList = z.array(snParams.shape.sn).min(1).max(100);
export const row = z.object({
  id: z.string(),
  gatewayId: z.string(),
  sn: z.string(),
  alias: z.string().nullable(),
  plantId: z.string().nullable(),
  plantName: z.string().nullable(),
  online: z.boolean(),
  locked: z.boolean(),
  on: z.boolean(),
  localOff: z.boolean(),
  status: z.string(),
  powerW: z.number().nullable(),
  leakageMa: z.number().nullable(),
  associatedUser: z.string().nullable(),
  lastSeen: z.number().nullable(),
});
export const settingsSchema = z.object({
  limits: switchLimitsSchema,
  timingTasks: timingTasksSchema,
  socRule: z.object({ enabled: z.boolean(), batterySn: z.string(), onAtSoc: z.number(), offAtSoc: z.number() }),
  reportMinutes: z.number(),
  on: z.boolean(),
  localOff: z.boolean(),
  associatedUserId: z.string().nullable(),
});
export const info = row.extend({
  settings: settingsSchema,
  localAreaCode: z.string().nullable(),
  serverAddress: z.string().nullable(),
  serverPort: z.number().nullable(),
  meshCheck: z.boolean(),
  model: z.string(),
  firmware: z.string().nullable(),
});
export const batchOutcome = z.array(z.object({ sn: z.string(), status: z.string(), error: z.string().nullable() }));
