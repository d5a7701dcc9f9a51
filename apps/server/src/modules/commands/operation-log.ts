import type { Db } from '../../db/client.js';
import { operationLog } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';

export interface OperationEntry {
  auth: AuthContext;
  /** The caller's address (req.ip). */
  ip: string;
  /** The serial number (gateway or device) or the plant id the operation concerned. */
  target: string;
  /** A stable key such as 'inverter.boot' or 'gateway.alias'; the UI translates it. */
  operation: string;
  plantId?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  /** 'succeeded', 'failed', 'timed_out' or 'sent'. */
  result: string;
  commandId?: string;
}

const text = (v: unknown): string | null =>
  v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v);

/** Every command and every change to a device or plant lands here (spec §3 "Operation log"). */
export async function recordOperation(db: Pick<Db, 'insert'>, e: OperationEntry): Promise<void> {
  await db.insert(operationLog).values({
    companyId: e.auth.companyId,
    plantId: e.plantId ?? null,
    userId: e.auth.userId,
    target: e.target,
    operation: e.operation,
    oldValue: text(e.oldValue),
    newValue: text(e.newValue),
    result: e.result,
    ip: e.ip,
    commandId: e.commandId ?? null,
  });
}

/**
 * A change the console made itself (no command went to a device), logged as succeeded: by whom, from where,
 * on which gateway or device (its serial number and plant), with the old and new value where there is one.
 */
export async function recordChange(
  db: Pick<Db, 'insert'>,
  auth: AuthContext,
  ip: string,
  row: { sn: string; plantId: string | null },
  operation: string,
  values: Pick<OperationEntry, 'oldValue' | 'newValue'> = {},
): Promise<void> {
  await recordOperation(db, {
    auth,
    ip,
    target: row.sn,
    plantId: row.plantId,
    operation,
    ...values,
    result: 'succeeded',
  });
}
