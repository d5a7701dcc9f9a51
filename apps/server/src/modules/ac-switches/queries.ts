import { sql, type SQL } from 'drizzle-orm';
import {
  SWITCH_STATUSES,
  switchSettingsOf,
  type DeviceStatus,
  type SwitchFilters,
  type SwitchInfo,
  type SwitchPage,
  type SwitchRow,
  type SwitchStatus,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { num, query, toMs } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { findDevice } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import { deviceStatusOwnSql } from '../plants/status.js';
import { listWhere } from '../gateways/queries.js';

/**
 * A smart AC switch connects on its own, so it is a gateway row (connection, lock, password, binding,
 * server address, mesh check) and a device row of kind 'switch' with the same serial number (readings,
 * alias, settings kept by the console). Both are read together here.
 */
const isOn = sql`coalesce((dl.metrics->>'on')::float8, case when (d.settings->>'on') = 'false' then 0 else 1 end) > 0`;
const statusCond: Record<SwitchStatus, SQL> = {
  on: sql`g.online and ${isOn}`,
  off: sql`g.online and not ${isOn}`,
  online: sql`g.online`,
  offline: sql`not g.online`,
  unbound: sql`g.plant_id is null`,
};

const joins = sql`left join plant pl on pl.id = g.plant_id left join device_latest dl on dl.device_id = d.id
  left join app_user u on u.id = g.customer_id`;
const from = sql`from device d join gateway g on g.id = d.gateway_id and g.sn = d.sn ${joins}`;

function where(auth: AuthContext, q: SwitchFilters, withStatus: boolean): SQL {
  const base = [sql`d.kind = 'switch' and d.deleted_at is null`, scopeCondition(auth, 'device')];
  const searched = [sql`d.sn`, sql`coalesce(d.alias, '')`, sql`coalesce(pl.name, '')`];
  return listWhere(base, q, searched, withStatus ? statusCond : null);
}

interface Raw {
  id: string;
  gateway_id: string;
  sn: string;
  alias: string | null;
  plant_id: string | null;
  plant_name: string | null;
  online: boolean;
  locked: boolean;
  is_on: boolean;
  settings: unknown;
  status: DeviceStatus;
  metrics: Record<string, number | null> | null;
  account: string | null;
  ts: unknown;
}

const columns = sql`d.id, g.id as gateway_id, d.sn, d.alias, g.plant_id, pl.name as plant_name, g.online, g.locked,
  ${isOn} as is_on, d.settings, ${deviceStatusOwnSql} as status, dl.metrics, u.account, dl.ts`;

const rowOf = (r: Raw): SwitchRow => ({
  id: r.id,
  gatewayId: r.gateway_id,
  sn: r.sn,
  alias: r.alias,
  plantId: r.plant_id,
  plantName: r.plant_name,
  online: Boolean(r.online),
  locked: Boolean(r.locked),
  on: Boolean(r.is_on),
  localOff: switchSettingsOf(r.settings).localOff,
  status: r.status,
  powerW: num(r.metrics?.p),
  leakageMa: num(r.metrics?.leakage_ma),
  associatedUser: r.account,
  lastSeen: r.ts ? toMs(r.ts) : null,
});

export async function listSwitches(
  db: Db,
  auth: AuthContext,
  q: SwitchFilters,
  page: { page: number; size: number } | null,
): Promise<Omit<SwitchPage, 'counts'>> {
  const cond = where(auth, q, true);
  const limit = page ? sql`limit ${page.size} offset ${(page.page - 1) * page.size}` : sql`limit 10000`;
  const rows = await query<Raw>(db, sql`select ${columns} ${from} where ${cond} order by d.sn ${limit}`);
  const [count] = await query<{ n: unknown }>(db, sql`select count(*) as n ${from} where ${cond}`);
  return { total: Number(count?.n ?? 0), rows: rows.map(rowOf) };
}

export async function switchCounts(db: Db, auth: AuthContext, q: SwitchFilters): Promise<Record<string, number>> {
  const [r] = await query<Record<string, unknown>>(
    db,
    sql`select count(*) as all, ${sql.join(
      SWITCH_STATUSES.map((s) => sql`count(*) filter (where ${statusCond[s]}) as ${sql.identifier(s)}`),
      sql`, `,
    )} ${from} where ${where(auth, q, false)}`,
  );
  return Object.fromEntries(['all', ...SWITCH_STATUSES].map((k) => [k, Number(r?.[k] ?? 0)]));
}

/** One switch the caller may see (or, with `write`, change); any other is "does not exist" (404). */
export async function findSwitch(
  db: Db,
  auth: AuthContext,
  sn: string,
  opts: { write?: boolean } = {},
): Promise<SwitchInfo> {
  const r = await findDevice<
    Raw & {
      server_address: string | null;
      server_port: unknown;
      mesh_check: boolean;
      model: string;
      firmware: string | null;
    }
  >(db, auth, sn, {
    kind: 'switch',
    write: opts.write ?? false,
    select: sql`${columns}, g.server_address, g.server_port, g.mesh_check, d.model, g.firmware`,
    join: joins,
    // A switch is its own gateway.
    where: sql`g.sn = d.sn`,
  });
  const settings = switchSettingsOf(r.settings);
  const raw = (r.settings ?? {}) as { localAreaCode?: unknown };
  return {
    ...rowOf(r),
    settings,
    localAreaCode: typeof raw.localAreaCode === 'string' ? raw.localAreaCode : null,
    serverAddress: r.server_address,
    serverPort: num(r.server_port),
    meshCheck: Boolean(r.mesh_check),
    model: r.model,
    firmware: r.firmware,
  };
}
