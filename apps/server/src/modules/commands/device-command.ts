import { requireAuth, type AuthContext } from '../../http/context.js';
import type { CommandOutcome } from '@heliograph/shared';
import type { CommandRequest, CommandService } from './service.js';

/** Who sends a command: the caller and their address, as the operation log records them. */
export interface Caller {
  auth: AuthContext;
  ip: string;
}

/** The caller of a request on a signed-in route. */
export function callerOf(req: { auth: AuthContext | null; ip: string }): Caller {
  return { auth: requireAuth(req.auth), ip: req.ip };
}

/** Where a command goes: the gateway, and the device behind it when the command is for a device. */
export type CommandTarget = Pick<CommandRequest, 'gatewayId' | 'device' | 'plantId'>;

/** What is sent and how the operation log names it (type, parameters, operation key, old and new value). */
export type CommandOrder = Omit<CommandRequest, 'auth' | 'ip' | 'gatewayId' | 'device' | 'plantId'>;

/** A device found by a module's scoped finder, addressed behind its gateway. */
export function deviceTarget(d: { id: string; sn: string; gatewayId: string }): CommandTarget {
  return { gatewayId: d.gatewayId, device: { id: d.id, sn: d.sn } };
}

/** An inverter (or a device like it) whose commands are logged under its own plant. */
export function inverterTarget(d: {
  id: string;
  sn: string;
  gatewayId: string;
  plantId: string | null;
}): CommandTarget {
  return { ...deviceTarget(d), plantId: d.plantId };
}

/**
 * The one path of a device or gateway command, after the route has found its target with the write scope:
 * send and wait (CommandService logs the attempt and its result in the operation log), then keep the new
 * value only when the gateway accepted it, so the console never shows a setting the device does not have.
 */
export async function sendCommand(
  commands: CommandService,
  caller: Caller,
  target: CommandTarget,
  order: CommandOrder,
  onSuccess?: (outcome: CommandOutcome) => Promise<unknown>,
): Promise<CommandOutcome> {
  const outcome = await commands.send({ auth: caller.auth, ip: caller.ip, ...target, ...order });
  if (outcome.status === 'succeeded' && onSuccess) await onSuccess(outcome);
  return outcome;
}
