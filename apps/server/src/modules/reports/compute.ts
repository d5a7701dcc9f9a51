import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  availability,
  bucketOf,
  clearSkyInsolation,
  co2AvoidedKg,
  performanceRatio,
  periodIncome,
  periodLastYear,
  periodRange,
  specificYield,
  yearOnYear,
  type PeriodRange,
  type ReportPeriod,
  type ReportRow,
  type ReportScope,
  type ReportSeries,
  type ReportTotals,
  type Valuation,
} from '@heliograph/shared';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { query, toDay } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';

/** A plant as a report reads it. */
export interface ReportPlant {
  id: string;
  name: string;
  capacityKwp: number;
  timezone: string;
  currency: string;
  latitude: number;
  longitude: number;
  valuation: Valuation;
  commissionedOn: string;
}

interface PlantRow {
  id: string;
  name: string;
  capacity_kw: unknown;
  timezone: string;
  currency: string;
  latitude: unknown;
  longitude: unknown;
  valuation: Valuation;
  commissioned_on: unknown;
}

const ids = (list: readonly string[]): SQL => sql`${`{${list.join(',')}}`}::uuid[]`;

/**
 * The plants of a report the caller may see now: those named (none named: all of them), through the plant
 * policy, so another company's plant never enters a report, whatever a config says.
 */
export async function reportPlants(
  db: Db,
  auth: AuthContext,
  opts: { plantIds?: readonly string[]; search?: string; limit?: number; offset?: number } = {},
): Promise<{ plants: ReportPlant[]; total: number }> {
  const where: SQL[] = [scopeCondition(auth, 'plant')];
  if (opts.plantIds && opts.plantIds.length > 0) where.push(sql`p.id = any(${ids(opts.plantIds)})`);
  if (opts.search) where.push(sql`p.name ilike ${`%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  const cond = sql.join(where, sql` and `);
  const page = opts.limit === undefined ? sql`` : sql`limit ${opts.limit} offset ${opts.offset ?? 0}`;
  const rows = await query<PlantRow & { total: unknown }>(
    db,
    sql`select p.id, p.name, p.capacity_kw, p.timezone, p.currency, p.latitude, p.longitude, p.valuation,
        p.commissioned_on, count(*) over () as total
      from plant p where ${cond} order by p.name, p.id ${page}`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    plants: rows.map((r) => ({
      id: r.id,
      name: r.name,
      capacityKwp: Number(r.capacity_kw),
      timezone: r.timezone,
      currency: r.currency,
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      valuation: r.valuation,
      commissionedOn: toDay(r.commissioned_on),
    })),
  };
}

/** The period of a report, or "the input is not valid" for an anchor that does not fit it. */
export function reportPeriod(period: ReportPeriod, anchor: string): PeriodRange & { lastFrom: string; lastTo: string } {
  const range = periodRange(period, anchor);
  const last = periodRange(period, periodLastYear(period, anchor));
  if (!range || !last) throw new AppError('validation');
  return { ...range, lastFrom: last.from, lastTo: last.to };
}

interface EnergyRow {
  key: string;
  pv: unknown;
  load: unknown;
  purchase: unknown;
  feed_in: unknown;
  charge: unknown;
  discharge: unknown;
  income: unknown;
}

const ENERGY = sql`coalesce(sum(pv), 0) as pv, coalesce(sum(load), 0) as load, coalesce(sum(purchase), 0) as purchase,
  coalesce(sum(feed_in), 0) as feed_in, coalesce(sum(charge), 0) as charge, coalesce(sum(discharge), 0) as discharge`;

const figures = (r: EnergyRow | undefined) => ({
  pv: Number(r?.pv ?? 0),
  load: Number(r?.load ?? 0),
  purchase: Number(r?.purchase ?? 0),
  feedIn: Number(r?.feed_in ?? 0),
  charge: Number(r?.charge ?? 0),
  discharge: Number(r?.discharge ?? 0),
});

// Clear-sky insolation depends on the place and the day only; plants of a fleet share a few places.
const clearSkyCache = new Map<string, number>();
const placeDay = (p: ReportPlant, day: string) =>
  `${p.latitude.toFixed(2)}|${p.longitude.toFixed(2)}|${p.timezone}|${day}`;
function clearSkyDay(p: ReportPlant, day: string): number {
  const key = placeDay(p, day);
  let v = clearSkyCache.get(key);
  if (v === undefined) {
    v = clearSkyInsolation(day, p.latitude, p.longitude, p.timezone);
    if (clearSkyCache.size > 200_000) clearSkyCache.clear();
    clearSkyCache.set(key, v);
  }
  return v;
}

/** A Postgres text[] as the driver hands it over: an array, or its literal `{a,b}`. */
function toTextArray(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string')
    return v
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean);
  return [];
}

