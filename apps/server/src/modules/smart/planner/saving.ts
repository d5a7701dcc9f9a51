/**
 * The saving automation makes, counted as it happens (issue 17 point 3): for every finished 5-minute mark of
 * plant_power since the last count, what the grid energy really cost at the plant's prices, and what plain
 * self-consumption would have cost with the same sun and the same use, its battery carried on from one count
 * to the next (`baseline_soc`). The difference, per plant-local day, is the saving the overview shows.
 */
import { localDay, type PriceSlot } from '@heliograph/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { query } from '../../../db/rows.js';
import type { PlanSlotInput } from '../optimiser/model.js';
import { selfConsumption } from '../optimiser/self-consumption.js';
import { pricesFrom } from '../prices/plant-prices.js';
import type { PlanDevices, PlannedPlant } from './inputs.js';

const POINT_MS = 5 * 60_000;
/** A count never reaches back further than this (a plant whose automation was off for weeks starts afresh). */
const MAX_BACK_MS = 2 * 86_400_000;

export interface PowerPoint {
  ts: number;
  pvW: number;
  loadW: number;
  gridW: number;
}

export interface DayCost {
  day: string;
  actual: number;
  baseline: number;
}

/** The price slot covering `ts`, if any. */
function priceAt(prices: readonly PriceSlot[], ts: number): PriceSlot | undefined {
  return prices.find((p) => p.start <= ts && ts < p.start + p.minutes * 60_000);
}

/**
 * Pure: the actual and self-consumption costs of `points` per plant-local day, and the baseline battery's SOC
 * after them. Points without a price are skipped (they count for neither side).
 */
export function countCosts(o: {
  points: readonly PowerPoint[];
  prices: readonly PriceSlot[];
  fixedSell: number | undefined;
  timezone: string;
  devices: Pick<PlanDevices, 'capacityKwh' | 'powerKw'>;
  socMin: number;
  socMax: number;
  baselineSoc: number;
}): { days: DayCost[]; baselineSoc: number } {
  const h = POINT_MS / 3_600_000;
  const slots: (PlanSlotInput & { actual: number })[] = [];
  for (const p of o.points) {
    const price = priceAt(o.prices, p.ts);
    if (!price) continue;
    const sell = o.fixedSell ?? price.sell ?? 0;
    const gridKwh = (p.gridW / 1000) * h;
    slots.push({
      start: p.ts,
      minutes: 5,
      buy: price.buy,
      sell,
      pvKwh: Math.max(0, p.pvW / 1000) * h,
      loadKwh: Math.max(0, p.loadW / 1000) * h,
      actual: gridKwh >= 0 ? gridKwh * price.buy : gridKwh * sell,
    });
  }
  if (slots.length === 0) return { days: [], baselineSoc: o.baselineSoc };
  const baseline = selfConsumption({
    slots,
    battery: {
      capacityKwh: o.devices.capacityKwh,
      maxChargeKw: o.devices.powerKw,
      maxDischargeKw: o.devices.powerKw,
      socMin: o.socMin,
      socMax: o.socMax,
      socNow: o.baselineSoc,
      chargeEfficiency: 0.95,
      dischargeEfficiency: 0.95,
    },
    grid: { exportLimitKw: null },
  });
  const days = new Map<string, DayCost>();
  slots.forEach((s, k) => {
    const day = localDay(s.start, o.timezone);
    const d = days.get(day) ?? { day, actual: 0, baseline: 0 };
    const b = baseline.slots[k];
    d.actual += s.actual;
    if (b) d.baseline += b.importKwh * s.buy - b.exportKwh * (s.sell ?? 0);
    days.set(day, d);
  });
  return { days: [...days.values()], baselineSoc: baseline.slots.at(-1)?.socEnd ?? o.baselineSoc };
}

/** How far behind the clock the count stays, so a mark ingest is still writing is not skipped. */
const SETTLE_MS = 2 * POINT_MS;

/**
 * Counts the finished marks since `countedUntil` (from now on, the first time): the days' costs to add to
 * plant_saving_day (`writeSaving`, in the same transaction as the plan row that keeps `countedUntil`, so a
 * crash between them neither loses nor repeats a count), where the next count starts, and the baseline SOC.
 */
export async function countSaving(
  db: Db,
  o: {
    plant: PlannedPlant;
    devices: PlanDevices;
    socMin: number;
    socMax: number;
    countedUntil: number | null;
    baselineSoc: number | null;
    now: number;
  },
): Promise<{ days: DayCost[]; countedUntil: number; baselineSoc: number }> {
  const end = Math.floor(o.now / POINT_MS) * POINT_MS - SETTLE_MS;
  const from = Math.max(o.countedUntil ?? end, end - MAX_BACK_MS);
  const startSoc = o.baselineSoc ?? o.devices.soc ?? (o.socMin + o.socMax) / 2;
  if (from >= end) return { days: [], countedUntil: from, baselineSoc: startSoc };
  const rows = await query<{ ts: Date | string; pv: number | null; load: number | null; grid: number | null }>(
    db,
    sql`select ts, pv, load, grid from plant_power
      where plant_id = ${o.plant.id} and ts >= ${new Date(from)} and ts < ${new Date(end)}
      order by ts`,
  );
  // A mark covers the 5 minutes from its ts; every one read here ended before `end`.
  const points = rows.map((r) => ({
    ts: new Date(r.ts).getTime(),
    pvW: Number(r.pv ?? 0),
    loadW: Number(r.load ?? 0),
    gridW: Number(r.grid ?? 0),
  }));
  const firstDay = localDay(from, o.plant.timezone);
  const spanDays = Math.round((Date.parse(localDay(end, o.plant.timezone)) - Date.parse(firstDay)) / 86_400_000) + 1;
  const prices = await pricesFrom(db, o.plant, firstDay, spanDays);
  const counted = countCosts({
    points,
    prices,
    fixedSell: o.plant.settings.exportPrice,
    timezone: o.plant.timezone,
    devices: o.devices,
    socMin: o.socMin,
    socMax: o.socMax,
    baselineSoc: startSoc,
  });
  return { days: counted.days, countedUntil: end, baselineSoc: counted.baselineSoc };
}

/** Adds counted days to plant_saving_day. */
export async function writeSaving(db: Pick<Db, 'execute'>, plantId: string, days: readonly DayCost[]): Promise<void> {
  for (const d of days) {
    await db.execute(sql`insert into plant_saving_day (plant_id, day, actual_cost, baseline_cost)
      values (${plantId}, ${d.day}, ${d.actual}, ${d.baseline})
      on conflict (plant_id, day) do update set actual_cost = plant_saving_day.actual_cost + excluded.actual_cost,
        baseline_cost = plant_saving_day.baseline_cost + excluded.baseline_cost`);
  }
}
