import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { CommandService } from '../commands/service.js';

/** The Fastify instance the switch routes are registered on (zod schemas; answers in contracts/ac-switches.ts). */
export type SwitchApp = Parameters<FastifyPluginAsyncZod>[0];
export interface SwitchDeps {
  db: Db;
  commands: CommandService;
}
export const view = { access: 'switch.view', scope: 'company' } as const;
export const control = { access: 'switch.control', scope: 'company' } as const;

export const tags = ['acSwitch'];
