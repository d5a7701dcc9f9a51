import { sql, type SQL } from 'drizzle-orm';
import {
  ERROR_CODES,
  LIST_STATUSES,
  dayRange,
  localDay,
  type DayPoint,
  type DeviceKind,
  type DeviceListQuery,
  type DeviceRow,
  type DeviceStatus,
  type ErrorKey,
  type StatusCounts,
} from '@heliograph/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { anyContains, num, query, toMs } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { scopeCondition } from '../../access/policies.js';
import { deviceStatusOwnSql } from '../plants/status.js';

/**
 * The list and the lookup behind the battery, meter and weather-station pages: one device kind, seen through
 * its gateway (the device policy), deleted devices left out, status derived as everywhere else (spec §4).
 */

/** The list shapes moved to packages/shared (contracts/device-list.ts); the weather routes still read them here. */
export {
  dayQuery,
  daySeriesShape,
  deviceListQuery,
  deviceRowShape,
  metricsShape,
  statusCountsShape,
  type DeviceListQuery,
  type StatusCounts,
} from '@heliograph/shared';

export type KindDevice = DeviceRow & { settings: unknown; meta: unknown; gatewayId: string };

interface Raw {
  id: string;
  sn: string;
  alias: string | null;
  model: string;
  brand: string;
  firmware: string | null;
  capacity_kwh: unknown;
  rated_w: unknown;
  plant_id: string | null;
  plant_name: string | null;
  timezone: string | null;
  gateway_id: string;
  gateway_sn: string;
  status: DeviceStatus;
  ts: unknown;
  metrics: Record<string, number | null> | null;
  parent_id: string | null;
  settings: unknown;
  meta: unknown;
}

function fromRaw(r: Raw): KindDevice {
  return {
    id: r.id,
    sn: r.sn,
    alias: r.alias,
    model: r.model,
    brand: r.brand,
    firmware: r.firmware,
    capacityKwh: num(r.capacity_kwh),
    ratedW: num(r.rated_w),
    plantId: r.plant_id,
    plantName: r.plant_name,
    timezone: r.timezone ?? 'UTC',
    gatewayId: r.gateway_id,
    gatewaySn: r.gateway_sn,
    status: r.status,
    lastSeen: r.ts ? toMs(r.ts) : null,
    metrics: r.metrics ?? {},
    parentId: r.parent_id,
    settings: r.settings,
    meta: r.meta,
  };
}

/** The devices of one kind the caller may see (or, with write, operate), with their status: a subquery. */
function visible(auth: AuthContext, kind: DeviceKind, where: SQL, write = false): SQL {
  return sql`(select d.id, d.sn, d.alias, d.model, d.brand, d.firmware, d.capacity_kwh, d.rated_w, d.plant_id,
      p.name as plant_name, p.timezone, d.gateway_id, g.sn as gateway_sn, ${deviceStatusOwnSql} as status, dl.ts, dl.metrics,
      d.parent_id, d.settings, d.meta
    from device d join gateway g on g.id = d.gateway_id
    left join plant p on p.id = d.plant_id
    left join device_latest dl on dl.device_id = d.id
    where d.kind = ${kind} and d.deleted_at is null and (p.id is null or p.deleted_at is null)
      and ${scopeCondition(auth, 'device', { write })} and ${where}) v`;
}

function filters(q: Omit<DeviceListQuery, 'page' | 'size' | 'status'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.keyword) {
    parts.push(anyContains(q.keyword, [sql`d.sn`, sql`d.alias`, sql`p.name`, sql`g.sn`]));
  }
  if (q.plantId) parts.push(sql`d.plant_id = ${q.plantId}`);
  return sql.join(parts, sql` and `);
}

export async function countByStatus(
  db: Db,
  auth: AuthContext,
  kind: DeviceKind,
  q: Omit<DeviceListQuery, 'page' | 'size' | 'status'> = {},
): Promise<StatusCounts> {
  const rows = await query<{ status: string; n: unknown }>(
    db,
    sql`select v.status, count(*) as n from ${visible(auth, kind, filters(q))} group by v.status`,
  );
  const out: StatusCounts = { all: 0, normal: 0, warning: 0, fault: 0, offline: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    out.all += n;
    // Upgrading and protect count as the closest list status: neither is a fault.
    const key = (LIST_STATUSES as readonly string[]).includes(r.status) ? (r.status as keyof StatusCounts) : 'normal';
    out[key] += n;
  }
  return out;
}

