import { sql } from 'drizzle-orm';
import {
  addDays,
  dayRange,
  derivedLoad,
  eventText,
  flowStates,
  localDay,
  selfConsumptionRatio,
  selfSufficiencyRatio,
  type DeviceStatus,
  type EnergyFigures,
  type EnergyBucket,
  type EnergyPeriod,
  type GenerationUse,
  type Lang,
  type OpenEventCounts,
  type PlantDevice,
  type PlantEventPage,
  type PlantFilter,
  type PlantListAnswer,
  type PlantListQuery,
  type PlantRealtime,
  type PlantStatusCounts,
  type PlantSummary,
  type PlantType,
  type PowerPoint,
  type Valuation,
} from '@heliograph/shared';
import { findPlant } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { num, query, toDay, toMs } from '../../db/rows.js';
import { eventCore, type RawEvent } from '../events/rows.js';
import type { AuthContext } from '../../http/context.js';
import { countByStatus, listPlants } from './list.js';
import { deviceStatusOwnSql, plantStatusSql } from './status.js';

interface PlantRow {
  id: string;
  name: string;
  type: PlantType;
  inverter_kind: string;
  capacity_kw: number;
  address: string;
  latitude: number;
  longitude: number;
  timezone: string;
  currency: string;
  commissioned_on: unknown;
  picture: string | null;
  valuation: Valuation;
  generation_offset_kwh: unknown;
  status: DeviceStatus;
}

const ENERGY_SELECT = sql`coalesce(sum(pv), 0) as pv, coalesce(sum(purchase), 0) as purchase, coalesce(sum(feed_in), 0) as feed_in,
  coalesce(sum(charge), 0) as charge, coalesce(sum(discharge), 0) as discharge, coalesce(sum(load), 0) as load,
  coalesce(sum(income), 0) as income`;

/** A plant_power row: the plant's power flows at one 5-minute mark. */
const POWER_SELECT = sql`ts, pv, load, grid, battery, soc`;
type PowerRow = Record<'ts' | 'pv' | 'load' | 'grid' | 'battery' | 'soc', unknown>;

function toPowerPoint(r: PowerRow): PowerPoint {
  return {
    ts: toMs(r.ts),
    pv: num(r.pv),
    load: num(r.load),
    grid: num(r.grid),
    battery: num(r.battery),
    soc: num(r.soc),
  };
}

type EnergyRow = Record<'pv' | 'purchase' | 'feed_in' | 'charge' | 'discharge' | 'load' | 'income', unknown>;

function toPeriod(r: EnergyRow | undefined): EnergyPeriod {
  const e: EnergyFigures = {
    pv: Number(r?.pv ?? 0),
    purchase: Number(r?.purchase ?? 0),
    feedIn: Number(r?.feed_in ?? 0),
    charge: Number(r?.charge ?? 0),
    discharge: Number(r?.discharge ?? 0),
    load: Number(r?.load ?? 0),
  };
  return {
    ...e,
    income: Number(r?.income ?? 0),
    selfConsumption: selfConsumptionRatio(e),
    selfSufficiency: selfSufficiencyRatio(e),
  };
}

/** Plants as the caller may see them: every read goes through the plant policy, a plant outside it is 700. */
export class PlantService {
  constructor(readonly db: Db) {}

  /** The plant with its derived status (the summary and realtime views need it). */
  get(auth: AuthContext, id: string): Promise<PlantRow> {
    return findPlant<PlantRow>(this.db, auth, id, { select: sql`p.*, ${plantStatusSql} as status` });
  }

  /**
   * The plant if the caller may see it, without its status: charts need only the time zone and dates, and
   * deriving the status (over every device and open event) would cost more than the chart itself.
   */
  scoped(auth: AuthContext, id: string): Promise<ScopedPlant> {
    return findPlant<ScopedPlant>(this.db, auth, id, { select: sql`p.id, p.timezone, p.commissioned_on` });
  }

  /** My Plants (spec §2.2): see list.ts. */
  list(auth: AuthContext, q: PlantListQuery): Promise<PlantListAnswer> {
    return listPlants(this.db, auth, q);
  }

