import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { CommandService } from '../commands/service.js';
import { INVERTER_LIST_STATUSES, type InverterService } from './service.js';

/** The Fastify instance the inverter routes are registered on (zod schemas). */
export type InverterApp = Parameters<FastifyPluginAsyncZod>[0];
export interface InverterRouteDeps {
  db: Db;
  commands: CommandService;
  inverters: InverterService;
}
export const view = { access: 'inverter.view', scope: 'company' } as const;
export const tags = ['inverters'];

export const filterQuery = z.object({
  q: z.string().max(64).optional(),
  status: z.enum(INVERTER_LIST_STATUSES).optional(),
  plantId: z.string().max(64).optional(),
  model: z.string().max(64).optional(),
  brand: z.string().max(64).optional(),
});
export const statusCounts = z.object({
  all: z.number(),
  normal: z.number(),
  warning: z.number(),
  fault: z.number(),
  offline: z.number(),
  upgrading: z.number(),
});
export const inverterRow = z.object({
  id: z.string(),
  sn: z.string(),
  alias: z.string().nullable(),
  brand: z.string(),
  model: z.string(),
  ratedW: z.number().nullable(),
  protocol: z.string(),
  firmware: z.string().nullable(),
  gatewaySn: z.string(),
  plantId: z.string().nullable(),
  plantName: z.string().nullable(),
  status: z.string(),
  powerW: z.number().nullable(),
  todayKwh: z.number(),
  totalKwh: z.number().nullable(),
  lastSeen: z.number().nullable(),
  writable: z.boolean(),
});
export const debugReply = z.object({
  id: z.string(),
  type: z.string(),
  params: z.record(z.string(), z.unknown()),
  status: z.string(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  at: z.number(),
});
