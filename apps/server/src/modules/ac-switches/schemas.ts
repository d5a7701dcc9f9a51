import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../http/context.js';
import { callerOf } from '../commands/device-command.js';
import type { CommandService } from '../commands/service.js';
import { findSwitch } from './queries.js';

/** The Fastify instance the switch routes are registered on (zod schemas; answers in contracts/ac-switches.ts). */
export type SwitchApp = Parameters<FastifyPluginAsyncZod>[0];
export interface SwitchDeps {
  db: Db;
  commands: CommandService;
}
export const view = { access: 'switch.view', scope: 'company' } as const;
export const control = { access: 'switch.control', scope: 'company' } as const;

/** The OpenAPI tag of the routes. */
export const tag = 'acSwitch';

/** The caller of a route that changes the switch `sn`, and that switch (the caller may change it). */
export async function switchToChange(db: Db, req: { auth: AuthContext | null; ip: string }, sn: string) {
  const caller = callerOf(req);
  return { caller, auth: caller.auth, sw: await findSwitch(db, caller.auth, sn, { write: true }) };
}
