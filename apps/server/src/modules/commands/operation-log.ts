import { sql, type SQL } from 'drizzle-orm';
import type { OperationLogPage } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
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

/**
 * One page of the operation log, newest first, of the rows `where` picks (over the alias `o`): the log of a
 * serial number or plant id (GET /operation/log), or of a plant's devices (modules/plant-settings).
 */
export async function operationLogPage(db: Db, where: SQL, page: number, size: number): Promise<OperationLogPage> {
  const rows = await query<{
    id: string;
    created_at: unknown;
    operator: string | null;
    target: string;
    operation: string;
    old_value: string | null;
    new_value: string | null;
    result: string;
    ip: string | null;
  }>(
    db,
    sql`select o.*, u.account as operator
      from operation_log o left join app_user u on u.id = o.user_id
      where ${where} order by o.created_at desc limit ${size} offset ${(page - 1) * size}`,
  );
  const [count] = await query<{ n: unknown }>(db, sql`select count(*) as n from operation_log o where ${where}`);
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({
      id: r.id,
      at: toMs(r.created_at),
      operator: r.operator,
      target: r.target,
      operation: r.operation,
      oldValue: r.old_value,
      newValue: r.new_value,
      result: r.result,
      ip: r.ip,
    })),
  };
}
