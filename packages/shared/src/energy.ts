import type { FlowState, TouSegment, Valuation } from './plant.js';

/** The daily (or monthly, yearly, lifetime) energy figures of a plant or device, in kWh. */
export interface EnergyFigures {
  pv: number;
  purchase: number;
  feedIn: number;
  charge: number;
  discharge: number;
  load: number;
}

export const ZERO_ENERGY: EnergyFigures = { pv: 0, purchase: 0, feedIn: 0, charge: 0, discharge: 0, load: 0 };

// Headroom over rated power before a counter step is called a jump: meters of real devices lag and
// round, so a little more than rated × time is normal; 50 % more is not.
const JUMP_MARGIN = 1.5;
// Below this, a counter going backwards is rounding noise, not a reset: register maps such as SunSpec's
// hold energy in 10 Wh steps.
const NOISE_KWH = 0.01;

export type CounterStep =
  { kind: 'energy'; kwh: number } | { kind: 'start' } | { kind: 'reset'; kwh: number } | { kind: 'jump'; kwh: number };

/**
 * Energy between two readings of a cumulative counter (docs/gateway-protocol.md "Energy from counters").
 * - no earlier reading: the run starts, nothing is counted;
 * - it went down: the device reset it; what it shows now accrued since the reset, if that is plausible;
 * - it rose more than `maxW` could produce in the elapsed time (with 50 % margin): a jump, not counted.
 */
export function counterStep(
  prev: number | null | undefined,
  next: number,
  elapsedMs: number,
  maxW: number,
): CounterStep {
  if (prev === null || prev === undefined || !Number.isFinite(prev)) return { kind: 'start' };
  const limit = (maxW * JUMP_MARGIN * Math.max(elapsedMs, 0)) / 3_600_000 / 1000 + NOISE_KWH;
  const delta = next - prev;
  if (delta >= 0) return delta <= limit ? { kind: 'energy', kwh: delta } : { kind: 'jump', kwh: delta };
  if (-delta <= NOISE_KWH) return { kind: 'energy', kwh: 0 };
  return next <= limit ? { kind: 'reset', kwh: next } : { kind: 'reset', kwh: 0 };
}

/** The energy a step contributes (jumps contribute nothing). */
export function stepEnergy(step: CounterStep): number {
  return step.kind === 'energy' || step.kind === 'reset' ? step.kwh : 0;
}

/**
 * A plant's consumption: measured when a load meter reports it, otherwise what the balance leaves:
 * PV + purchase + discharge − feed-in − charge (losses included in the load).
 */
export function derivedLoad(e: Omit<EnergyFigures, 'load'>): number {
  return Math.max(0, e.pv + e.purchase + e.discharge - e.feedIn - e.charge);
}

/** Share of PV used on site: (PV − feed-in) / PV, 0–1; null without PV. */
export function selfConsumptionRatio(e: EnergyFigures): number | null {
  if (e.pv <= 0) return null;
  return clamp01((e.pv - e.feedIn) / e.pv);
}

/** Share of consumption not bought from the grid: (load − purchase) / load, 0–1; null without load. */
export function selfSufficiencyRatio(e: EnergyFigures): number | null {
  if (e.load <= 0) return null;
  return clamp01((e.load - e.purchase) / e.load);
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}

function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The time-of-use segment a local minute of the day falls in (segments cover the day, spec §5). */
export function segmentAt(segments: readonly TouSegment[], minuteOfDay: number): TouSegment | undefined {
  return segments.find((s) => minuteOfDay >= minutesOf(s.start) && minuteOfDay < minutesOf(s.end));
}

/** One interval's energy with the local minute of day it ended at, for time-of-use pricing. */
export interface PricedInterval {
  minuteOfDay: number;
  purchase: number;
  feedIn: number;
  selfUsed: number;
}

/** An amount with VAT of `vatPercent` added. */
export const withVat = (amount: number, vatPercent: number) => amount * (1 + vatPercent / 100);

/**
 * The buy and sell prices (before fees and VAT) at a local minute of the day: the time-of-use segment's, or the
 * plant's constant ones without segments and in a gap between them.
 */
export function pricesAt(v: Valuation, minuteOfDay: number): { buy: number; sell: number } {
  const seg = v.method === 'tou' ? segmentAt(v.segments, minuteOfDay) : undefined;
  return { buy: seg?.buy ?? v.buyPrice, sell: seg?.sell ?? v.sellPrice };
}

/**
 * Income of a plant for a period, by its valuation method (spec §3):
 * - constant: self-used energy is worth the purchase price (plus fees and VAT) it avoided, and fed-in
 *   energy earns the feed-in price (less fees, plus VAT);
 * - tou: the same, priced by the segment each interval falls in;
 * - generation: every kWh generated earns the one price (plus VAT).
 * Self-used energy is what the site consumed without buying it: load − purchase.
 */
export function income(v: Valuation, e: EnergyFigures, intervals: readonly PricedInterval[] = []): number {
  if (v.method === 'generation') return withVat(e.pv * v.buyPrice, v.buyVat);
  if (v.method === 'tou' && intervals.length > 0 && v.segments.length > 0) {
    let total = 0;
    for (const i of intervals) {
      const { buy, sell } = pricesAt(v, i.minuteOfDay);
      total += withVat(i.selfUsed * (buy + v.buyFee), v.buyVat) + withVat(i.feedIn * (sell - v.sellFee), v.sellVat);
    }
    return total;
  }
  const selfUsed = Math.max(0, e.load - e.purchase);
  return (
    withVat(selfUsed * (v.buyPrice + v.buyFee), v.buyVat) + withVat(e.feedIn * (v.sellPrice - v.sellFee), v.sellVat)
  );
}

// Below 1 % of a typical household's power, a branch of the flow diagram is shown idle.
export const FLOW_IDLE_W = 10;

/** The energy-flow states of spec §4 for the grid and battery branches. */
export function flowStates(p: { grid: number | null; battery: number | null }): {
  grid: FlowState;
  battery: FlowState;
} {
  const grid: FlowState =
    p.grid === null || Math.abs(p.grid) < FLOW_IDLE_W ? 'idle' : p.grid > 0 ? 'buying' : 'selling';
  const battery: FlowState =
    p.battery === null || Math.abs(p.battery) < FLOW_IDLE_W ? 'idle' : p.battery > 0 ? 'discharging' : 'charging';
  return { grid, battery };
}
