import { and, asc, eq, getTableColumns, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { MigrationTable } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import {
  appUser,
  chartParams,
  device,
  deviceCommand,
  deviceDay,
  deviceEvent,
  deviceLatest,
  deviceSample,
  gateway,
  message,
  mfaRecoveryCode,
  operationLog,
  passkey,
  plant,
  plantDay,
  plantLayout,
  plantPower,
  plantShare,
  plantSummary,
  storedFile,
  userTotp,
} from '../../db/schema.js';

/** What belongs to the account being moved: the user, the plants it owns, their gateways and devices. */
export interface Owned {
  userId: string;
  plantIds: string[];
  gatewayIds: string[];
  deviceIds: string[];
}

/** An impossible id: `in ()` is not SQL, so an empty set selects through this instead. */
const NONE = '00000000-0000-0000-0000-000000000000';
const ids = (list: string[]) => (list.length ? list : [NONE]);

export interface TableSpec {
  name: MigrationTable;
  table: PgTable;
  /** The primary key's properties, in order: rows are read in pages by it (keyset), never all at once. */
  keys: string[];
  /** The account's rows of this table. */
  where: (o: Owned) => SQL | undefined;
  /** Its rows written since a moment (time series that ingest keeps adding to while the account moves). */
  since?: (o: Owned, from: Date) => SQL | undefined;
  /**
   * Its rows change in place while the account moves (settings, a plant's or device's state, the day and
   * latest rows ingest updates): the final pass sends them all again and the peer takes the newer copy.
   */
  refresh?: boolean;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Every table a migration moves, in the order they are sent (a row's references arrive before it) and, reversed,
 * the order the source deletes them in. The account row itself stays at the source (see job.ts).
 */
export const TABLES: TableSpec[] = [
  { name: 'app_user', table: appUser, keys: ['id'], where: (o) => eq(appUser.id, o.userId) },
  { name: 'user_totp', table: userTotp, keys: ['userId'], where: (o) => eq(userTotp.userId, o.userId) },
  {
    name: 'mfa_recovery_code',
    table: mfaRecoveryCode,
    keys: ['id'],
    where: (o) => eq(mfaRecoveryCode.userId, o.userId),
  },
  { name: 'passkey', table: passkey, keys: ['id'], where: (o) => eq(passkey.userId, o.userId) },
  {
    name: 'stored_file',
    table: storedFile,
    keys: ['id'],
    where: (o) => and(eq(storedFile.kind, 'avatar'), eq(storedFile.ownerId, o.userId)),
  },
  {
    name: 'chart_params',
    table: chartParams,
    keys: ['userId', 'kind'],
    where: (o) => eq(chartParams.userId, o.userId),
    refresh: true,
  },
  { name: 'message', table: message, keys: ['id'], where: (o) => eq(message.userId, o.userId) },
  { name: 'plant', table: plant, keys: ['id'], where: (o) => inArray(plant.id, ids(o.plantIds)), refresh: true },
  {
    name: 'plant_layout',
    table: plantLayout,
    keys: ['plantId', 'kind'],
    where: (o) => inArray(plantLayout.plantId, ids(o.plantIds)),
    refresh: true,
  },
  {
    name: 'plant_share',
    table: plantShare,
    keys: ['plantId', 'userId'],
    where: (o) => inArray(plantShare.plantId, ids(o.plantIds)),
  },
  {
    name: 'plant_summary',
    table: plantSummary,
    keys: ['plantId'],
    where: (o) => inArray(plantSummary.plantId, ids(o.plantIds)),
    refresh: true,
    since: (o) => inArray(plantSummary.plantId, ids(o.plantIds)),
  },
  {
    name: 'gateway',
    table: gateway,
    keys: ['id'],
    where: (o) => inArray(gateway.id, ids(o.gatewayIds)),
    refresh: true,
  },
  { name: 'device', table: device, keys: ['id'], where: (o) => inArray(device.id, ids(o.deviceIds)), refresh: true },
  {
    name: 'device_latest',
    table: deviceLatest,
    keys: ['deviceId'],
    where: (o) => inArray(deviceLatest.deviceId, ids(o.deviceIds)),
    refresh: true,
    since: (o) => inArray(deviceLatest.deviceId, ids(o.deviceIds)),
  },
  {
    name: 'device_day',
    table: deviceDay,
    keys: ['deviceId', 'day'],
    where: (o) => inArray(deviceDay.deviceId, ids(o.deviceIds)),
    refresh: true,
    since: (o, from) => and(inArray(deviceDay.deviceId, ids(o.deviceIds)), gte(deviceDay.day, day(from))),
  },
  {
    name: 'device_sample',
    table: deviceSample,
    keys: ['deviceId', 'ts'],
    where: (o) => inArray(deviceSample.deviceId, ids(o.deviceIds)),
    since: (o, from) => and(inArray(deviceSample.deviceId, ids(o.deviceIds)), gte(deviceSample.ts, from)),
  },
  {
    name: 'device_event',
    table: deviceEvent,
    keys: ['id'],
    where: (o) => inArray(deviceEvent.deviceId, ids(o.deviceIds)),
    since: (o) => inArray(deviceEvent.deviceId, ids(o.deviceIds)),
    refresh: true,
  },
  {
    name: 'plant_day',
    table: plantDay,
    keys: ['plantId', 'day'],
    where: (o) => inArray(plantDay.plantId, ids(o.plantIds)),
    refresh: true,
    since: (o, from) => and(inArray(plantDay.plantId, ids(o.plantIds)), gte(plantDay.day, day(from))),
  },
  {
    name: 'plant_power',
    table: plantPower,
    keys: ['plantId', 'ts'],
    where: (o) => inArray(plantPower.plantId, ids(o.plantIds)),
    since: (o, from) => and(inArray(plantPower.plantId, ids(o.plantIds)), gte(plantPower.ts, from)),
  },
  {
    name: 'device_command',
    table: deviceCommand,
    keys: ['id'],
    where: (o) => inArray(deviceCommand.gatewayId, ids(o.gatewayIds)),
  },
  {
    name: 'operation_log',
    table: operationLog,
    keys: ['id'],
    where: (o) => inArray(operationLog.plantId, ids(o.plantIds)),
  },
];

export function specOf(name: MigrationTable): TableSpec {
  const spec = TABLES.find((t) => t.name === name);
  if (!spec) throw new Error(`no migration table ${name}`);
  return spec;
}

function columnsOf(spec: TableSpec): Record<string, PgColumn> {
  return getTableColumns(spec.table) as Record<string, PgColumn>;
}

type Row = Record<string, unknown>;

/**
 * The account's rows of one table, a page at a time in primary-key order (keyset paging: each page starts
 * after the last key of the one before), so memory stays flat however long the history.
 */
export async function* pages(db: Db, spec: TableSpec, where: SQL | undefined, size: number): AsyncGenerator<Row[]> {
  const cols = columnsOf(spec);
  const keyCols = spec.keys.map((k) => {
    const c = cols[k];
    if (!c) throw new Error(`${spec.name}: no column ${k}`);
    return c;
  });
  let after: Row | undefined;
  for (;;) {
    const cursor = after
      ? sql`(${sql.join(keyCols, sql`, `)}) > (${sql.join(
          keyCols.map((c, i) => sql`${sql.param(after?.[spec.keys[i] ?? ''], c)}`),
          sql`, `,
        )})`
      : undefined;
    const rows = (await db
      .select()
      .from(spec.table)
      .where(and(where, cursor))
      .orderBy(...keyCols.map((c) => asc(c)))
      .limit(size)) as Row[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1];
  }
}

/**
 * What a refreshed row's conflict updates: every column but the primary key's, from the incoming row (the
 * source's newer copy). Undefined for a table that is not refreshed: a row already there is left alone.
 */
export function refreshSet(spec: TableSpec): { target: PgColumn[]; set: Record<string, SQL> } | undefined {
  if (!spec.refresh) return undefined;
  const cols = columnsOf(spec);
  const target = spec.keys.map((k) => cols[k]).filter((c): c is PgColumn => c !== undefined);
  const set: Record<string, SQL> = {};
  for (const [k, c] of Object.entries(cols)) if (!spec.keys.includes(k)) set[k] = sql.raw(`excluded."${c.name}"`);
  return { target, set };
}

/** A row as JSON can carry it: times as ISO strings, bytes as base64. */
export function toWire(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) {
    out[k] = v instanceof Date ? v.toISOString() : Buffer.isBuffer(v) ? v.toString('base64') : v;
  }
  return out;
}

/** A row from the wire as the table's columns take it; properties the table does not have are dropped. */
export function fromWire(spec: TableSpec, row: Row): Row {
  const out: Row = {};
  for (const [k, col] of Object.entries(columnsOf(spec))) {
    if (!(k in row)) continue;
    const v = row[k];
    if (v === null || v === undefined) out[k] = v ?? null;
    else if (col.getSQLType() === 'bytea') out[k] = Buffer.from(String(v), 'base64');
    else if (col.dataType === 'date' && typeof v === 'string') out[k] = new Date(v);
    else out[k] = v;
  }
  return out;
}

/** How many rows of the account each table holds (the target's receipt is compared with the source's). */
export async function countOwned(db: Db, o: Owned): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const spec of TABLES) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(spec.table)
      .where(spec.where(o));
    out[spec.name] = Number(row?.n ?? 0);
  }
  return out;
}

/** The plants the user owns, their gateways and those gateways' devices. */
export async function ownedBy(db: Db, userId: string): Promise<Owned> {
  const plants = await db.select({ id: plant.id }).from(plant).where(eq(plant.ownerId, userId));
  const plantIds = plants.map((p) => p.id);
  const gateways = plantIds.length
    ? await db.select({ id: gateway.id }).from(gateway).where(inArray(gateway.plantId, plantIds))
    : [];
  const gatewayIds = gateways.map((g) => g.id);
  const devices = gatewayIds.length
    ? await db.select({ id: device.id }).from(device).where(inArray(device.gatewayId, gatewayIds))
    : [];
  return { userId, plantIds, gatewayIds, deviceIds: devices.map((d) => d.id) };
}