/** Days integrated between two yields to the event loop (each is 144 sun positions, a few hundred µs). */
const DAYS_PER_YIELD = 200;

/**
 * Fills the clear-sky cache for the plants' reported days, letting other work (the console's requests) run
 * every DAYS_PER_YIELD days: a year of a fleet at many places is a few seconds of arithmetic in all.
 */
async function warmClearSky(
  plants: readonly ReportPlant[],
  daysOf: (id: string) => string[] | undefined,
): Promise<void> {
  let done = 0;
  for (const p of plants) {
    for (const day of daysOf(p.id) ?? []) {
      if (clearSkyCache.has(placeDay(p, day))) continue;
      clearSkyDay(p, day);
      if (++done % DAYS_PER_YIELD === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

/** A station counts when it reported on nearly every day the plant did; otherwise its sum would be too small. */
const STATION_COVERAGE = 0.9;

/** Insolation of each plant's weather station over the period (kWh/m², trapezoids, gaps over 30 min skipped). */
async function stationInsolation(
  db: Db,
  plants: readonly ReportPlant[],
  from: string,
  to: string,
): Promise<Map<string, { kwh: number; days: number }>> {
  if (plants.length === 0) return new Map();
  // Generous UTC bounds; each sample is then kept by its plant's own local day.
  const lo = `${addDays(from, -1)}T00:00:00Z`;
  const hi = `${addDays(to, 2)}T00:00:00Z`;
  const rows = await query<{ plant_id: string; kwh: unknown; days: unknown }>(
    db,
    sql`with s as (
        select d.plant_id, s.device_id, s.ts, p.timezone as tz, (s.metrics->>'irradiance')::float8 as irr,
          lag(s.ts) over w as pts, lag((s.metrics->>'irradiance')::float8) over w as pirr
        from device_sample s join device d on d.id = s.device_id join plant p on p.id = d.plant_id
        where d.kind = 'weather' and d.deleted_at is null and d.plant_id = any(${ids(plants.map((p) => p.id))})
          and s.ts >= ${lo}::timestamptz and s.ts < ${hi}::timestamptz and s.metrics ? 'irradiance'
          and (s.ts at time zone p.timezone)::date between ${from}::date and ${to}::date
        window w as (partition by s.device_id order by s.ts)),
      per_station as (
        select plant_id, device_id, sum((irr + pirr) / 2 * extract(epoch from ts - pts) / 3600) / 1000 as kwh,
          count(distinct (ts at time zone tz)::date) as days
        from s where pts is not null and ts - pts <= interval '30 minutes' and irr is not null and pirr is not null
        group by plant_id, device_id)
      select plant_id, avg(kwh) as kwh, max(days) as days from per_station group by plant_id`,
  );
  return new Map(
    rows.filter((r) => Number(r.kwh) > 0).map((r) => [r.plant_id, { kwh: Number(r.kwh), days: Number(r.days) }]),
  );
}

/** Rows of one chunk of plants; per plant from plant_day, per device from device_day. */
export async function reportRows(
  db: Db,
  plants: readonly ReportPlant[],
  period: ReturnType<typeof reportPeriod>,
  scope: ReportScope,
): Promise<ReportRow[]> {
  if (plants.length === 0) return [];
  const plantIds = ids(plants.map((p) => p.id));
  const { from, to, lastFrom, lastTo } = period;
  const station = await stationInsolation(db, plants, from, to);
  // PR is read over the days the plant reported: a day without rollups is missing data, not a day without
  // generation, and counting its sunshine would read as a poor plant.
  const reported = await query<{ plant_id: string; days: unknown }>(
    db,
    sql`select plant_id, array_agg(day::text order by day) as days from plant_day
      where plant_id = any(${plantIds}) and day between ${from}::date and ${to}::date group by plant_id`,
  );
  const reportedDays = new Map(reported.map((r) => [r.plant_id, toTextArray(r.days)]));
  const daysOf = (plantId: string) => reportedDays.get(plantId);
  await warmClearSky(plants, daysOf);
  const insolationOf = (p: ReportPlant) => {
    const days = daysOf(p.id) ?? [];
    if (days.length === 0) return { insolation: null, insolationSource: null };
    const s = station.get(p.id);
    if (s !== undefined && s.days >= STATION_COVERAGE * days.length)
      return { insolation: s.kwh, insolationSource: 'station' as const };
    return {
      insolation: days.reduce((sum, day) => sum + clearSkyDay(p, day), 0),
      insolationSource: 'clearSky' as const,
    };
  };

  const inverters = await query<{ plant_id: string; n: unknown; producing: unknown }>(
    db,
    sql`select d.plant_id, count(distinct d.id) as n,
        (select count(*) from device_day dd join device d2 on d2.id = dd.device_id
          where d2.plant_id = d.plant_id and d2.kind = 'inverter' and d2.deleted_at is null and dd.pv > 0
            and dd.day between ${from}::date and ${to}::date) as producing
      from device d where d.plant_id = any(${plantIds}) and d.kind = 'inverter' and d.deleted_at is null
      group by d.plant_id`,
  );
  const invOf = new Map(inverters.map((r) => [r.plant_id, { n: Number(r.n), producing: Number(r.producing) }]));

  if (scope === 'plant') {
    const now_ = await query<EnergyRow & { producing_days: unknown }>(
      db,
      sql`select plant_id as key, ${ENERGY}, coalesce(sum(income), 0) as income,
          count(*) filter (where pv > 0) as producing_days
        from plant_day where plant_id = any(${plantIds}) and day between ${from}::date and ${to}::date group by plant_id`,
    );
    const last = await query<{ key: string; pv: unknown }>(
      db,
      sql`select plant_id as key, coalesce(sum(pv), 0) as pv from plant_day
        where plant_id = any(${plantIds}) and day between ${lastFrom}::date and ${lastTo}::date group by plant_id`,
    );
    const byKey = new Map(now_.map((r) => [r.key, r]));
    const lastOf = new Map(last.map((r) => [r.key, Number(r.pv)]));
    return plants.map((p) => {
      const r = byKey.get(p.id);
      const e = figures(r);
      const ins = insolationOf(p);
      const inv = invOf.get(p.id);
      // Over the days the plant reported, like PR: a monitoring gap is not downtime.
      const days = daysOf(p.id)?.length ?? 0;
      const lastYearPv = lastOf.get(p.id) ?? 0;
      return {
        plantId: p.id,
        plantName: p.name,
        deviceSn: null,
        deviceKind: null,
        capacityKwp: p.capacityKwp,
        currency: p.currency,
        ...e,
        income: Number(r?.income ?? 0),
        specificYield: specificYield(e.pv, p.capacityKwp),
        performanceRatio: ins.insolation === null ? null : performanceRatio(e.pv, p.capacityKwp, ins.insolation),
        ...ins,
        availability: inv
          ? availability(inv.producing, inv.n * days)
          : availability(Number(r?.producing_days ?? 0), days),
        co2Kg: co2AvoidedKg(e.pv),
        lastYearPv,
        yearOnYear: yearOnYear(e.pv, lastYearPv),
      };
    });
  }

  const devices = await query<
    EnergyRow & { plant_id: string; sn: string; kind: string; rated_w: unknown; producing: unknown; last_pv: unknown }
  >(
    db,
    sql`select d.id as key, d.plant_id, d.sn, d.kind, d.rated_w,
        coalesce(sum(dd.pv) filter (where dd.day between ${from}::date and ${to}::date), 0) as pv,
        coalesce(sum(dd.load) filter (where dd.day between ${from}::date and ${to}::date), 0) as load,
        coalesce(sum(dd.purchase) filter (where dd.day between ${from}::date and ${to}::date), 0) as purchase,
        coalesce(sum(dd.feed_in) filter (where dd.day between ${from}::date and ${to}::date), 0) as feed_in,
        coalesce(sum(dd.charge) filter (where dd.day between ${from}::date and ${to}::date), 0) as charge,
        coalesce(sum(dd.discharge) filter (where dd.day between ${from}::date and ${to}::date), 0) as discharge,
        count(*) filter (where dd.pv > 0 and dd.day between ${from}::date and ${to}::date) as producing,
        coalesce(sum(dd.pv) filter (where dd.day between ${lastFrom}::date and ${lastTo}::date), 0) as last_pv
      from device d left join device_day dd on dd.device_id = d.id
        and (dd.day between ${from}::date and ${to}::date or dd.day between ${lastFrom}::date and ${lastTo}::date)
      where d.plant_id = any(${plantIds}) and d.deleted_at is null and d.kind in ('inverter', 'battery', 'meter')
      group by d.id order by d.sn`,
  );
  const plantOf = new Map(plants.map((p) => [p.id, p]));
  const rows: ReportRow[] = [];
  for (const d of devices) {
    const p = plantOf.get(d.plant_id);
    if (!p) continue;
    const e = figures(d);
    const kwp = d.kind === 'inverter' && Number(d.rated_w) > 0 ? Number(d.rated_w) / 1000 : 0;
    const ins = insolationOf(p);
    const lastYearPv = Number(d.last_pv);
    rows.push({
      plantId: p.id,
      plantName: p.name,
      deviceSn: d.sn,
      deviceKind: d.kind,
      capacityKwp: kwp,
      currency: p.currency,
      ...e,
      income: periodIncome(p.valuation, { ...e }),
      specificYield: specificYield(e.pv, kwp),
      performanceRatio: ins.insolation === null ? null : performanceRatio(e.pv, kwp, ins.insolation),
      ...ins,
      availability: d.kind === 'inverter' ? availability(Number(d.producing), daysOf(p.id)?.length ?? 0) : null,
      co2Kg: co2AvoidedKg(e.pv),
      lastYearPv,
      yearOnYear: yearOnYear(e.pv, lastYearPv),
    });
  }
  return rows;
}

/** Adds one chunk's plants to the chart (the plants' own rollups, whatever the report's scope). */
export async function addSeries(
  db: Db,
  series: ReportSeries,
  plants: readonly ReportPlant[],
  periodKind: ReportPeriod,
  period: ReturnType<typeof reportPeriod>,
): Promise<void> {
  if (plants.length === 0) return;
  const plantIds = ids(plants.map((p) => p.id));
  const rows = await query<EnergyRow & { day: unknown }>(
    db,
    sql`select day::text as key, day, ${ENERGY} from plant_day
      where plant_id = any(${plantIds}) and day between ${period.from}::date and ${period.to}::date group by day`,
  );
  const index = new Map(series.buckets.map((b, i) => [b, i]));
  for (const r of rows) {
    const i = index.get(bucketOf(periodKind, toDay(r.day)));
    if (i === undefined) continue;
    const e = figures(r);
    series.pv[i] = (series.pv[i] ?? 0) + e.pv;
    series.load[i] = (series.load[i] ?? 0) + e.load;
    series.purchase[i] = (series.purchase[i] ?? 0) + e.purchase;
    series.feedIn[i] = (series.feedIn[i] ?? 0) + e.feedIn;
    series.charge[i] = (series.charge[i] ?? 0) + e.charge;
    series.discharge[i] = (series.discharge[i] ?? 0) + e.discharge;
  }
  const last = await query<{ day: unknown; pv: unknown }>(
    db,
    sql`select day, coalesce(sum(pv), 0) as pv from plant_day
      where plant_id = any(${plantIds}) and day between ${period.lastFrom}::date and ${period.lastTo}::date group by day`,
  );
  for (const r of last) {
    // Last year's day or month, moved onto this year's bucket (a 29 February of last year has none).
    const day = toDay(r.day);
    const moved = `${String(Number(day.slice(0, 4)) + 1).padStart(4, '0')}${day.slice(4)}`;
    const i = index.get(bucketOf(periodKind, moved));
    if (i === undefined) continue;
    series.lastYearPv[i] = (series.lastYearPv[i] ?? 0) + Number(r.pv);
  }
}

export function emptySeries(buckets: readonly string[]): ReportSeries {
  const zeros = () => buckets.map(() => 0);
  return {
    buckets: [...buckets],
    pv: zeros(),
    load: zeros(),
    purchase: zeros(),
    feedIn: zeros(),
    charge: zeros(),
    discharge: zeros(),
    lastYearPv: zeros(),
  };
}

/** The sums of the rows; income only when all rows share a currency (amounts in two currencies do not add). */
export function totalsOf(rows: readonly ReportRow[]): ReportTotals {
  const sum = (f: (r: ReportRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  const currencies = new Set(rows.map((r) => r.currency));
  const oneCurrency = currencies.size === 1 ? ([...currencies][0] ?? null) : null;
  const pv = sum((r) => r.pv);
  const capacityKwp = sum((r) => r.capacityKwp);
  const lastYearPv = sum((r) => r.lastYearPv);
  return {
    capacityKwp,
    pv,
    load: sum((r) => r.load),
    purchase: sum((r) => r.purchase),
    feedIn: sum((r) => r.feedIn),
    charge: sum((r) => r.charge),
    discharge: sum((r) => r.discharge),
    income: oneCurrency === null ? null : sum((r) => r.income),
    currency: oneCurrency,
    specificYield: specificYield(pv, capacityKwp),
    co2Kg: co2AvoidedKg(pv),
    lastYearPv,
    yearOnYear: yearOnYear(pv, lastYearPv),
  };
}
