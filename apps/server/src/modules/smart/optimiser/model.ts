/**
 * What the optimiser plans from and what it answers (issue 17 point 2). Plain interfaces on purpose: the HTTP
 * contract (a zod schema in packages/shared) comes with the routes; until then nothing outside the server sees these.
 * Energies are kWh per slot, prices per kWh in the plant's currency, SOC a fraction of the capacity (0–1).
 */

/** One planning slot, 15 or 60 minutes long; slots follow each other without gaps. */
export interface PlanSlotInput {
  /** Start, Unix ms. */
  start: number;
  minutes: number;
  /** Price of a kWh bought; may be negative (a day-ahead market paying to take energy). */
  buy: number;
  /** Price of a kWh sold; null when export is not paid (the plan then never exports). */
  sell: number | null;
  /** Forecast PV energy in the slot, kWh. */
  pvKwh: number;
  /** Forecast consumption in the slot, kWh. */
  loadKwh: number;
}

export interface BatteryInput {
  capacityKwh: number;
  maxChargeKw: number;
  maxDischargeKw: number;
  /** SOC bounds, 0–1 (the plant's discharge and charge target SOCs). */
  socMin: number;
  socMax: number;
  socNow: number;
  /** One-way efficiencies (e.g. 0.95 each, a round trip of about 0.90). */
  chargeEfficiency: number;
  dischargeEfficiency: number;
  /** SOC the plan must leave at the horizon's end; absent: socNow (see docs/optimiser.md, "End of the horizon"). */
  socTargetEnd?: number;
}

export interface GridInput {
  importLimitKw?: number;
  /** null: no limit; 0: a zero-export plant. */
  exportLimitKw: number | null;
  /**
   * The plant's "auto export" is off: the plan never sells from the battery, so a slot exports at most its PV
   * (the surplus a plain inverter would export too).
   */
  exportFromPvOnly?: boolean;
}

export interface PlanInput {
  slots: PlanSlotInput[];
  battery: BatteryInput;
  grid: GridInput;
}

export interface PlanSlot {
  start: number;
  /** AC energy into the battery, kWh. */
  chargeKwh: number;
  /** AC energy out of the battery, kWh. */
  dischargeKwh: number;
  importKwh: number;
  exportKwh: number;
  /** PV energy given up because it could be neither used, stored nor (profitably or lawfully) exported, kWh. */
  curtailKwh: number;
  /** SOC at the slot's end, 0–1. */
  socEnd: number;
}

/**
 * Why a plan fell back to self-consumption: a code, not a sentence, so the console can show it in the
 * reader's language once the routes exist.
 */
export type FallbackReason =
  | 'noSlots'
  | 'tooManySlots'
  | 'invalidSlot'
  | 'invalidBattery'
  | 'invalidGrid'
  | 'solverFailed'
  | 'notOptimal'
  | 'inconsistent';

export interface Plan {
  mode: 'optimised' | 'selfConsumption';
  reason?: FallbackReason;
  /** For the log only (which slot or field, the solver's status); never shown as is. */
  detail?: string;
  slots: PlanSlot[];
  /** Σ import·buy − export·sell over the horizon (unpaid export counts 0), rounded to 4 decimals. */
  cost: number;
}

/** 48 hours of 15-minute slots: the longest horizon issue 17 asks for. */
export const MAX_SLOTS = 192;

/** Every energy and SOC in a plan is rounded to this many decimals (the console shows prices with 4, §5). */
export const DECIMALS = 4;

export function round(value: number): number {
  const f = 10 ** DECIMALS;
  const r = Math.round(value * f) / f;
  // -0 would print as "-0" in a chart tooltip.
  return r === 0 ? 0 : r;
}

/** Slot length in hours. */
export function hours(slot: Pick<PlanSlotInput, 'minutes'>): number {
  return slot.minutes / 60;
}

/** Σ import·buy − export·sell, the figure an owner's bill would show for the horizon. */
export function planCost(input: Pick<PlanInput, 'slots'>, slots: Pick<PlanSlot, 'importKwh' | 'exportKwh'>[]): number {
  let cost = 0;
  slots.forEach((s, k) => {
    const price = input.slots[k];
    if (!price) return;
    // Unknown prices (only possible in a fallback plan) count nothing rather than poisoning the sum with NaN.
    const buy = Number.isFinite(price.buy) ? price.buy : 0;
    const sell = price.sell !== null && Number.isFinite(price.sell) ? price.sell : 0;
    cost += s.importKwh * buy - s.exportKwh * sell;
  });
  return round(cost);
}
