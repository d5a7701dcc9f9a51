import { gatewayProtocolVersions } from '../protocols/push.js';
import { sql, type SQL } from 'drizzle-orm';
import {
  GATEWAY_STATUSES,
  type DeviceStatus,
  type ErrorKey,
  type GatewayFilters,
  type GatewayInfo,
  type GatewayPage,
  type GatewayRow,
  type GatewayStatusFilter,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { anyContains, num, query, toMs } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { findGateway as findScopedGateway } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import { deviceStatusOwnSql } from '../plants/status.js';

/** A gateway row that is itself a device (a smart AC switch, a lora master node): same serial number. */
export const selfDevice = (kind: 'switch' | 'lora'): SQL =>
  sql`exists (select 1 from device x where x.gateway_id = g.id and x.sn = g.sn and x.kind = ${kind} and x.deleted_at is null)`;
const anySelfDevice = sql`exists (select 1 from device x where x.gateway_id = g.id and x.sn = g.sn)`;

const statusCond: Record<GatewayStatusFilter, SQL> = {
  online: sql`g.online and not g.locked`,
  offline: sql`not g.online`,
  locked: sql`g.locked`,
  unbound: sql`g.plant_id is null`,
};

/**
 * The conditions a list of gateway-side rows (gateways, smart AC switches) is filtered by: the list's own `base`,
 * the search over `searched` columns, the plant (`g`), and the status unless `status` is null (counting by it).
 */
export function listWhere<S extends string>(
  base: SQL[],
  q: { q?: string | undefined; plantId?: string | undefined; status?: S | undefined },
  searched: SQL[],
  status: Record<S, SQL> | null,
): SQL {
  const parts = [...base];
  if (q.q) parts.push(anyContains(q.q, searched));
  if (q.plantId) parts.push(sql`g.plant_id::text = ${q.plantId}`);
  if (status && q.status) parts.push(status[q.status]);
  return sql.join(parts, sql` and `);
}

function where(auth: AuthContext, q: GatewayFilters, withStatus: boolean): SQL {
  const base = [scopeCondition(auth, 'gateway'), sql`not ${anySelfDevice}`];
  if (q.commType) base.push(sql`g.comm_type = ${q.commType}`);
  const searched = [sql`g.sn`, sql`coalesce(g.alias, '')`, sql`coalesce(pl.name, '')`];
  return listWhere(base, q, searched, withStatus ? statusCond : null);
}

interface RawGateway {
  id: string;
  sn: string;
  alias: string | null;
  plant_id: string | null;
  plant_name: string | null;
  online: boolean;
  locked: boolean;
  comm_type: string;
  rssi: unknown;
  upload_interval_s: unknown;
  firmware: string | null;
  device_count: unknown;
  last_seen_at: unknown;
}

const rowOf = (r: RawGateway): GatewayRow => ({
  id: r.id,
  sn: r.sn,
  alias: r.alias,
  plantId: r.plant_id,
  plantName: r.plant_name,
  online: Boolean(r.online),
  locked: Boolean(r.locked),
  commType: r.comm_type,
  rssi: num(r.rssi),
  uploadIntervalS: Number(r.upload_interval_s),
  firmware: r.firmware,
  deviceCount: Number(r.device_count ?? 0),
  lastSeen: r.last_seen_at ? toMs(r.last_seen_at) : null,
});

const listColumns = sql`g.id, g.sn, g.alias, g.plant_id, pl.name as plant_name, g.online, g.locked, g.comm_type, g.rssi,
  g.upload_interval_s, g.firmware, g.last_seen_at,
  (select count(*) from device d where d.gateway_id = g.id and d.deleted_at is null) as device_count`;

export async function listGateways(
  db: Db,
  auth: AuthContext,
  q: GatewayFilters,
  page: { page: number; size: number } | null,
): Promise<Omit<GatewayPage, 'counts'>> {
  const cond = where(auth, q, true);
  const limit = page ? sql`limit ${page.size} offset ${(page.page - 1) * page.size}` : sql`limit 10000`;
  const rows = await query<RawGateway>(
    db,
    sql`select ${listColumns} from gateway g left join plant pl on pl.id = g.plant_id where ${cond} order by g.sn ${limit}`,
  );
  const [count] = await query<{ n: unknown }>(
    db,
    sql`select count(*) as n from gateway g left join plant pl on pl.id = g.plant_id where ${cond}`,
  );
  return { total: Number(count?.n ?? 0), rows: rows.map(rowOf) };
}

/** Counts by status for the statistics bar: the search and filters apply, the status filter does not. */
export async function gatewayCounts(db: Db, auth: AuthContext, q: GatewayFilters): Promise<Record<string, number>> {
  const [r] = await query<Record<string, unknown>>(
    db,
    sql`select count(*) as all, count(*) filter (where ${statusCond.online}) as online,
      count(*) filter (where ${statusCond.offline}) as offline, count(*) filter (where ${statusCond.locked}) as locked,
      count(*) filter (where ${statusCond.unbound}) as unbound
      from gateway g left join plant pl on pl.id = g.plant_id where ${where(auth, q, false)}`,
  );
  return Object.fromEntries(['all', ...GATEWAY_STATUSES].map((k) => [k, Number(r?.[k] ?? 0)]));
}

export interface GatewayRecord {
  id: string;
  sn: string;
  companyId: string | null;
  plantId: string | null;
  plantName: string | null;
  alias: string | null;
  locked: boolean;
  online: boolean;
  uploadIntervalS: number;
  meshCheck: boolean;
}

/**
 * One gateway the caller may see (or, with `write`, change), by serial number; otherwise "does not exist"
 * (`missing`, 305 for gateways). `kind` narrows to gateways that are themselves a switch or lora master.
 */
export async function findGateway(
  db: Db,
  auth: AuthContext,
  sn: string,
  opts: { write?: boolean; kind?: 'switch' | 'lora' | 'gateway'; missing?: ErrorKey } = {},
): Promise<GatewayRecord> {
  const kindCond = opts.kind === 'gateway' ? sql`not ${anySelfDevice}` : opts.kind ? selfDevice(opts.kind) : sql`true`;
  const r = await findScopedGateway<{
    id: string;
    sn: string;
    company_id: string | null;
    plant_id: string | null;
    plant_name: string | null;
    alias: string | null;
    locked: boolean;
    online: boolean;
    upload_interval_s: unknown;
    mesh_check: boolean;
  }>(db, auth, sn, {
    write: opts.write ?? false,
    select: sql`g.id, g.sn, g.company_id, g.plant_id, pl.name as plant_name, g.alias, g.locked, g.online, g.upload_interval_s, g.mesh_check`,
    join: sql`left join plant pl on pl.id = g.plant_id`,
    where: kindCond,
    missing: opts.missing,
  });
  return {
    id: r.id,
    sn: r.sn,
    companyId: r.company_id,
    plantId: r.plant_id,
    plantName: r.plant_name,
    alias: r.alias,
    locked: Boolean(r.locked),
    online: Boolean(r.online),
    uploadIntervalS: Number(r.upload_interval_s),
    meshCheck: Boolean(r.mesh_check),
  };
}

/** The detail with its registration key, which the route leaves out for callers who may not import gateways. */
export async function gatewayDetail(
  db: Db,
  auth: AuthContext,
  sn: string,
): Promise<GatewayInfo & { registrationKey: string }> {
  const base = await findGateway(db, auth, sn, { kind: 'gateway' });
  const [r] = await query<
    RawGateway & {
      customer_account: string | null;
      registration_key: string;
      protocol: string | null;
      hardware_version: string | null;
      iccid: string | null;
      server_address: string | null;
      server_port: unknown;
      mesh_check: boolean;
      battery_type: string | null;
      bound_at: unknown;
      created_at: unknown;
    }
  >(
    db,
    sql`select ${listColumns}, u.account as customer_account, g.registration_key, g.protocol, g.hardware_version, g.iccid,
      g.server_address, g.server_port, g.mesh_check, g.battery_type, g.bound_at, g.created_at
      from gateway g left join plant pl on pl.id = g.plant_id left join app_user u on u.id = g.customer_id
      where g.id = ${base.id}`,
  );
  if (!r) throw new AppError('gatewayNotFound');
  const devices = await query<{
    sn: string;
    kind: string;
    model: string;
    alias: string | null;
    status: DeviceStatus;
    ts: unknown;
  }>(
    db,
    sql`select d.sn, d.kind, d.model, d.alias, ${deviceStatusOwnSql} as status, dl.ts
      from device d join gateway g on g.id = d.gateway_id left join device_latest dl on dl.device_id = d.id
      where d.gateway_id = ${base.id} and d.deleted_at is null order by d.kind, d.sn`,
  );
  return {
    ...rowOf(r),
    customerAccount: r.customer_account,
    registrationKey: r.registration_key,
    protocol: r.protocol,
    hardwareVersion: r.hardware_version,
    iccid: r.iccid,
    serverAddress: r.server_address,
    serverPort: num(r.server_port),
    meshCheck: Boolean(r.mesh_check),
    batteryType: r.battery_type,
    boundAt: r.bound_at ? toMs(r.bound_at) : null,
    createdAt: toMs(r.created_at),
    devices: devices.map((d) => ({
      sn: d.sn,
      kind: d.kind,
      model: d.model,
      alias: d.alias,
      status: d.status,
      lastSeen: d.ts ? toMs(d.ts) : null,
    })),
    protocolUpdates: await gatewayProtocolVersions(db, base.id),
  };
}
