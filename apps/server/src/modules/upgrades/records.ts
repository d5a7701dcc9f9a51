import { sql, type SQL } from 'drizzle-orm';
import {
  FIRMWARE_KINDS,
  isUpgradeOpen,
  UPGRADE_STATES,
  UPGRADE_STEPS,
  upgradeCancellable,
  type FirmwareKind,
  type upgradeRecordsQuery,
  type UpgradeRow,
  type UpgradeState,
  type UpgradeStep,
} from '@heliograph/shared';
import type { z } from 'zod';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { anyContains, num, query, toMs } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { ValidationError } from '../../http/errors.js';

/**
 * The maintenance log's upgrade records (issue 13 point 6, spec §2.2 log/uphold): every upgrade the caller may
 * see (POLICIES.upgrade, on the alias `u`), filtered and newest first, as a page or as the rows of a download.
 *
 * The list is ordered by `created_at` (newest first, the id breaking ties so pages never overlap): for a
 * company role the scope is `u.company_id = $1`, so the index upgrade_company (company_id, created_at) hands
 * the rows over in order and a page reads only its own rows, even with 50,000 records (records.test.ts shows
 * the plan).
 */

/** The filters of the records list and its download (the contract's query without the page). */
export type RecordFilter = Omit<z.output<typeof upgradeRecordsQuery>, 'page' | 'size'>;

/** At most this many rows in one download, newest first: a sheet anyone can open, made in a second or two. */
export const RECORDS_DOWNLOAD_MAX = 10_000;

/** One upgrade row as the query reads it (snake case, timestamps as the driver hands them back). */
interface RecordRecord {
  id: string;
  sn: string;
  kind: string;
  model: string;
  plant_id: string | null;
  plant_name: string | null;
  firmware_id: string | null;
  from_version: string | null;
  to_version: string;
  state: string;
  steps: unknown;
  progress: number | string | null;
  error: string | null;
  rollout_id: string | null;
  wave: number | string | null;
  operator: string | null;
  created_at: unknown;
  started_at: unknown;
  finished_at: unknown;
  cancel_requested_at: unknown;
}

const STEP_SET: ReadonlySet<string> = new Set(UPGRADE_STEPS);
const isStep = (v: unknown): v is UpgradeStep => typeof v === 'string' && STEP_SET.has(v);

/**
 * The steps column, as the device reported them. The column is written only by the server, but it is JSON:
 * an entry that is not a known step with a time is left out rather than answered in a shape the contract
 * refuses (which would be a 500 for the whole page).
 */
function stepsOf(value: unknown): UpgradeRow['steps'] {
  if (!Array.isArray(value)) return [];
  const out: UpgradeRow['steps'] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') continue;
    const { step, at } = entry as { step?: unknown; at?: unknown };
    if (isStep(step) && typeof at === 'number' && Number.isFinite(at)) out.push({ step, at });
  }
  return out;
}

// The columns are written only by the server with the shared names; an unknown one (a kind or state a newer
// instance wrote during a rolling update) is shown as the nearest safe reading rather than failing the page.
const asKind = (v: string): FirmwareKind =>
  (FIRMWARE_KINDS as readonly string[]).includes(v) ? (v as FirmwareKind) : 'gateway';
const asState = (v: string): UpgradeState =>
  (UPGRADE_STATES as readonly string[]).includes(v) ? (v as UpgradeState) : 'failed';
const msOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : toMs(v));

/**
 * The shared UpgradeRow of a record. The server-upgrades helper writes modules/upgrades/rows.ts
 * (upgradeRowFrom) for the device pages; until the two are merged, the log maps its rows here.
 */
export function recordRow(r: RecordRecord): UpgradeRow {
  const kind = asKind(r.kind);
  const state = asState(r.state);
  const steps = stepsOf(r.steps);
  // Spec §4: it can be stopped while it is open, on a device that supports cancelling, before the device has
  // reported its outcome, and only once.
  const finishedStep = steps.some((s) => s.step === 'upgradeOk' || s.step === 'upgradeFailed');
  return {
    id: r.id,
    sn: r.sn,
    kind,
    model: r.model,
    plant: r.plant_id && r.plant_name !== null ? { id: r.plant_id, name: r.plant_name } : null,
    firmwareId: r.firmware_id,
    fromVersion: r.from_version,
    toVersion: r.to_version,
    state,
    steps,
    progress: num(r.progress),
    error: r.error,
    rolloutId: r.rollout_id,
    wave: num(r.wave),
    operator: r.operator ?? '',
    createdAt: toMs(r.created_at),
    startedAt: msOrNull(r.started_at),
    finishedAt: msOrNull(r.finished_at),
    cancellable:
      isUpgradeOpen(state) &&
      upgradeCancellable(kind, r.model) &&
      !finishedStep &&
      (r.cancel_requested_at === null || r.cancel_requested_at === undefined),
  };
}

