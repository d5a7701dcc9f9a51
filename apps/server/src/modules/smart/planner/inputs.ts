/**
 * What a plant's plan is made from (issue 17 point 2): its prices for today and tomorrow, a PV forecast, a
 * load forecast, its battery and its grid rules, read from the database and turned into the optimiser's
 * `PlanInput`. Forecasts are deliberately simple and explainable (docs/optimiser.md "Forecasts"):
 * - PV: clear-sky irradiance (Haurwitz, the reports' model) × kWp × a performance ratio × the plant's recent
 *   clearness (its last 3 days' yield against clear sky), so a cloudy week plans with less sun;
 * - load: the plant's own 5-minute consumption over the last 28 days, averaged by weekday and hour, or by
 *   hour alone where a weekday has too little history, or a small constant for a plant with none.
 */
import {
  addDays,
  cosZenith,
  haurwitzGhi,
  localDay,
  localTime,
  type PlantSettings,
  type PriceSlot,
  type Valuation,
} from '@heliograph/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { query } from '../../../db/rows.js';
import type { PlanInput, PlanSlotInput } from '../optimiser/model.js';
import { pricesFrom, type PricedPlant } from '../prices/plant-prices.js';

/** Share of clear-sky energy a healthy plant delivers on a clear day (performance ratio). */
export const PERFORMANCE_RATIO = 0.8;
/** Recent clearness is kept within these bounds: no forecast of a dark day, none brighter than clear sky. */
const CLEARNESS = { min: 0.15, max: 1, unknown: 0.7 } as const;
/** Days of history the load forecast averages over. */
const LOAD_DAYS = 28;
/** Points (5-minute) a weekday-hour cell needs before it is trusted over the plain hourly average: two days. */
const CELL_POINTS = 24;
/** One-way battery efficiency the plan assumes (LFP with its inverter: about 90 % round trip). */
const EFFICIENCY = 0.95;
/** SOC bounds when the plant has no target SOCs: what a BMS usually keeps. */
const SOC_DEFAULT = { min: 0.1, max: 0.95 } as const;

export interface PlannedPlant extends PricedPlant {
  companyId: string | null;
  capacityKw: number;
  latitude: number;
  longitude: number;
  /** Whom the plan's commands are logged under: the owner, else the installer, else whoever created it. */
  actingUserId: string | null;
}

export interface PlanDevices {
  inverter: { id: string; sn: string; gatewayId: string; plantId: string | null };
  capacityKwh: number;
  powerKw: number;
  /** Newest SOC of the batteries, 0–1; null when none has reported. */
  soc: number | null;
}

export async function loadPlannedPlant(db: Db, plantId: string): Promise<PlannedPlant | undefined> {
  const [r] = await query<{
    id: string;
    company_id: string | null;
    timezone: string;
    currency: string;
    valuation: Valuation;
    settings: PlantSettings;
    capacity_kw: number;
    latitude: number;
    longitude: number;
    acting: string | null;
  }>(
    db,
    sql`select p.id, p.company_id, p.timezone, p.currency, p.valuation, p.settings, p.capacity_kw, p.latitude,
      p.longitude, coalesce(p.owner_id, p.installer_id, p.created_by,
        (select u.id from app_user u where u.company_id = p.company_id and not u.disabled order by u.created_at limit 1)) as acting
      from plant p where p.id = ${plantId} and p.deleted_at is null`,
  );
  if (!r) return undefined;
  return {
    id: r.id,
    companyId: r.company_id,
    timezone: r.timezone,
    currency: r.currency,
    valuation: r.valuation,
    settings: r.settings ?? {},
    capacityKw: r.capacity_kw,
    latitude: r.latitude,
    longitude: r.longitude,
    actingUserId: r.acting,
  };
}

