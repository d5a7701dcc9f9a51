import { z } from 'zod';
import { OCTOPUS_REGION_CODES, PRICE_SOURCES, priceSlotSchema } from '../prices.js';
import { dayParam } from '../request-params.js';
import { contracts } from './route.js';

/**
 * Smart energy (issue 17): a plant's dynamic prices for a day with the 3 cheapest and 3 dearest periods marked
 * (spec §7 smart/realtimePrice/day, §9), the Octopus regions (octopus/region), and the optimiser's plan beside
 * what happened, with the saving against plain self-consumption (docs/optimiser.md, docs/prices.md).
 */

const plantIdParam = z.string().max(64);

export const priceDayQuery = z.object({ plantId: plantIdParam, day: dayParam.optional() });
export type PriceDayQuery = z.infer<typeof priceDayQuery>;

export const priceDay = z.object({
  plantId: z.string(),
  /** The plant-local day, YYYY-MM-DD. */
  day: z.string(),
  timezone: z.string(),
  currency: z.string(),
  /** Where the prices came from; null when the plant has none for the day. */
  source: z.enum(PRICE_SOURCES).nullable(),
  slots: z.array(priceSlotSchema),
  /** Starts (Unix ms) of the cheapest periods, cheapest first, and of the dearest, dearest first (spec §9). */
  cheapest: z.array(z.number()),
  dearest: z.array(z.number()),
});
export type PriceDay = z.infer<typeof priceDay>;

export const octopusRegion = z.object({
  code: z.enum(OCTOPUS_REGION_CODES),
  name: z.string(),
});
export type OctopusRegionRow = z.infer<typeof octopusRegion>;

export const PLAN_MODES = ['optimised', 'selfConsumption'] as const;

/** One slot of the plan: the price it was planned at, the forecasts, and what the battery and grid should do. */
export const planSlotView = z.object({
  start: z.number(),
  minutes: z.number(),
  buy: z.number(),
  sell: z.number().nullable(),
  pvKwh: z.number(),
  loadKwh: z.number(),
  chargeKwh: z.number(),
  dischargeKwh: z.number(),
  importKwh: z.number(),
  exportKwh: z.number(),
  /** Planned SOC at the slot's end, %. */
  soc: z.number(),
});
export type PlanSlotView = z.infer<typeof planSlotView>;

/** Five-minute actuals of the plant-local day (kW; SOC %): what happened beside the plan. */
export const planActualPoint = z.object({
  ts: z.number(),
  soc: z.number().nullable(),
  gridKw: z.number().nullable(),
  batteryKw: z.number().nullable(),
});

export const savingFigures = z.object({
  /** What the grid energy cost (negative: earned), in the plant's currency. */
  actual: z.number(),
  /** What plain self-consumption would have cost over the same time, with the same sun and use. */
  baseline: z.number(),
  /** baseline − actual: positive when automation saved money. */
  saving: z.number(),
});

export const plantPlanView = z.object({
  plantId: z.string(),
  timezone: z.string(),
  currency: z.string(),
  /** The plant's "auto charge/discharge" setting. */
  automation: z.boolean(),
  /** The plant has a hybrid inverter with a battery the plan can command. */
  storage: z.boolean(),
  mode: z.enum(PLAN_MODES).nullable(),
  /** Why the plan fell back to self-consumption (an optimiser reason code), or why there is no plan. */
  reason: z.string().nullable(),
  plannedAt: z.number().nullable(),
  /** When the plan is made again (every 15 minutes). */
  nextPlanAt: z.number().nullable(),
  slots: z.array(planSlotView),
  /** Planned grid cost over the horizon, and what self-consumption would cost with the same forecasts. */
  cost: z.number().nullable(),
  baselineCost: z.number().nullable(),
  /** The last schedule sent to the inverter and its outcome (sent, succeeded, failed, timed_out). */
  command: z
    .object({ status: z.string(), sentAt: z.number(), error: z.string().nullable(), inverterSn: z.string().nullable() })
    .nullable(),
  actual: z.array(planActualPoint),
  today: savingFigures,
  month: savingFigures,
});
export type PlantPlanView = z.infer<typeof plantPlanView>;

export const pricePlantQuery = z.object({ plantId: plantIdParam });

/**
 * A price file's check (and upload): the slots it holds and the plant-local days they cover, or every row's
 * problem as a field rule (docs/prices.md "Price file"). Nothing is saved unless `saved`.
 */
export const priceFileAnswer = z.object({
  saved: z.boolean(),
  slots: z.number().int(),
  days: z.array(z.string()),
  errors: z.array(z.object({ row: z.number().int(), field: z.enum(['start', 'buy', 'sell']), rule: z.string() })),
});
export type PriceFileAnswer = z.infer<typeof priceFileAnswer>;

export const smartContracts = contracts({
  'GET /smart/realtimePrice/day': { query: priceDayQuery, answer: priceDay },
  'GET /octopus/region': { answer: z.array(octopusRegion) },
  'GET /smart/plan/:id': { answer: plantPlanView },
  'POST /smart/price/check': { query: pricePlantQuery, answer: priceFileAnswer },
  'POST /smart/price/upload': { query: pricePlantQuery, answer: priceFileAnswer },
  'POST /smart/price/clear': { query: pricePlantQuery, answer: z.object({ removed: z.number().int() }) },
});