/** The latest time a JavaScript Date holds (year 275760); PostgreSQL's timestamps reach further. */
const LATEST_MS = 8.64e15;

/**
 * A Unix-ms filter bound as a timestamp parameter (both drivers take the ISO text). The contract allows any
 * safe integer; one past the last date is the same bound as the last date, not a failed request.
 */
const at = (ms: number): SQL => sql`${new Date(Math.min(ms, LATEST_MS)).toISOString()}::timestamptz`;

/** The conditions of the filters, within the caller's scope; refuses a range that ends before it starts. */
function conditions(auth: AuthContext, f: RecordFilter): SQL {
  if (f.from !== undefined && f.to !== undefined && f.from > f.to)
    throw new ValidationError([{ field: 'to', rule: 'touEndBeforeStart' }]);
  const where: SQL[] = [scopeCondition(auth, 'upgrade')];
  if (f.kind) where.push(sql`u.kind = ${f.kind}`);
  if (f.state) where.push(sql`u.state = ${f.state}`);
  if (f.rolloutId) where.push(sql`u.rollout_id = ${f.rolloutId}`);
  // By when it was started; one still waiting for its gateway (never started) by when it was asked for.
  if (f.from !== undefined) where.push(sql`coalesce(u.started_at, u.created_at) >= ${at(f.from)}`);
  if (f.to !== undefined) where.push(sql`coalesce(u.started_at, u.created_at) <= ${at(f.to)}`);
  // % and _ typed in the box match themselves (containing() escapes them).
  if (f.q)
    where.push(anyContains(f.q, [sql`u.sn`, sql`pl.name`, sql`u.model`, sql`u.from_version`, sql`u.to_version`]));
  return sql.join(where, sql` and `);
}

/** The plant the record was made in (kept after a plant is deleted: the log is history) and the operator. */
const FROM = sql`upgrade u
  left join plant pl on pl.id = u.plant_id
  left join app_user op on op.id = u.created_by`;

const COLUMNS = sql`u.id, u.sn, u.kind, u.model, u.plant_id, pl.name as plant_name, u.firmware_id, u.from_version,
  u.to_version, u.state, u.steps, u.progress, u.error, u.rollout_id, u.wave, op.account as operator, u.created_at,
  u.started_at, u.finished_at, u.cancel_requested_at`;

/** The records of the filters, newest first, `limit` of them from `offset` (exported for the plan test). */
export function recordsQuery(auth: AuthContext, f: RecordFilter, limit: number, offset: number): SQL {
  return sql`select ${COLUMNS} from ${FROM} where ${conditions(auth, f)}
    order by u.created_at desc, u.id desc limit ${limit} offset ${offset}`;
}

/** How many records match the filters. */
export function recordsCountQuery(auth: AuthContext, f: RecordFilter): SQL {
  return sql`select count(*) as n from ${FROM} where ${conditions(auth, f)}`;
}

/** One page of the maintenance log and how many records match in all. */
export async function listUpgradeRecords(
  db: Db,
  auth: AuthContext,
  f: RecordFilter & { page: number; size: number },
): Promise<{ total: number; rows: UpgradeRow[] }> {
  const [rows, count] = await Promise.all([
    query<RecordRecord>(db, recordsQuery(auth, f, f.size, (f.page - 1) * f.size)),
    query<{ n: number | string }>(db, recordsCountQuery(auth, f)),
  ]);
  return { total: Number(count[0]?.n ?? 0), rows: rows.map(recordRow) };
}

/** The records of a download: the same filters, the newest RECORDS_DOWNLOAD_MAX of them. */
export async function downloadUpgradeRecords(db: Db, auth: AuthContext, f: RecordFilter): Promise<UpgradeRow[]> {
  return (await query<RecordRecord>(db, recordsQuery(auth, f, RECORDS_DOWNLOAD_MAX, 0))).map(recordRow);
}