/** A page of devices (status statistics over the same search, before the status filter). */
export async function listDevices(
  db: Db,
  auth: AuthContext,
  kind: DeviceKind,
  q: DeviceListQuery,
): Promise<{ total: number; rows: KindDevice[]; counts: StatusCounts }> {
  const status = q.status ? sql`v.status = ${q.status}` : sql`true`;
  const [rows, counts] = await Promise.all([
    query<Raw & { total: unknown }>(
      db,
      sql`select v.*, count(*) over () as total from ${visible(auth, kind, filters(q))} where ${status}
        order by v.plant_name nulls last, v.sn limit ${q.size} offset ${(q.page - 1) * q.size}`,
    ),
    countByStatus(db, auth, kind, q),
  ]);
  return { total: rows[0] ? Number(rows[0].total) : 0, rows: rows.map(fromRaw), counts };
}

/** Every matching device (for an export), capped so a download cannot exhaust the server. */
export async function allDevices(
  db: Db,
  auth: AuthContext,
  kind: DeviceKind,
  q: Omit<DeviceListQuery, 'page' | 'size'>,
): Promise<KindDevice[]> {
  const status = q.status ? sql`v.status = ${q.status}` : sql`true`;
  const rows = await query<Raw>(
    db,
    sql`select v.* from ${visible(auth, kind, filters(q))} where ${status} order by v.plant_name nulls last, v.sn limit ${EXPORT_MAX_ROWS}`,
  );
  return rows.map(fromRaw);
}

export const EXPORT_MAX_ROWS = 50_000;

/** "Does not exist" per kind (spec §8): 1206 for a battery, 404 for meters and weather stations. */
const NOT_FOUND: Partial<Record<DeviceKind, ErrorKey>> = { battery: 'batteryNotFound', inverter: 'inverterNotFound' };
export const notFoundCode = (kind: DeviceKind): number => ERROR_CODES[NOT_FOUND[kind] ?? 'notFound'];

/** One device by serial number or id; another company's, a deleted one or one out of write scope does not exist. */
export async function findDevice(
  db: Db,
  auth: AuthContext,
  kind: DeviceKind,
  by: { sn: string } | { id: string },
  opts: { write?: boolean } = {},
): Promise<KindDevice> {
  if ('id' in by && !z.uuid().safeParse(by.id).success) throw new AppError(NOT_FOUND[kind] ?? 'notFound');
  const where = 'sn' in by ? sql`d.sn = ${by.sn}` : sql`d.id = ${by.id}`;
  const [r] = await query<Raw>(db, sql`select v.* from ${visible(auth, kind, where, opts.write)}`);
  if (!r) throw new AppError(NOT_FOUND[kind] ?? 'notFound');
  return fromRaw(r);
}

/** Devices by id (a battery's master and slaves), within the caller's scope. */
export async function devicesWhere(db: Db, auth: AuthContext, kind: DeviceKind, where: SQL): Promise<KindDevice[]> {
  const rows = await query<Raw>(db, sql`select v.* from ${visible(auth, kind, where)} order by v.sn`);
  return rows.map(fromRaw);
}

/** Public shape of a device row (drops the console's settings and the gateway's id). */
export function publicRow(d: KindDevice): DeviceRow {
  const { settings: _s, meta: _m, gatewayId: _g, ...rest } = d;
  return rest;
}

/** A device's readings of one plant-local day (today by default), the chosen metrics only. */
export async function daySeries(
  db: Db,
  d: KindDevice,
  date: string | undefined,
  params: readonly string[],
): Promise<DayPoint[]> {
  const [from, to] = dayRange(date ?? localDay(Date.now(), d.timezone), d.timezone);
  const rows = await query<{ ts: unknown; metrics: Record<string, number | null> }>(
    db,
    sql`select ts, metrics from device_sample where device_id = ${d.id}
      and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz order by ts`,
  );
  return rows.map((r) => ({
    ts: toMs(r.ts),
    values: Object.fromEntries(params.map((p) => [p, r.metrics[p] ?? null])),
  }));
}

/** A device's energy of one plant-local day from the daily rollup (kWh). */
export async function dayEnergy(
  db: Db,
  d: KindDevice,
  date: string | undefined,
): Promise<{ date: string; charge: number; discharge: number; purchase: number; feedIn: number; load: number }> {
  const day = date ?? localDay(Date.now(), d.timezone);
  const [r] = await query<{ charge: unknown; discharge: unknown; purchase: unknown; feed_in: unknown; load: unknown }>(
    db,
    sql`select charge, discharge, purchase, feed_in, load from device_day where device_id = ${d.id} and day = ${day}::date`,
  );
  return {
    date: day,
    charge: Number(r?.charge ?? 0),
    discharge: Number(r?.discharge ?? 0),
    purchase: Number(r?.purchase ?? 0),
    feedIn: Number(r?.feed_in ?? 0),
    load: Number(r?.load ?? 0),
  };
}