  async summarise(p: PlantRow): Promise<PlantSummary> {
    const today = localDay(Date.now(), p.timezone);
    const [figures] = await query<{
      today_kwh: unknown;
      total_kwh: unknown;
      today_income: unknown;
      total_income: unknown;
    }>(
      this.db,
      sql`select coalesce(sum(pv) filter (where day = ${today}::date), 0) as today_kwh, coalesce(sum(pv), 0) as total_kwh,
        coalesce(sum(income) filter (where day = ${today}::date), 0) as today_income, coalesce(sum(income), 0) as total_income
        from plant_day where plant_id = ${p.id}`,
    );
    const power = await this.currentPower(p.id);
    return {
      id: p.id,
      name: p.name,
      type: p.type,
      inverterKind: p.inverter_kind,
      capacityKw: Number(p.capacity_kw),
      address: p.address,
      latitude: Number(p.latitude),
      longitude: Number(p.longitude),
      timezone: p.timezone,
      currency: p.currency,
      commissionedOn: toDay(p.commissioned_on),
      status: p.status,
      picture: p.picture,
      powerW: p.status === 'offline' ? null : power.pv,
      todayKwh: Number(figures?.today_kwh ?? 0),
      totalKwh: Number(figures?.total_kwh ?? 0) + Number(p.generation_offset_kwh ?? 0),
      todayIncome: Number(figures?.today_income ?? 0),
      totalIncome: Number(figures?.total_income ?? 0),
    };
  }

  /** The plant's newest 5-minute power point. */
  private async currentPower(plantId: string): Promise<PowerPoint> {
    const [r] = await query<PowerRow>(
      this.db,
      sql`select ${POWER_SELECT} from plant_power where plant_id = ${plantId} order by ts desc limit 1`,
    );
    return r ? toPowerPoint(r) : { ts: 0, pv: null, load: null, grid: null, battery: null, soc: null };
  }

  async realtime(auth: AuthContext, id: string): Promise<PlantRealtime> {
    const p = await this.get(auth, id);
    const power = await this.currentPower(p.id);
    // A reading older than 15 minutes is not "now".
    const fresh = power.ts > Date.now() - 15 * 60_000 && p.status !== 'offline';
    const shown = fresh ? power : { ...power, pv: 0, load: 0, grid: 0, battery: 0 };
    const states = flowStates({ grid: shown.grid, battery: shown.battery });
    const today = localDay(Date.now(), p.timezone);
    return {
      status: p.status,
      ts: power.ts || null,
      powerW: shown,
      flow: {
        pv: (shown.pv ?? 0) > 10 ? 'selling' : 'idle',
        grid: states.grid,
        battery: states.battery,
        load: (shown.load ?? 0) > 10 ? 'buying' : 'idle',
      },
      today: await this.energy(p.id, today, today),
      month: await this.energy(p.id, `${today.slice(0, 7)}-01`, today),
      total: await this.energy(p.id, '1970-01-01', today),
      capacityKw: Number(p.capacity_kw),
      currency: p.currency,
    };
  }

  async energy(plantId: string, fromDay: string, toDay: string): Promise<EnergyPeriod> {
    const [r] = await query<EnergyRow>(
      this.db,
      sql`select ${ENERGY_SELECT} from plant_day where plant_id = ${plantId} and day between ${fromDay}::date and ${toDay}::date`,
    );
    return toPeriod(r);
  }

  /** 5-minute power of one plant-local day. */
  async powerDay(p: ScopedPlant, day: string): Promise<PowerPoint[]> {
    const [from, to] = dayRange(day, p.timezone);
    const rows = await query<PowerRow>(
      this.db,
      sql`select ${POWER_SELECT} from plant_power where plant_id = ${p.id}
        and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz order by ts`,
    );
    return rows.map(toPowerPoint);
  }

  /** Energy per day of a month, per month of a year, or per year of the plant's life. */
  async energySeries(p: ScopedPlant, period: 'month' | 'year' | 'total', key: string): Promise<EnergyBucket[]> {
    const today = localDay(Date.now(), p.timezone);
    if (period === 'month') {
      const rows = await query<EnergyRow & { day: unknown }>(
        this.db,
        sql`select day, ${ENERGY_SELECT} from plant_day where plant_id = ${p.id}
          and day >= ${`${key}-01`}::date and day < (${`${key}-01`}::date + interval '1 month') group by day order by day`,
      );
      const byDay = new Map(rows.map((r) => [toDay(r.day), toPeriod(r)]));
      const out: EnergyBucket[] = [];
      for (let d = `${key}-01`; d.startsWith(key) && d <= today; d = addDays(d, 1))
        out.push({ key: d, ...(byDay.get(d) ?? toPeriod(undefined)) });
      return out;
    }
    const unit = period === 'year' ? sql`'YYYY-MM'` : sql`'YYYY'`;
    const range =
      period === 'year' ? sql`and day >= ${`${key}-01-01`}::date and day < ${`${Number(key) + 1}-01-01`}::date` : sql``;
    const rows = await query<EnergyRow & { k: string }>(
      this.db,
      sql`select to_char(day, ${unit}) as k, ${ENERGY_SELECT} from plant_day where plant_id = ${p.id} ${range} group by k order by k`,
    );
    const byKey = new Map(rows.map((r) => [r.k, toPeriod(r)]));
    const keys: string[] = [];
    if (period === 'year') {
      for (let m = 1; m <= 12; m++) {
        const k = `${key}-${String(m).padStart(2, '0')}`;
        if (k <= today.slice(0, 7)) keys.push(k);
      }
    } else {
      const first = Math.min(Number(toDay(p.commissioned_on).slice(0, 4)), ...rows.map((r) => Number(r.k)));
      for (let y = first; y <= Number(today.slice(0, 4)); y++) keys.push(String(y));
    }
    return keys.map((k) => ({ key: k, ...(byKey.get(k) ?? toPeriod(undefined)) }));
  }

