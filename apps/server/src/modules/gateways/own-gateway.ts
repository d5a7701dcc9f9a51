import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { gateway } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { sendCommand, type Caller } from '../commands/device-command.js';
import { recordOperation } from '../commands/operation-log.js';
import type { CommandService } from '../commands/service.js';

/**
 * A gateway, or a device that is its own gateway (an AC switch), found by its module's scoped finder: the
 * gateway settings below are the same rule for both, logged under each module's operation key.
 */
export interface OwnGateway {
  gatewayId: string;
  sn: string;
  plantId: string | null;
  meshCheck: boolean;
}

/** Turns mesh check on or off (command meshCheck); kept only when the gateway accepts it. */
export function setMeshCheck(
  deps: { db: Db; commands: CommandService },
  caller: Caller,
  gw: OwnGateway,
  enabled: boolean,
  operation: string,
) {
  const order = {
    type: 'meshCheck',
    params: { enabled },
    operation,
    oldValue: gw.meshCheck,
    newValue: enabled,
  } as const;
  const save = () => deps.db.update(gateway).set({ meshCheck: enabled }).where(eq(gateway.id, gw.gatewayId));
  return sendCommand(deps.commands, caller, { gatewayId: gw.gatewayId }, order, save);
}

/**
 * Sets the upload interval, seconds (command uploadInterval); kept only when the gateway accepts it. The gateway
 * page and the plant's communication settings (modules/plant-settings) both send it this way.
 */
export function setUploadInterval(
  deps: { db: Db; commands: CommandService },
  caller: Caller,
  gw: { gatewayId: string; uploadIntervalS: number },
  seconds: number,
  operation: string,
) {
  const order = {
    type: 'uploadInterval',
    params: { seconds },
    operation,
    oldValue: gw.uploadIntervalS,
    newValue: seconds,
  } as const;
  const save = () => deps.db.update(gateway).set({ uploadIntervalS: seconds }).where(eq(gateway.id, gw.gatewayId));
  return sendCommand(deps.commands, caller, { gatewayId: gw.gatewayId }, order, save);
}

/** Sets a new connection password, kept hashed; the password itself never reaches the log. */
export async function setConnPassword(
  db: Db,
  caller: Caller,
  gw: OwnGateway,
  password: string,
  operation: string,
): Promise<void> {
  await db
    .update(gateway)
    .set({ connPasswordHash: await hashPassword(password) })
    .where(eq(gateway.id, gw.gatewayId));
  await recordOperation(db, { ...caller, target: gw.sn, plantId: gw.plantId, operation, result: 'succeeded' });
}
