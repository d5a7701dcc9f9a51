import { sql, type SQL } from 'drizzle-orm';
import {
  MAP_POINT_RADIUS_KM,
  type DeviceStatus,
  type MapPlant,
  type PlantFilter,
  type PlantGroup,
  type PlantListAnswer,
  type PlantListQuery,
  type PlantSort,
  type PlantStatusCounts,
  type PlantType,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { num, query, toDay } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { scopeCondition } from '../../access/policies.js';
import { plantStatusSql } from './status.js';

type GroupCounts = PlantListAnswer['groups'];

const emptyCounts = (): PlantStatusCounts => ({
  all: 0,
  normal: 0,
  warning: 0,
  fault: 0,
  offline: 0,
  upgrading: 0,
  protect: 0,
});

function groupSql(auth: AuthContext, group: PlantGroup | undefined): SQL {
  switch (group) {
    case 'mine':
      return sql`and (p.owner_id = ${auth.userId} or p.created_by = ${auth.userId})`;
    case 'installed':
      return sql`and p.installer_id = ${auth.userId}`;
    case 'shared':
      return sql`and exists (select 1 from plant_share s where s.plant_id = p.id and s.user_id = ${auth.userId})`;
    default:
      return sql``;
  }
}

/** Search (name, alias, address, a gateway's or device's serial number), type and capacity, on alias `p`. */
function narrowSql(f: PlantFilter): SQL {
  const kw = f.keyword ? `%${f.keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  return sql`${
    kw
      ? sql`and (p.name ilike ${kw} or p.alias ilike ${kw} or p.address ilike ${kw}
          or exists (select 1 from gateway g where g.plant_id = p.id and g.sn ilike ${kw})
          or exists (select 1 from device d where d.plant_id = p.id and d.deleted_at is null and d.sn ilike ${kw}))`
      : sql``
  }
    ${f.type ? sql`and p.type = ${f.type}` : sql``}
    ${f.capacityMin !== undefined ? sql`and p.capacity_kw >= ${f.capacityMin}` : sql``}
    ${f.capacityMax !== undefined ? sql`and p.capacity_kw <= ${f.capacityMax}` : sql``}`;
}

/** The caller's plants under a filter, with status and the plant's local date, as a subquery `b`. */
function basePlants(auth: AuthContext, f: PlantFilter): SQL {
  return sql`(select p.*, ${plantStatusSql} as status, (now() at time zone p.timezone)::date as local_today,
      (${scopeCondition(auth, 'plant', { write: true })}) as writable
    from plant p where ${scopeCondition(auth, 'plant')} ${narrowSql(f)} ${groupSql(auth, f.group)}) b`;
}

const latestPv = sql`(select pp.pv from plant_power pp where pp.plant_id = b.id order by pp.ts desc limit 1)`;
const todayPv = sql`(select coalesce(sum(pd.pv), 0) from plant_day pd where pd.plant_id = b.id and pd.day = b.local_today)`;

function orderSql(sort: PlantSort | undefined, order: 'asc' | 'desc' | undefined): SQL {
  const dir = order === 'asc' ? sql`asc` : sql`desc`;
  switch (sort) {
    case 'name':
      return sql`lower(b.name) ${order === 'desc' ? sql`desc` : sql`asc`}, b.id`;
    case 'capacity':
      return sql`b.capacity_kw ${dir}, lower(b.name), b.id`;
    // An offline plant has no current power: it sorts after every reporting one, whichever the direction.
    case 'power':
      return sql`(case when b.status = 'offline' then null else ${latestPv} end) ${dir} nulls last, lower(b.name), b.id`;
    case 'todayEnergy':
      return sql`${todayPv} ${dir}, lower(b.name), b.id`;
    case 'created':
      return sql`b.created_at ${dir}, b.id`;
    default:
      return sql`lower(b.name), b.id`;
  }
}

interface ListRow {
  id: string;
  name: string;
  type: PlantType;
  inverter_kind: string;
  capacity_kw: unknown;
  address: string;
  latitude: unknown;
  longitude: unknown;
  timezone: string;
  currency: string;
  commissioned_on: unknown;
  picture: string | null;
  status: DeviceStatus;
  generation_offset_kwh: unknown;
  total: unknown;
  today_kwh: unknown;
  total_kwh: unknown;
  today_income: unknown;
  total_income: unknown;
  power_pv: unknown;
  writable: boolean;
}

/**
 * The plant list in one page query plus two small counting queries: the page's figures come from laterals
 * on at most `size` rows, so a page costs the same whether the caller sees ten plants or ten thousand,
 * except for the status every plant needs for the statistics.
 */
export async function listPlants(db: Db, auth: AuthContext, q: PlantListQuery): Promise<PlantListAnswer> {
  const statusFilter = q.status ? sql`where b.status = ${q.status}` : sql``;
  const rows = await query<ListRow>(
    db,
    sql`select pg.*, f.today_kwh, f.total_kwh, f.today_income, f.total_income, pw.pv as power_pv
      from (select b.*, count(*) over () as total, row_number() over (order by ${orderSql(q.sort, q.order)}) as ord
            from ${basePlants(auth, q)} ${statusFilter}
            order by ord limit ${q.size} offset ${(q.page - 1) * q.size}) pg
      left join lateral (select coalesce(sum(pv) filter (where day = pg.local_today), 0) as today_kwh,
          coalesce(sum(pv), 0) as total_kwh,
          coalesce(sum(income) filter (where day = pg.local_today), 0) as today_income,
          coalesce(sum(income), 0) as total_income
        from plant_day where plant_id = pg.id) f on true
      left join lateral (select pv from plant_power where plant_id = pg.id order by ts desc limit 1) pw on true
      order by pg.ord`,
  );
  const [stats, groups] = await Promise.all([
    countByStatus(db, auth, { ...q, status: undefined }),
    countGroups(db, auth, q),
  ]);
  // Past the last page the window count is missing; the statistics hold the same number.
  const total = rows[0] ? Number(rows[0].total) : q.status ? stats[q.status] : stats.all;
  return {
    total,
    stats,
    groups,
    rows: rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      inverterKind: r.inverter_kind,
      capacityKw: Number(r.capacity_kw),
      address: r.address,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      timezone: r.timezone,
      currency: r.currency,
      commissionedOn: toDay(r.commissioned_on),
      status: r.status,
      picture: r.picture,
      powerW: r.status === 'offline' ? null : num(r.power_pv),
      todayKwh: Number(r.today_kwh ?? 0),
      totalKwh: Number(r.total_kwh ?? 0) + Number(r.generation_offset_kwh ?? 0),
      todayIncome: Number(r.today_income ?? 0),
      totalIncome: Number(r.total_income ?? 0),
      // A guest share or the visitor role: the console shows no edit or delete for this plant (spec §6).
      writable: r.writable === true,
    })),
  };
}

/** Plants by status under a filter (the list's statistics, plants/mapCount, overview/plantCount). */
export async function countByStatus(db: Db, auth: AuthContext, f: PlantFilter): Promise<PlantStatusCounts> {
  const rows = await query<{ status: DeviceStatus; n: unknown }>(
    db,
    sql`select b.status, count(*) as n from ${basePlants(auth, f)}
      ${f.status ? sql`where b.status = ${f.status}` : sql``} group by b.status`,
  );
  const out = emptyCounts();
  for (const r of rows) {
    out[r.status] = Number(r.n);
    out.all += Number(r.n);
  }
  return out;
}

async function countGroups(db: Db, auth: AuthContext, f: PlantFilter): Promise<GroupCounts> {
  const [r] = await query<Record<PlantGroup, unknown>>(
    db,
    sql`select count(*) as all,
        count(*) filter (where p.owner_id = ${auth.userId} or p.created_by = ${auth.userId}) as mine,
        count(*) filter (where p.installer_id = ${auth.userId}) as installed,
        count(*) filter (where exists (select 1 from plant_share s where s.plant_id = p.id and s.user_id = ${auth.userId})) as shared
      from plant p where ${scopeCondition(auth, 'plant')} ${narrowSql(f)}`,
  );
  return {
    all: Number(r?.all ?? 0),
    mine: Number(r?.mine ?? 0),
    installed: Number(r?.installed ?? 0),
    shared: Number(r?.shared ?? 0),
  };
}

/** Every plant in scope under a filter, with just what a map point needs. */
export async function mapPlants(db: Db, auth: AuthContext, f: PlantFilter): Promise<MapPlant[]> {
  const rows = await query<{
    id: string;
    name: string;
    type: PlantType;
    latitude: unknown;
    longitude: unknown;
    status: DeviceStatus;
    capacity_kw: unknown;
    today_kwh: unknown;
  }>(
    db,
    sql`select b.id, b.name, b.type, b.latitude, b.longitude, b.status, b.capacity_kw, ${todayPv} as today_kwh
      from ${basePlants(auth, f)} ${f.status ? sql`where b.status = ${f.status}` : sql``} order by lower(b.name), b.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    type: r.type,
    lat: Number(r.latitude),
    lon: Number(r.longitude),
    status: r.status,
    capacityKw: Number(r.capacity_kw),
    todayKwh: Number(r.today_kwh ?? 0),
  }));
}

/** Great-circle distance in km from a point to plant `b` (haversine; plenty for "plants near here"). */
function distanceKm(lat: number, lon: number): SQL {
  return sql`(12742 * asin(least(1, sqrt(power(sin(radians(b.latitude - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(b.latitude)) * power(sin(radians(b.longitude - ${lon}) / 2), 2)))))`;
}

/** Plants within `radiusKm` of a point, nearest first, at most `limit`. */
export async function plantsNear(
  db: Db,
  auth: AuthContext,
  point: { lat: number; lon: number; radiusKm?: number | undefined; limit: number },
): Promise<{ id: string; distanceKm: number }[]> {
  const radius = point.radiusKm ?? MAP_POINT_RADIUS_KM;
  const d = distanceKm(point.lat, point.lon);
  const rows = await query<{ id: string; distance_km: unknown }>(
    db,
    sql`select id, distance_km from (select b.id, b.name, ${d} as distance_km
        from (select p.id, p.name, p.latitude, p.longitude from plant p where ${scopeCondition(auth, 'plant')}) b) x
      where x.distance_km <= ${radius} order by x.distance_km, lower(x.name) limit ${point.limit}`,
  );
  return rows.map((r) => ({ id: r.id, distanceKm: Number(r.distance_km) }));
}
