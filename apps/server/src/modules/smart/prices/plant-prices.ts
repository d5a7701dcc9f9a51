import {
  addDays,
  dayRange,
  roundPrice,
  type PlantSettings,
  type PriceSlot,
  type PriceSource,
  type SlotMinutes,
  type Valuation,
} from '@heliograph/shared';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { priceSlot } from '../../../db/schema.js';
import { simulatedPrices } from './simulated.js';
import { touPrices } from './tou.js';

/** One market for the whole demo fleet (docs/prices.md "Simulated"): the bench uses the same seed. */
export const SIMULATED_MARKET_SEED = 7;

/** What a plant's prices are read from (its row in `plant`). */
export interface PricedPlant {
  id: string;
  timezone: string;
  currency: string;
  valuation: Valuation;
  settings: PlantSettings;
}

export interface DayPrices {
  /** Where the day's slots came from; null when the plant has none (a valuation by generation, no file). */
  source: PriceSource | null;
  slots: PriceSlot[];
}

/**
 * A plant-local day's prices. Stored slots (an uploaded file, a fetched market) win for the days they cover;
 * otherwise the plant's configured source is computed: the simulated market, or its own tariff (a constant
 * or time-of-use valuation; by generation has no prices).
 */
export async function dayPrices(db: Db, plant: PricedPlant, day: string): Promise<DayPrices> {
  const [from, to] = dayRange(day, plant.timezone);
  const stored = await db
    .select()
    .from(priceSlot)
    .where(
      and(eq(priceSlot.plantId, plant.id), gte(priceSlot.start, new Date(from)), lt(priceSlot.start, new Date(to))),
    )
    .orderBy(asc(priceSlot.start));
  if (stored.length > 0) {
    return {
      source: (stored[0]?.source as PriceSource | undefined) ?? 'file',
      slots: stored.map((r) => ({
        start: r.start.getTime(),
        minutes: r.minutes as SlotMinutes,
        buy: roundPrice(r.buy),
        sell: r.sell === null ? null : roundPrice(r.sell),
      })),
    };
  }
  if (plant.settings.priceSource === 'simulated') {
    return {
      source: 'simulated',
      slots: simulatedPrices(day, plant.timezone, plant.currency, SIMULATED_MARKET_SEED, 60),
    };
  }
  const tariff = touPrices(plant.valuation, day, plant.timezone);
  return tariff ? { source: 'tariff', slots: tariff } : { source: null, slots: [] };
}

/** The slots of `days` plant-local days from `day`, in order (what the optimiser plans over). */
export async function pricesFrom(db: Db, plant: PricedPlant, day: string, days: number): Promise<PriceSlot[]> {
  const out: PriceSlot[] = [];
  for (let i = 0; i < days; i++) out.push(...(await dayPrices(db, plant, addDays(day, i))).slots);
  return out;
}