  async devices(auth: AuthContext, id: string, kind?: string): Promise<PlantDevice[]> {
    const p = await this.scoped(auth, id);
    const rows = await query<{
      id: string;
      sn: string;
      kind: string;
      model: string;
      alias: string | null;
      rated_w: unknown;
      gateway_sn: string;
      status: DeviceStatus;
      ts: unknown;
      metrics: Record<string, number | null> | null;
    }>(
      this.db,
      sql`select d.id, d.sn, d.kind, d.model, d.alias, d.rated_w, g.sn as gateway_sn, ${deviceStatusOwnSql} as status, dl.ts, dl.metrics
        from device d join gateway g on g.id = d.gateway_id left join device_latest dl on dl.device_id = d.id
        where d.plant_id = ${p.id} ${kind ? sql`and d.kind = ${kind}` : sql``} order by d.kind, d.sn`,
    );
    return rows.map((r) => ({
      id: r.id,
      sn: r.sn,
      kind: r.kind,
      model: r.model,
      alias: r.alias,
      ratedW: num(r.rated_w),
      gatewaySn: r.gateway_sn,
      status: r.status,
      lastSeen: r.ts ? toMs(r.ts) : null,
      metrics: r.metrics ?? {},
    }));
  }

  async events(
    auth: AuthContext,
    id: string,
    page: number,
    size: number,
    open?: boolean,
    lang: Lang = 'en',
  ): Promise<PlantEventPage> {
    const p = await this.scoped(auth, id);
    const rows = await query<RawEvent & { device_sn: string; device_kind: string; total: unknown }>(
      this.db,
      sql`select e.id, e.code, e.level, e.message, e.raised_at, e.cleared_at, d.sn as device_sn, d.kind as device_kind, count(*) over () as total
        from device_event e join device d on d.id = e.device_id where e.plant_id = ${p.id}
        ${open === undefined ? sql`` : open ? sql`and e.cleared_at is null` : sql`and e.cleared_at is not null`}
        order by e.raised_at desc limit ${size} offset ${(page - 1) * size}`,
    );
    return {
      total: rows[0] ? Number(rows[0].total) : 0,
      rows: rows.map((r) => ({
        ...eventCore(r),
        deviceSn: r.device_sn,
        deviceKind: r.device_kind,
        meaning: eventText(r.code, lang)?.meaning ?? null,
        solution: eventText(r.code, lang)?.solution ?? null,
      })),
    };
  }

  /** Counts of the caller's plants by status (spec: status statistics all, normal, warning, fault, offline). */
  countByStatus(auth: AuthContext, f: PlantFilter): Promise<PlantStatusCounts> {
    return countByStatus(this.db, auth, f);
  }

  async countOpenEvents(auth: AuthContext): Promise<OpenEventCounts> {
    const [r] = await query<{ total: unknown; fault: unknown; warning: unknown; info: unknown }>(
      this.db,
      sql`select count(*) as total, count(*) filter (where e.level = 'fault') as fault, count(*) filter (where e.level = 'warning') as warning,
        count(*) filter (where e.level = 'info') as info
        from device_event e join plant p on p.id = e.plant_id where e.cleared_at is null and ${scopeCondition(auth, 'plant')}`,
    );
    return {
      total: Number(r?.total ?? 0),
      fault: Number(r?.fault ?? 0),
      warning: Number(r?.warning ?? 0),
      info: Number(r?.info ?? 0),
    };
  }

  /** Where today's PV went (load, battery, grid) and where the load came from (PV, battery, grid). */
  async generationUse(auth: AuthContext, id: string, day?: string): Promise<GenerationUse> {
    const p = await this.scoped(auth, id);
    const d = day ?? localDay(Date.now(), p.timezone);
    const e = await this.energy(p.id, d, d);
    const pvToGrid = Math.min(e.feedIn, e.pv);
    const pvToBattery = Math.min(e.charge, Math.max(0, e.pv - pvToGrid));
    const pvToLoad = Math.max(0, e.pv - pvToGrid - pvToBattery);
    const load = e.load || derivedLoad(e);
    return {
      generation: { load: pvToLoad, battery: pvToBattery, grid: pvToGrid },
      use: {
        pv: Math.min(pvToLoad, load),
        battery: Math.min(e.discharge, Math.max(0, load - pvToLoad)),
        grid: e.purchase,
      },
    };
  }
}

export interface ScopedPlant {
  id: string;
  timezone: string;
  commissioned_on: unknown;
}