/** The hybrid inverter a plan commands and the batteries behind the plant; undefined without either. */
export async function loadPlanDevices(db: Db, plantId: string): Promise<PlanDevices | undefined> {
  const [inverter] = await query<{ id: string; sn: string; gateway_id: string }>(
    db,
    sql`select d.id, d.sn, d.gateway_id from device d
      where d.plant_id = ${plantId} and d.deleted_at is null and d.kind = 'inverter' and d.meta->>'inverterKind' = 'hybrid'
      order by d.sn limit 1`,
  );
  const [battery] = await query<{ capacity: number | null; power: number | null; soc: number | null }>(
    db,
    sql`select sum(d.capacity_kwh) as capacity, sum(d.rated_w) as power, avg((l.metrics->>'soc')::float8) as soc
      from device d left join device_latest l on l.device_id = d.id
      where d.plant_id = ${plantId} and d.deleted_at is null and d.kind = 'battery'`,
  );
  const capacityKwh = Number(battery?.capacity ?? 0);
  const powerKw = Number(battery?.power ?? 0) / 1000;
  if (!inverter || !(capacityKwh > 0) || !(powerKw > 0)) return undefined;
  const soc = battery?.soc === null || battery?.soc === undefined ? null : Number(battery.soc) / 100;
  return {
    inverter: { id: inverter.id, sn: inverter.sn, gatewayId: inverter.gateway_id, plantId },
    capacityKwh,
    powerKw,
    soc,
  };
}

/** Average consumption, W, by weekday (1–7, ISO) and local hour, and by hour alone. */
export interface LoadProfile {
  byWeekdayHour: Map<string, number>;
  byHour: Map<number, number>;
  fallbackW: number;
}

export async function loadProfile(db: Db, plant: PlannedPlant, now: number): Promise<LoadProfile> {
  const since = new Date(now - LOAD_DAYS * 86_400_000);
  const rows = await query<{ dow: number; hour: number; w: number; n: number }>(
    db,
    sql`select extract(isodow from ts at time zone ${plant.timezone})::int as dow,
        extract(hour from ts at time zone ${plant.timezone})::int as hour, avg(load) as w, count(*)::int as n
      from plant_power where plant_id = ${plant.id} and ts >= ${since} and ts < ${new Date(now)} and load is not null
      group by 1, 2`,
  );
  const byWeekdayHour = new Map<string, number>();
  const hourSum = new Map<number, { w: number; n: number }>();
  for (const r of rows) {
    const w = Math.max(0, Number(r.w));
    if (r.n >= CELL_POINTS) byWeekdayHour.set(`${r.dow}:${r.hour}`, w);
    const h = hourSum.get(r.hour) ?? { w: 0, n: 0 };
    hourSum.set(r.hour, { w: h.w + w * r.n, n: h.n + r.n });
  }
  const byHour = new Map([...hourSum].map(([hour, h]) => [hour, h.w / h.n]));
  // A plant with no history: a tenth of its peak power, about what a home or shop draws on average.
  return { byWeekdayHour, byHour, fallbackW: plant.capacityKw * 100 };
}

