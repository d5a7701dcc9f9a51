import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CommMessage, CommMessageRow, commMessagesQuery, CommSummary } from '@heliograph/shared';
import type { z } from 'zod';
import { findGateway } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/rows.js';
import { gatewayMessage } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError, ValidationError } from '../../http/errors.js';

export type MessageFilter = Omit<z.output<typeof commMessagesQuery>, 'page' | 'size'>;

/** The end of year 9999: past it, a Date's ISO text takes a sign and six digits, which PostgreSQL does not read. */
const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const at = (t: number): SQL => sql`${new Date(Math.min(t, LATEST_MS)).toISOString()}::timestamptz`;

const m = gatewayMessage;

/** The filters of one gateway's messages; refuses a range that ends before it starts. */
function conditions(sn: string, f: MessageFilter): SQL | undefined {
  if (f.from !== undefined && f.to !== undefined && f.from > f.to)
    throw new ValidationError([{ field: 'to', rule: 'touEndBeforeStart' }]);
  return and(
    eq(m.gatewaySn, sn),
    f.from !== undefined ? sql`${m.at} >= ${at(f.from)}` : undefined,
    f.to !== undefined ? sql`${m.at} <= ${at(f.to)}` : undefined,
    f.direction ? eq(m.direction, f.direction) : undefined,
    f.channel ? eq(m.channel, f.channel) : undefined,
    // % and _ typed in the box match themselves (containing() escapes them).
    f.q ? sql`${m.payload} ilike ${containing(f.q)}` : undefined,
  );
}

const rowColumns = {
  id: m.id,
  at: m.at,
  direction: m.direction,
  channel: m.channel,
  size: m.size,
  summary: m.summary,
};

/**
 * A page of one gateway's messages, newest first: the index gateway_message_sn_at (gateway_sn, at desc, id desc)
 * hands the rows over in order, so a page reads little more than its own rows however many the day holds.
 * Exported for the plan test.
 */
export function messagesQuery(db: Db, sn: string, f: MessageFilter, limit: number, offset: number) {
  return db
    .select(rowColumns)
    .from(m)
    .where(conditions(sn, f))
    .orderBy(desc(m.at), desc(m.id))
    .limit(limit)
    .offset(offset);
}

export function messagesCountQuery(db: Db, sn: string, f: MessageFilter) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(m)
    .where(conditions(sn, f));
}

type Stored = { id: number; at: Date; direction: string; channel: string; size: number; summary: unknown };

function rowOf(r: Stored): CommMessageRow {
  return {
    id: String(r.id),
    at: r.at.getTime(),
    direction: r.direction === 'down' ? 'down' : 'up',
    channel: r.channel,
    size: r.size,
    summary: r.summary as CommSummary,
  };
}

/** One page of a gateway's log (a gateway the caller may see; otherwise "does not exist") and the total. */
export async function listMessages(
  db: Db,
  auth: AuthContext,
  sn: string,
  f: MessageFilter & { page: number; size: number },
): Promise<{ total: number; rows: CommMessageRow[] }> {
  await findGateway(db, auth, sn);
  const [rows, count] = await Promise.all([
    messagesQuery(db, sn, f, f.size, (f.page - 1) * f.size),
    messagesCountQuery(db, sn, f),
  ]);
  return { total: count[0]?.n ?? 0, rows: rows.map(rowOf) };
}

/** One message of a gateway the caller may see, with its payload; another gateway's id is "does not exist". */
export async function getMessage(db: Db, auth: AuthContext, sn: string, id: string): Promise<CommMessage> {
  await findGateway(db, auth, sn);
  const [row] = await db
    .select({ ...rowColumns, payload: m.payload, truncated: m.truncated, kept: m.payloadKept })
    .from(m)
    .where(and(eq(m.id, Number(id)), eq(m.gatewaySn, sn)));
  if (!row) throw new AppError('notFound');
  return { ...rowOf(row), payload: row.payload, truncated: row.truncated, kept: row.kept };
}
