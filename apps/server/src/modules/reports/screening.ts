import { sql } from 'drizzle-orm';
import {
  SCREENING_BANDS,
  availability,
  screeningBand,
  specificYield,
  underPerforms,
  yearOnYear,
  type DeviceStatus,
  type PlantType,
  type ReportRow,
  type ScreeningAnswer,
  type ScreeningRow,
  type ScreeningSort,
  type screeningQuery,
} from '@heliograph/shared';
import type { z } from 'zod';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { currentStatus, groupSql, narrowSql } from '../plants/list.js';
import { reportPeriod, reportPlants, reportRows } from './compute.js';

/** One plant of the screened fleet, as the sort and the summary read it (the page gets full report rows). */
interface Screened {
  id: string;
  name: string;
  lowerName: string;
  capacityKwp: number;
  type: PlantType;
  country: string;
  status: DeviceStatus;
  pv: number;
  reported: boolean;
  specificYield: number | null;
  availability: number | null;
  yearOnYear: number | null;
  peerShare: number | null;
}

interface FleetRow {
  id: string;
  name: string;
  capacity_kw: unknown;
  type: PlantType;
  country: string;
  status: DeviceStatus;
  pv: unknown;
  days: unknown;
  producing_days: unknown;
  inverters: unknown;
  producing: unknown;
  last_pv: unknown;
}

const median = (sorted: readonly number[]): number | null => {
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? null) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/**
 * The data-screening dashboard (issue 16 point 6): every plant the caller may see under the plant list's
 * filters plus a region, with the figures that rank a fleet (generation, kWh/kWp, its share of the peers'
 * median, availability, change on last year) read for all of them in one set-based statement, so the sort
 * and the summary cover the whole filtered fleet; then the full report rows (PR, insolation, income, CO₂)
 * for the page only. PR needs a clear-sky integration per plant-day, too dear to rank 10,000 plants by; the
 * peers' kWh/kWp is the screening figure, PR the explanation on the page.
 */
export async function screenFleet(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof screeningQuery>,
  memo?: RankingMemo,
): Promise<ScreeningAnswer> {
  const period = reportPeriod(q.period, q.date);
  const ranking = memo ? memo.get(auth, q, () => rankFleet(db, auth, q, period)) : rankFleet(db, auth, q, period);
  const { fleet, summary } = await ranking;
  // The memo's ranking is shared by the requests that page and sort it: each sorts its own copy.
  const shown = q.under === 'true' ? fleet.filter((p) => underPerforms(p.peerShare)) : [...fleet];
  shown.sort(comparator(q.sort, q.order));
  const page = shown.slice((q.page - 1) * q.size, q.page * q.size);

  const [countries, pageRows] = await Promise.all([countriesOf(db, auth), pageReport(db, auth, page, period)]);
  return {
    total: shown.length,
    rows: page.flatMap((p) => {
      const row = pageRows.get(p.id);
      if (!row) return [];
      const screened: ScreeningRow = {
        ...row,
        type: p.type,
        status: p.status,
        country: p.country,
        peerShare: p.peerShare,
        under: underPerforms(p.peerShare),
      };
      return [screened];
    }),
    summary,
    countries,
  };
}

interface Ranking {
  fleet: readonly Screened[];
  summary: ScreeningAnswer['summary'];
}

