import { sql, type SQL } from 'drizzle-orm';
import {
  co2AvoidedTonnes,
  DEVICE_STATUSES,
  DISPLAY_LIMITS,
  type DeviceStatus,
  type DisplayData,
  type DisplayPlant,
  type DisplayTotals,
} from '@heliograph/shared';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { num, query, toMs } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { plantStatusSql } from '../plants/status.js';

/** Which display's plants: the company's (all) or the listed ones. */
export interface DisplayScope {
  id: string;
  companyId: string;
  allPlants: boolean;
}

/**
 * The display's plants the caller may see, on the alias `p`: a display link's scope is the display already;
 * a signed-in caller sees the display's plants that their own plant policy also allows.
 */
export function displayPlantsSql(auth: AuthContext, d: DisplayScope): SQL {
  const listed = d.allPlants
    ? sql``
    : sql`and exists (select 1 from display_plant dp where dp.display_id = ${d.id} and dp.plant_id = p.id)`;
  return sql`p.deleted_at is null and p.company_id = ${d.companyId} ${listed} and ${scopeCondition(auth, 'plant')}`;
}

/**
 * The display's plants with their summary row's figures (plants/summary.ts), as the subquery `b`. The status is
 * the summary's unless it has expired or is missing, when it is computed here (as the plant list does); today's
 * figures count only while they are of the plant's today, as of `now`.
 */
function plantsOf(auth: AuthContext, d: DisplayScope, now: Date): SQL {
  return sql`(select p.id, p.name, p.latitude, p.longitude, p.capacity_kw, p.currency, p.generation_offset_kwh,
      case when s.plant_id is null or s.status_until < ${now} then ${plantStatusSql} else s.status end as status,
      s.power_w, coalesce(s.total_kwh, 0) as total_kwh,
      case when s.today_day = (${now}::timestamptz at time zone p.timezone)::date then s.today_kwh else 0 end as today_kwh,
      case when s.today_day = (${now}::timestamptz at time zone p.timezone)::date then s.today_income else 0 end as today_income
    from plant p left join plant_summary s on s.plant_id = p.id
    where ${displayPlantsSql(auth, d)}) b`;
}

interface TotalsRow {
  plants: unknown;
  capacity: unknown;
  power: unknown;
  today: unknown;
  total: unknown;
  income: { currency: string; amount: number }[] | null;
  status: Record<string, number> | null;
  alarms: unknown;
}

/**
 * The display's fleet totals now, in one query whatever the number of plants (the live stream's tick): the
 * summary rows are one per plant, so 10,000 plants are 10,000 index reads, not their samples.
 */
export async function displayTotals(db: Db, auth: AuthContext, d: DisplayScope, now: Date): Promise<DisplayTotals> {
  const [row] = await query<TotalsRow>(
    db,
    sql`with b as (select * from ${plantsOf(auth, d, now)})
      select count(*) as plants, coalesce(sum(capacity_kw), 0) as capacity,
        coalesce(sum(case when status <> 'offline' then coalesce(power_w, 0) else 0 end), 0) as power,
        coalesce(sum(today_kwh), 0) as today,
        coalesce(sum(total_kwh + generation_offset_kwh), 0) as total,
        (select json_agg(json_build_object('currency', c.currency, 'amount', c.amount) order by c.currency)
          from (select currency, sum(today_income) as amount from b group by currency) c) as income,
        (select json_object_agg(st.status, st.n) from (select status, count(*) as n from b group by status) st) as status,
        (select count(*) from device_event e where e.cleared_at is null and e.plant_id in (select id from b)) as alarms
      from b`,
  );
  const status = Object.fromEntries(DEVICE_STATUSES.map((s) => [s, Number(row?.status?.[s] ?? 0)])) as Record<
    DeviceStatus,
    number
  >;
  const total = num(row?.total) ?? 0;
  return {
    at: now.getTime(),
    plants: Number(row?.plants ?? 0),
    capacityKw: num(row?.capacity) ?? 0,
    powerW: num(row?.power) ?? 0,
    todayKwh: num(row?.today) ?? 0,
    totalKwh: total,
    todayIncome: (row?.income ?? []).map((i) => ({ currency: i.currency, amount: Number(i.amount) })),
    co2Tonnes: co2AvoidedTonnes(total),
    status,
    openAlarms: Number(row?.alarms ?? 0),
  };
}

