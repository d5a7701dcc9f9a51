import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { CommandService } from '../commands/service.js';
import type { InverterService } from './service.js';

/** The Fastify instance the inverter routes are registered on (zod schemas). */
export type InverterApp = Parameters<FastifyPluginAsyncZod>[0];
export interface InverterRouteDeps {
  db: Db;
  commands: CommandService;
  inverters: InverterService;
}
export const view = { access: 'inverter.view', scope: 'company' } as const;
export const tags = ['inverters'];