/** The figures of every plant under the filters, and their summary: what sorting and paging read. */
async function rankFleet(
  db: Db,
  auth: AuthContext,
  q: z.output<typeof screeningQuery>,
  period: ReturnType<typeof reportPeriod>,
): Promise<Ranking> {
  const { from, to, lastFrom, lastTo } = period;
  // The plants are joined to the rollups, not matched with `in (select …)`: the planner then knows how many
  // plants there are, and for a whole fleet scans a year of plant_day once (1.3 s for 10,000 plants on
  // PostgreSQL) rather than making 10,000 index lookups scattered over as many pages (12 s).
  const fleetRows = await query<FleetRow>(
    db,
    sql`with b as (
        select p.id, p.name, p.capacity_kw, p.type, p.country, ${currentStatus} as status
        from plant p left join plant_summary s on s.plant_id = p.id
        where ${scopeCondition(auth, 'plant')} ${narrowSql(q)} ${groupSql(auth, q.group)}
          ${q.country ? sql`and p.country = ${q.country}` : sql``}),
      f as materialized (select * from b ${q.status ? sql`where b.status = ${q.status}` : sql``}),
      e as (select pd.plant_id, sum(pd.pv) as pv, count(*) as days, count(*) filter (where pd.pv > 0) as producing_days
        from plant_day pd join f on f.id = pd.plant_id where pd.day between ${from}::date and ${to}::date
        group by pd.plant_id),
      ly as (select pd.plant_id, sum(pd.pv) as pv from plant_day pd join f on f.id = pd.plant_id
        where pd.day between ${lastFrom}::date and ${lastTo}::date group by pd.plant_id),
      inv as (select d.plant_id, count(*) as n from device d join f on f.id = d.plant_id
        where d.kind = 'inverter' and d.deleted_at is null group by d.plant_id),
      prod as (select d.plant_id, count(*) as n from device_day dd join device d on d.id = dd.device_id
        join f on f.id = d.plant_id where d.kind = 'inverter' and d.deleted_at is null and dd.pv > 0
          and dd.day between ${from}::date and ${to}::date group by d.plant_id)
      select f.id, f.name, f.capacity_kw, f.type, f.country, f.status, coalesce(e.pv, 0) as pv,
        coalesce(e.days, 0) as days, coalesce(e.producing_days, 0) as producing_days,
        coalesce(inv.n, 0) as inverters, coalesce(prod.n, 0) as producing, coalesce(ly.pv, 0) as last_pv
      from f left join e on e.plant_id = f.id left join ly on ly.plant_id = f.id
        left join inv on inv.plant_id = f.id left join prod on prod.plant_id = f.id`,
  );

  const fleet: Screened[] = fleetRows.map((r) => {
    const pv = Number(r.pv);
    const days = Number(r.days);
    const inverters = Number(r.inverters);
    const capacityKwp = Number(r.capacity_kw);
    const reported = days > 0;
    return {
      id: r.id,
      name: r.name,
      lowerName: r.name.toLowerCase(),
      capacityKwp,
      type: r.type,
      country: r.country,
      status: r.status,
      pv,
      reported,
      // A plant that reported nothing has no figure to rank, rather than a yield of zero.
      specificYield: reported ? specificYield(pv, capacityKwp) : null,
      // As in a report: over the days the plant reported, per inverter when it has inverter rows.
      availability: !reported
        ? null
        : inverters > 0
          ? availability(Number(r.producing), inverters * days)
          : availability(Number(r.producing_days), days),
      yearOnYear: reported ? yearOnYear(pv, Number(r.last_pv)) : null,
      peerShare: null,
    };
  });
  const yields = fleet
    .map((p) => p.specificYield)
    .filter((v): v is number => v !== null)
    .sort((a, b) => a - b);
  const med = median(yields);
  const bands = SCREENING_BANDS.map(() => 0);
  let under = 0;
  for (const p of fleet) {
    if (p.specificYield === null || med === null || !(med > 0)) continue;
    p.peerShare = p.specificYield / med;
    bands[screeningBand(p.peerShare)]! += 1;
    if (underPerforms(p.peerShare)) under += 1;
  }
  const capacityKwp = fleet.reduce((s, p) => s + p.capacityKwp, 0);
  const pv = fleet.reduce((s, p) => s + p.pv, 0);
  const reportedCapacity = fleet.reduce((s, p) => s + (p.reported ? p.capacityKwp : 0), 0);

  return {
    fleet,
    summary: {
      plants: fleet.length,
      capacityKwp,
      pv,
      specificYield: specificYield(
        fleet.reduce((s, p) => s + (p.reported ? p.pv : 0), 0),
        reportedCapacity,
      ),
      medianSpecificYield: med,
      under,
      noData: fleet.filter((p) => !p.reported).length,
      bands,
    },
  };
}

