import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { upgradeRecordsQuery, UpgradeRow } from '@heliograph/shared';
import type { z } from 'zod';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { anyContains } from '../../db/rows.js';
import { appUser, plant, upgrade } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { ValidationError } from '../../http/errors.js';
import { upgradeRowFrom } from './rows.js';

/**
 * The maintenance log's upgrade records (issue 13 point 6, spec §2.2 log/uphold): every upgrade the caller may
 * see (POLICIES.upgrade, on the alias `u`), filtered and newest first, as a page or as the rows of a download.
 *
 * The list is ordered by `created_at` (newest first, the id breaking ties so pages never overlap): for a
 * company role the scope is `u.company_id = $1`, so the index upgrade_company (company_id, created_at) hands
 * the rows over in order and a page reads little more than its own rows, even among 50,000 records
 * (records.test.ts checks the plan).
 */

/** The filters of the records list and its download (the contract's query without the page). */
export type RecordFilter = Omit<z.output<typeof upgradeRecordsQuery>, 'page' | 'size'>;

/** At most this many rows in one download, newest first: a sheet any spreadsheet program opens at once. */
export const RECORDS_DOWNLOAD_MAX = 10_000;

/** The aliases the access layer's conditions are written against (`u`), and the plant's and operator's. */
const u = alias(upgrade, 'u');
const pl = alias(plant, 'pl');
const op = alias(appUser, 'op');

/** The end of year 9999: past it, a Date's ISO text takes a sign and six digits, which PostgreSQL does not read. */
const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/**
 * A Unix-ms filter bound as a timestamp parameter (both drivers take the ISO text). The contract allows any
 * safe integer; a bound past year 9999 is the same bound as its end, not a failed request.
 */
const at = (t: number): SQL => sql`${new Date(Math.min(t, LATEST_MS)).toISOString()}::timestamptz`;

/** The conditions of the filters, within the caller's scope; refuses a range that ends before it starts. */
function conditions(auth: AuthContext, f: RecordFilter): SQL | undefined {
  if (f.from !== undefined && f.to !== undefined && f.from > f.to)
    throw new ValidationError([{ field: 'to', rule: 'touEndBeforeStart' }]);
  // By when it was started; one still waiting for its gateway (never started) by when it was asked for.
  const started = sql`coalesce(${u.startedAt}, ${u.createdAt})`;
  return and(
    scopeCondition(auth, 'upgrade'),
    f.kind ? eq(u.kind, f.kind) : undefined,
    f.state ? eq(u.state, f.state) : undefined,
    f.rolloutId ? eq(u.rolloutId, f.rolloutId) : undefined,
    f.from !== undefined ? sql`${started} >= ${at(f.from)}` : undefined,
    f.to !== undefined ? sql`${started} <= ${at(f.to)}` : undefined,
    // % and _ typed in the box match themselves (containing() escapes them).
    f.q
      ? anyContains(f.q, [sql`${u.sn}`, sql`${pl.name}`, sql`${u.model}`, sql`${u.fromVersion}`, sql`${u.toVersion}`])
      : undefined,
  );
}

/**
 * The records of the filters, newest first, `limit` of them from `offset`, with the plant the record was made
 * in (kept after a plant is deleted: the log is history) and the operator. Exported for the plan test.
 */
export function recordsQuery(db: Db, auth: AuthContext, f: RecordFilter, limit: number, offset: number) {
  return db
    .select({ u, plantName: pl.name, operator: op.account })
    .from(u)
    .leftJoin(pl, eq(pl.id, u.plantId))
    .leftJoin(op, eq(op.id, u.createdBy))
    .where(conditions(auth, f))
    .orderBy(desc(u.createdAt), desc(u.id))
    .limit(limit)
    .offset(offset);
}

/**
 * How many records match the filters. The plant is joined for the search; without one, PostgreSQL drops the
 * join (a left join on its primary key whose columns nobody reads) and counts from the index alone.
 */
export function recordsCountQuery(db: Db, auth: AuthContext, f: RecordFilter) {
  return db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(u)
    .leftJoin(pl, eq(pl.id, u.plantId))
    .where(conditions(auth, f));
}

/** One page of the maintenance log and how many records match in all. */
export async function listUpgradeRecords(
  db: Db,
  auth: AuthContext,
  f: RecordFilter & { page: number; size: number },
): Promise<{ total: number; rows: UpgradeRow[] }> {
  const [rows, count] = await Promise.all([
    recordsQuery(db, auth, f, f.size, (f.page - 1) * f.size),
    recordsCountQuery(db, auth, f),
  ]);
  return { total: count[0]?.n ?? 0, rows: rows.map((r) => upgradeRowFrom(r.u, r.plantName, r.operator)) };
}

/** The records of a download: the same filters, the newest RECORDS_DOWNLOAD_MAX of them. */
export async function downloadUpgradeRecords(db: Db, auth: AuthContext, f: RecordFilter): Promise<UpgradeRow[]> {
  const rows = await recordsQuery(db, auth, f, RECORDS_DOWNLOAD_MAX, 0);
  return rows.map((r) => upgradeRowFrom(r.u, r.plantName, r.operator));
}