/** Forecast consumption in a slot, kWh. */
export function forecastLoadKwh(profile: LoadProfile, timezone: string, start: number, minutes: number): number {
  const t = localTime(start + (minutes * 60_000) / 2, timezone);
  const hour = Math.floor(t.minuteOfDay / 60);
  const dow = ((new Date(`${t.day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const w = profile.byWeekdayHour.get(`${dow}:${hour}`) ?? profile.byHour.get(hour) ?? profile.fallbackW;
  return (w / 1000) * (minutes / 60);
}

/** The plant's recent clearness: its last 3 days' PV against clear sky at its performance ratio. */
export async function recentClearness(db: Db, plant: PlannedPlant, now: number): Promise<number> {
  const today = localDay(now, plant.timezone);
  const from = addDays(today, -3);
  const [r] = await query<{ pv: number | null; days: number }>(
    db,
    sql`select sum(pv) as pv, count(*)::int as days from plant_day
      where plant_id = ${plant.id} and day >= ${from} and day < ${today}`,
  );
  if (!r || !r.days || r.pv === null) return CLEARNESS.unknown;
  let clear = 0;
  for (let day = from; day < today; day = addDays(day, 1)) clear += clearSkyPvKwh(plant, day);
  if (!(clear > 0)) return CLEARNESS.unknown;
  return Math.min(CLEARNESS.max, Math.max(CLEARNESS.min, Number(r.pv) / clear));
}

/** Clear-sky PV of a slot, kWh: Haurwitz GHI at the slot's middle × kWp × the performance ratio. */
export function clearSkySlotKwh(
  plant: Pick<PlannedPlant, 'capacityKw' | 'latitude' | 'longitude'>,
  start: number,
  minutes: number,
): number {
  const steps = Math.max(1, Math.round(minutes / 15));
  let kwh = 0;
  for (let i = 0; i < steps; i++) {
    const mid = start + ((i + 0.5) * minutes * 60_000) / steps;
    const ghi = haurwitzGhi(cosZenith(mid, plant.latitude, plant.longitude));
    kwh += (ghi / 1000) * plant.capacityKw * PERFORMANCE_RATIO * (minutes / 60 / steps);
  }
  return kwh;
}

function clearSkyPvKwh(plant: PlannedPlant, day: string): number {
  let kwh = 0;
  const start = Date.parse(`${day}T00:00:00Z`) - 14 * 3_600_000;
  // Any 48 hours around the UTC date hold the whole local day; only the local day's hours count.
  for (let t = start; t < start + 48 * 3_600_000; t += 3_600_000) {
    if (localDay(t, plant.timezone) === day) kwh += clearSkySlotKwh(plant, t, 60);
  }
  return kwh;
}

/**
 * The optimiser's input: slots from the current one to the end of tomorrow (plant-local), priced, with the
 * forecasts and the battery. Undefined when the plant has no prices for now (then it cannot be planned).
 */
export function planInput(o: {
  plant: PlannedPlant;
  devices: PlanDevices;
  prices: readonly PriceSlot[];
  profile: LoadProfile;
  clearness: number;
  now: number;
}): PlanInput | undefined {
  const { plant, devices, profile, clearness, now } = o;
  const slots: PlanSlotInput[] = [];
  const fixedSell = plant.settings.exportPrice;
  for (const p of o.prices) {
    const end = p.start + p.minutes * 60_000;
    if (end <= now) continue;
    if (slots.length >= 192) break;
    slots.push({
      start: p.start,
      minutes: p.minutes,
      buy: p.buy,
      // A plant with its own export price (spec §3) sells at it whatever the market pays.
      sell: fixedSell !== undefined ? fixedSell : p.sell,
      pvKwh: clearSkySlotKwh(plant, p.start, p.minutes) * clearness,
      loadKwh: forecastLoadKwh(profile, plant.timezone, p.start, p.minutes),
    });
  }
  if (slots.length === 0) return undefined;
  const settings = plant.settings;
  const socMin = settings.dischargeTargetSoc !== undefined ? settings.dischargeTargetSoc / 100 : SOC_DEFAULT.min;
  const socMax = settings.chargeTargetSoc !== undefined ? settings.chargeTargetSoc / 100 : SOC_DEFAULT.max;
  return {
    slots,
    battery: {
      capacityKwh: devices.capacityKwh,
      maxChargeKw: devices.powerKw,
      maxDischargeKw: devices.powerKw,
      socMin: Math.min(socMin, socMax),
      socMax: Math.max(socMin, socMax),
      socNow: devices.soc ?? (socMin + socMax) / 2,
      chargeEfficiency: EFFICIENCY,
      dischargeEfficiency: EFFICIENCY,
    },
    grid: { exportLimitKw: null, exportFromPvOnly: settings.autoExport !== true },
  };
}

/** Today's and tomorrow's prices from the plant's source, for `planInput`. */
export function planPrices(db: Db, plant: PlannedPlant, now: number): Promise<PriceSlot[]> {
  return pricesFrom(db, plant, localDay(now, plant.timezone), 2);
}