/** How long a ranking serves the requests that page and sort it. */
export const RANKING_MEMO_MS = 30_000;
/** Rankings kept at once (a 10,000-plant one is a couple of MB). */
const RANKING_MEMO_MAX = 8;

/**
 * The last few rankings, by caller, filters and period, for RANKING_MEMO_MS on the app's clock: turning the
 * pages or the sort of a 10,000-plant year reads the rollups once, not at every click (a year of 1,000 plants is
 * 1–2 s of aggregation on the embedded database). Requests that arrive together share one computation. The
 * figures may be that much older than the rollups; a failed ranking is not kept.
 */
export class RankingMemo {
  private readonly entries = new Map<string, { at: number; ranking: Promise<Ranking> }>();

  constructor(private readonly now: () => number) {}

  get(auth: AuthContext, q: z.output<typeof screeningQuery>, compute: () => Promise<Ranking>): Promise<Ranking> {
    const { page: _page, size: _size, sort: _sort, order: _order, under: _under, ...filters } = q;
    const key = JSON.stringify([auth.userId, auth.roleId, auth.companyId, filters]);
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < RANKING_MEMO_MS) return hit.ranking;
    const ranking = compute();
    this.entries.delete(key);
    this.entries.set(key, { at: now, ranking });
    ranking.catch(() => {
      if (this.entries.get(key)?.ranking === ranking) this.entries.delete(key);
    });
    // Oldest first in a Map: drop those over the cap.
    for (const k of this.entries.keys()) {
      if (this.entries.size <= RANKING_MEMO_MAX) break;
      this.entries.delete(k);
    }
    return ranking;
  }
}

/** The page's full report rows (PR, insolation, income, CO₂), by plant. */
async function pageReport(
  db: Db,
  auth: AuthContext,
  page: readonly Screened[],
  period: ReturnType<typeof reportPeriod>,
): Promise<Map<string, ReportRow>> {
  if (page.length === 0) return new Map();
  const { plants } = await reportPlants(db, auth, { plantIds: page.map((p) => p.id) });
  const rows = await reportRows(db, plants, period, 'plant');
  return new Map(rows.map((r) => [r.plantId, r]));
}

/** The regions of the filter: the countries among every plant the caller may see. */
async function countriesOf(db: Db, auth: AuthContext): Promise<string[]> {
  const rows = await query<{ country: string }>(
    db,
    sql`select distinct p.country from plant p where ${scopeCondition(auth, 'plant')} and p.country <> ''
      order by p.country`,
  );
  return rows.map((r) => r.country);
}

const SORT_VALUE: Record<Exclude<ScreeningSort, 'name'>, (p: Screened) => number | null> = {
  capacity: (p) => p.capacityKwp,
  pv: (p) => (p.reported ? p.pv : null),
  specificYield: (p) => p.specificYield,
  peerShare: (p) => p.peerShare,
  availability: (p) => p.availability,
  yearOnYear: (p) => p.yearOnYear,
};

const byName = (a: Screened, b: Screened) =>
  a.lowerName < b.lowerName ? -1 : a.lowerName > b.lowerName ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * The order of the table. A plant without the figure (no data in the period) sorts after every plant that has
 * one, whichever the direction: ascending by peer share must show the worst reporting plants first, not the
 * silent ones, which the summary counts apart.
 */
function comparator(sort: ScreeningSort, order: 'asc' | 'desc'): (a: Screened, b: Screened) => number {
  const dir = order === 'desc' ? -1 : 1;
  if (sort === 'name') return (a, b) => dir * byName(a, b);
  const value = SORT_VALUE[sort];
  return (a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return x === y ? byName(a, b) : dir * (x - y);
  };
}
