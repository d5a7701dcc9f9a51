import { sql, type SQL } from 'drizzle-orm';
import type { DebugLogRow, debugLogQuery } from '@heliograph/shared';
import type { z } from 'zod';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { anyContains, query } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { ValidationError } from '../../http/errors.js';

type Filter = z.output<typeof debugLogQuery>;

interface Stored {
  id: string;
  created_at: Date | string;
  type: string;
  params: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  status: string;
  error: string | null;
  device_sn: string;
  device_kind: string;
  gateway_sn: string;
  plant_name: string | null;
  by: string | null;
  total: string | number;
}

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const numbers = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isFinite(x)) : [];

/** A stored command as the log shows it: the request's code, address and registers, and the reply's. */
function rowOf(r: Stored): DebugLogRow {
  const p = r.params ?? {};
  const read = r.type === 'debugRead';
  return {
    id: r.id,
    at: new Date(r.created_at).getTime(),
    deviceSn: r.device_sn,
    deviceKind: r.device_kind,
    gatewaySn: r.gateway_sn,
    plantName: r.plant_name,
    kind: read ? 'read' : 'write',
    fc: int(p['fc']),
    address: int(p['address']),
    count: read ? int(p['count']) : null,
    written: read ? [] : numbers(p['values']),
    registers: numbers(r.result?.['values']),
    status: r.status,
    error: r.error,
    by: r.by,
  };
}

/** `at` as PostgreSQL reads it; past year 9999 a Date's ISO text is not one. */
const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const at = (t: number): SQL => sql`${new Date(Math.min(t, LATEST_MS)).toISOString()}::timestamptz`;

/**
 * One page of the debug log: commands debugRead and debugWrite to devices behind the gateways the caller may
 * see (the access layer's `command` policy), newest first, read through the partial index
 * device_command_debug (created_at of debug commands only).
 */
export async function debugLog(db: Db, auth: AuthContext, f: Filter): Promise<{ total: number; rows: DebugLogRow[] }> {
  if (f.from !== undefined && f.to !== undefined && f.from > f.to)
    throw new ValidationError([{ field: 'to', rule: 'touEndBeforeStart' }]);
  const kinds = f.kind ? [f.kind === 'read' ? 'debugRead' : 'debugWrite'] : ['debugRead', 'debugWrite'];
  const where = sql.join(
    [
      sql`c.type in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
      scopeCondition(auth, 'command'),
      f.from !== undefined ? sql`c.created_at >= ${at(f.from)}` : undefined,
      f.to !== undefined ? sql`c.created_at <= ${at(f.to)}` : undefined,
      f.q ? anyContains(f.q, [sql`d.sn`, sql`g.sn`]) : undefined,
    ].filter((c): c is SQL => c !== undefined),
    sql` and `,
  );
  const rows = await query<Stored>(
    db,
    sql`select c.id, c.created_at, c.type, c.params, c.result, c.status, c.error,
        d.sn as device_sn, d.kind as device_kind, g.sn as gateway_sn, p.name as plant_name, u.account as by,
        count(*) over () as total
      from device_command c
        join gateway g on g.id = c.gateway_id
        join device d on d.id = c.device_id
        left join plant p on p.id = c.plant_id
        left join app_user u on u.id = c.created_by
      where ${where}
      order by c.created_at desc, c.id desc
      limit ${f.size} offset ${(f.page - 1) * f.size}`,
  );
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map(rowOf) };
}
