import { buildLp, exportAllowed, names, storedBounds, twoWaySlots, type Direction } from './lp.js';
import { hours, planCost, round, type Plan, type PlanInput, type PlanSlot } from './model.js';
import { selfConsumption } from './self-consumption.js';
import { primal, solveWithHighs, type Solve, type SolverResult } from './solver.js';
import { invalidInput } from './validate.js';

/** How far a solved plan may miss a balance, a bound or the SOC dynamics before it is not trusted, kWh. */
const TOLERANCE = 1e-6;

interface RawSlot {
  charge: number;
  discharge: number;
  import: number;
  export: number;
  curtail: number;
  stored: number;
}

/** The solver's values per slot, or the name of the first column it did not give. */
function readSlots(input: PlanInput, result: SolverResult): RawSlot[] | string {
  const out: RawSlot[] = [];
  for (let k = 0; k < input.slots.length; k++) {
    const values: Record<keyof RawSlot, number> = {
      charge: 0,
      discharge: 0,
      import: 0,
      export: 0,
      curtail: 0,
      stored: 0,
    };
    for (const key of Object.keys(values) as (keyof RawSlot)[]) {
      const name = names[key](k);
      const value = primal(result, name);
      if (value === undefined || !Number.isFinite(value)) return name;
      values[key] = value;
    }
    out.push(values);
  }
  return out;
}

/** The first way the solved plan breaks the physics or the owner's limits, or null. */
function inconsistency(input: PlanInput, slots: RawSlot[]): string | null {
  const { battery: b, grid } = input;
  const bounds = storedBounds(input);
  let stored = bounds.start;
  for (let k = 0; k < slots.length; k++) {
    const s = slots[k];
    const slot = input.slots[k];
    if (!s || !slot) return `slot ${k}: missing`;
    const h = hours(slot);
    const over = (value: number, max: number) => value < -TOLERANCE || value > max + TOLERANCE;
    if (over(s.charge, b.maxChargeKw * h)) return `slot ${k}: charge ${s.charge}`;
    if (over(s.discharge, b.maxDischargeKw * h)) return `slot ${k}: discharge ${s.discharge}`;
    if (over(s.import, (grid.importLimitKw ?? Infinity) * h)) return `slot ${k}: import ${s.import}`;
    const exportMax = exportAllowed(input, k) ? (grid.exportLimitKw ?? Infinity) * h : 0;
    if (over(s.export, exportMax)) return `slot ${k}: export ${s.export}`;
    if (over(s.curtail, slot.pvKwh)) return `slot ${k}: curtail ${s.curtail}`;
    const balance = slot.pvKwh - s.curtail + s.import + s.discharge - slot.loadKwh - s.charge - s.export;
    if (Math.abs(balance) > TOLERANCE) return `slot ${k}: balance off by ${balance}`;
    stored += s.charge * b.chargeEfficiency - s.discharge / b.dischargeEfficiency;
    if (Math.abs(stored - s.stored) > TOLERANCE * (k + 1)) return `slot ${k}: stored ${s.stored}, dynamics ${stored}`;
    if (s.stored < bounds.lo - TOLERANCE || s.stored > bounds.hi + TOLERANCE) return `slot ${k}: stored ${s.stored}`;
  }
  return null;
}

/**
 * Where export pays no more than import costs, importing and exporting at once never pays, but at equal prices
 * (or a pessimistically priced slot) it costs nothing either; the meter only sees the net, so report that.
 */
function netted(s: RawSlot): RawSlot {
  const both = Math.max(Math.min(s.import, s.export), 0);
  return { ...s, import: s.import - both, export: s.export - both };
}

/** One solve read back into slots, or the fallback plan saying why it failed. */
async function solveOnce(
  input: PlanInput,
  solve: Solve,
  directions?: ReadonlyMap<number, Direction>,
): Promise<RawSlot[] | Plan> {
  let result: SolverResult;
  try {
    result = await solve(buildLp(input, directions));
  } catch (err) {
    return selfConsumption(input, 'solverFailed', err instanceof Error ? err.message : String(err));
  }
  if (result.Status !== 'Optimal') return selfConsumption(input, 'notOptimal', result.Status);
  const read = readSlots(input, result);
  return typeof read === 'string' ? selfConsumption(input, 'inconsistent', `no value for ${read}`) : read;
}

function toPlanSlot(input: PlanInput, s: RawSlot, k: number): PlanSlot {
  const bounds = storedBounds(input);
  const clean = (v: number) => round(Math.max(v, 0));
  return {
    start: input.slots[k]?.start ?? 0,
    chargeKwh: clean(s.charge),
    dischargeKwh: clean(s.discharge),
    importKwh: clean(s.import),
    exportKwh: clean(s.export),
    curtailKwh: clean(s.curtail),
    // The solver may sit a hair outside a bound (its tolerance); the owner must never see 9.99999 % under socMin.
    socEnd: round(Math.min(Math.max(s.stored, bounds.lo), bounds.hi) / input.battery.capacityKwh),
  };
}

/**
 * Plans the horizon: the cheapest battery and grid schedule the LP finds (docs/optimiser.md), or the
 * self-consumption plan, with the reason, whenever the input cannot be planned or the solver's answer is not a
 * proven optimum that respects every limit. Never throws for a bad input or a failed solver.
 *
 * `solve` is replaceable for tests (a failing or lying solver); the server uses HiGHS.
 */
export async function optimise(input: PlanInput, solve: Solve = solveWithHighs): Promise<Plan> {
  const invalid = invalidInput(input);
  if (invalid) return selfConsumption(input, invalid.reason, invalid.detail);

  // Where a kWh sells for more than it costs, the meter's netting makes the cost non-convex (docs/optimiser.md).
  // First solve prices those slots' export at the buy price (an LP, pessimistic); if there are any, a second solve
  // fixes each one's direction from the first answer's net flow and prices them truly. Never worse than the first.
  const first = await solveOnce(input, solve);
  if (!Array.isArray(first)) return first;
  let raw = first;
  const twoWay = twoWaySlots(input);
  if (twoWay.length > 0) {
    const directions = new Map<number, Direction>(
      twoWay.map((k) => [k, (first[k]?.import ?? 0) - (first[k]?.export ?? 0) > TOLERANCE ? 'import' : 'export']),
    );
    const second = await solveOnce(input, solve, directions);
    if (!Array.isArray(second)) return second;
    raw = second;
  }
  raw = raw.map(netted);
  const wrong = inconsistency(input, raw);
  if (wrong) return selfConsumption(input, 'inconsistent', wrong);

  const slots = raw.map((s, k) => toPlanSlot(input, s, k));
  return { mode: 'optimised', slots, cost: planCost(input, slots) };
}
