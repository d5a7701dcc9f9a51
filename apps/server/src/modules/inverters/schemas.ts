import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../http/context.js';
import { callerOf } from '../commands/device-command.js';
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
export const control = { access: 'inverter.control', scope: 'company' } as const;
/** The OpenAPI tag of the routes. */
export const tag = 'inverters';

/** The caller of a route that changes the inverter in its path, and that inverter (the caller may change it). */
export async function inverterToChange(
  inverters: InverterService,
  req: { auth: AuthContext | null; ip: string; params: { sn: string } },
) {
  const caller = callerOf(req);
  return { caller, auth: caller.auth, inv: await inverters.target(caller.auth, req.params.sn, { write: true }) };
}
