/**
 * Dynamic prices of issue 17 (spec §5, §7 smart/realtimePrice/day, §9): a plant's buy and sell price per slot,
 * written once for every source (time-of-use tariff, uploaded price file, Octopus Agile, ENTSO-E day-ahead,
 * the demo fleet's simulated market) and for the future API and the overview's marks.
 */
import { z } from 'zod';

/**
 * Where a plant's prices come from: its own tariff (constant or time-of-use valuation), a price file it
 * uploaded, a day-ahead market (Octopus Agile, ENTSO-E) or the demo fleet's simulated market.
 */
export const PRICE_SOURCES = ['tariff', 'file', 'octopus', 'entsoe', 'simulated'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

/** Dynamic prices keep 4 decimals (spec §5), in the plant's currency per kWh. */
export const PRICE_DECIMALS = 4;

/** The slot lengths a price source may use: quarter-hour markets, Octopus's half hours, hourly markets. */
export const SLOT_MINUTES = [15, 30, 60] as const;
export type SlotMinutes = (typeof SLOT_MINUTES)[number];

export interface PriceSlot {
  /** Unix ms of the slot's start (UTC instant; the plant's time zone only matters for which day it is). */
  start: number;
  minutes: SlotMinutes;
  /** price per kWh bought; negative when the market pays for consumption */
  buy: number;
  /** price per kWh sold, or null when the source has no sell price */
  sell: number | null;
}

const SCALE = 10 ** PRICE_DECIMALS;

/**
 * A price rounded to 4 decimals, halves away from zero (so -0.00005 and 0.00005 mirror each other). The
 * factor (1 + EPSILON) lifts values such as 0.12345, stored as 0.123449999…, onto the half they were written as.
 */
export function roundPrice(value: number): number {
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * SCALE * (1 + Number.EPSILON))) / SCALE;
  // -0 would print as "-0" in a chart tooltip.
  return rounded === 0 ? 0 : rounded;
}

export interface CheapestAndDearest {
  /** the cheapest slots, cheapest first */
  cheapest: PriceSlot[];
  /** the dearest slots, dearest first */
  dearest: PriceSlot[];
}

/**
 * The n cheapest and n dearest periods of one day by buy price (spec §9: 3 and 3), ties broken by the earlier
 * start. The two sets never share a slot: the cheapest are taken first and the dearest from the rest. A day
 * with fewer than 2n slots (a partial day, or a market with only a few hourly prices published) marks
 * ⌊length / 2⌋ of each, so no period is shown as both cheap and dear and an odd middle slot stays unmarked.
 * The caller passes one plant-local day's slots; a flat day still marks its earliest slots as cheapest.
 */
export function cheapestAndDearest(slots: readonly PriceSlot[], n = 3): CheapestAndDearest {
  const take = Math.max(0, Math.min(n, Math.floor(slots.length / 2)));
  const ascending = [...slots].sort((a, b) => a.buy - b.buy || a.start - b.start);
  const cheapest = ascending.slice(0, take);
  const picked = new Set(cheapest);
  const dearest = [...slots]
    .filter((s) => !picked.has(s))
    .sort((a, b) => b.buy - a.buy || a.start - b.start)
    .slice(0, take);
  return { cheapest, dearest };
}

/**
 * Great Britain's 14 distribution regions as Octopus Energy names its tariffs (the grid supply point group
 * letter, A to P without I and O, at the end of a tariff code such as E-1R-AGILE-24-10-01-C). The names are
 * the regions' reference names for documentation and logs; a picker shows them through its own catalogue.
 */
export const OCTOPUS_REGIONS = {
  A: 'Eastern England',
  B: 'East Midlands',
  C: 'London',
  D: 'Merseyside and North Wales',
  E: 'West Midlands',
  F: 'North Eastern England',
  G: 'North Western England',
  H: 'Southern England',
  J: 'South Eastern England',
  K: 'South Wales',
  L: 'South Western England',
  M: 'Yorkshire',
  N: 'Southern Scotland',
  P: 'Northern Scotland',
} as const;
export type OctopusRegion = keyof typeof OCTOPUS_REGIONS;
/** The region letters, for a settings field (A Eastern England … P Northern Scotland). */
export const OCTOPUS_REGION_CODES = Object.keys(OCTOPUS_REGIONS) as [OctopusRegion, ...OctopusRegion[]];
/** The Agile product a plant gets when it names none (Octopus's current Agile import tariff). */
export const DEFAULT_OCTOPUS_PRODUCT = 'AGILE-24-10-01';

export function isOctopusRegion(value: string): value is OctopusRegion {
  return Object.hasOwn(OCTOPUS_REGIONS, value);
}

/** Whether a price has at most 4 decimals (binary floating-point noise tolerated). */
function hasPriceDecimals(value: number): boolean {
  const scaled = value * SCALE;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled));
}

// Dynamic prices may be negative (spec §5 allows it for dynamic prices; markets go below zero on sunny days);
// the bound keeps a typo such as 12000 instead of 0.12 out, as priceRange does for fixed prices.
export const DYNAMIC_PRICE_LIMIT = 9999;

const dynamicPrice = z
  .number()
  .finite()
  .min(-DYNAMIC_PRICE_LIMIT)
  .max(DYNAMIC_PRICE_LIMIT)
  .refine(hasPriceDecimals, 'priceDecimals4');

/** One price slot as the API will answer it (smart/realtimePrice/day). */
export const priceSlotSchema = z.object({
  start: z.number().int().nonnegative(),
  minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
  buy: dynamicPrice,
  sell: dynamicPrice.nullable(),
});