interface PlantRow {
  id: string;
  name: string;
  latitude: unknown;
  longitude: unknown;
  status: DeviceStatus;
  capacity_kw: unknown;
  power_w: unknown;
  today_kwh: unknown;
}

/**
 * Everything a display shows besides its live totals: this year's energy, the fleet's power over the last 24
 * hours, the plants for the map, the top plants by today's specific yield and the newest open alarms. Read on
 * opening and every few minutes, not every tick.
 */
export async function displayFigures(
  db: Db,
  auth: AuthContext,
  d: DisplayScope,
  now: Date,
): Promise<Omit<DisplayData, 'display' | 'totals'>> {
  const since = new Date(now.getTime() - 24 * 3600_000);
  const [plants, year, curve, alarms] = await Promise.all([
    query<PlantRow>(
      db,
      sql`select id, name, latitude, longitude, status, capacity_kw, power_w, today_kwh from ${plantsOf(auth, d, now)}
        order by capacity_kw desc, id limit ${DISPLAY_LIMITS.mapPlantsMax}`,
    ),
    query<{ kwh: unknown }>(
      db,
      sql`select coalesce(sum(pd.pv), 0) as kwh from plant p join plant_day pd on pd.plant_id = p.id
        where ${displayPlantsSql(auth, d)}
          and pd.day >= date_trunc('year', ${now}::timestamptz at time zone p.timezone)::date
          and pd.day <= (${now}::timestamptz at time zone p.timezone)::date`,
    ),
    query<{ ts: unknown; w: unknown }>(
      db,
      sql`select pp.ts, sum(coalesce(pp.pv, 0)) as w from plant p join plant_power pp on pp.plant_id = p.id
        where ${displayPlantsSql(auth, d)} and pp.ts > ${since} and pp.ts <= ${now}
        group by pp.ts order by pp.ts`,
    ),
    query<{
      id: string;
      plant_name: string;
      sn: string;
      code: string;
      level: string;
      message: string | null;
      raised_at: unknown;
    }>(
      db,
      sql`select e.id, p.name as plant_name, d.sn, e.code, e.level, e.message, e.raised_at
        from device_event e join plant p on p.id = e.plant_id join device d on d.id = e.device_id
        where e.cleared_at is null and ${displayPlantsSql(auth, d)}
        order by e.raised_at desc, e.id limit ${DISPLAY_LIMITS.alarms}`,
    ),
  ]);
  const mapped: DisplayPlant[] = plants.map((p) => ({
    id: p.id,
    name: p.name,
    latitude: num(p.latitude) ?? 0,
    longitude: num(p.longitude) ?? 0,
    status: p.status,
    capacityKw: num(p.capacity_kw) ?? 0,
    powerW: p.status === 'offline' ? null : num(p.power_w),
    todayKwh: num(p.today_kwh) ?? 0,
  }));
  const top = mapped
    .filter((p) => p.capacityKw > 0)
    .map((p) => ({
      id: p.id,
      name: p.name,
      capacityKw: p.capacityKw,
      todayKwh: p.todayKwh,
      yield: p.todayKwh / p.capacityKw,
    }))
    .sort((a, b) => b.yield - a.yield || a.name.localeCompare(b.name))
    .slice(0, DISPLAY_LIMITS.top);
  return {
    yearKwh: num(year[0]?.kwh) ?? 0,
    curve: curve.map((c) => ({ ts: toMs(c.ts), w: num(c.w) ?? 0 })),
    plants: mapped,
    top,
    alarms: alarms.map((a) => ({
      id: a.id,
      plantName: a.plant_name,
      deviceSn: a.sn,
      code: a.code,
      level: a.level,
      message: a.message,
      raisedAt: toMs(a.raised_at),
    })),
  };
}
