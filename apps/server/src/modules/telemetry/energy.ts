import { counterStep, ENERGY_COUNTERS, stepEnergy, type EnergyFigure, type EnergyFigures } from '@heliograph/shared';
import type { Metrics } from './decode.js';

/**
 * The energy of a device's readings, from its cumulative counters: no SQL, no clock. The rule for one step
 * (start, reset, jump) is shared's `counterStep`; this walks a device's readings in time order with it. The
 * writer reads the reading before a batch, calls this, and stores what it answers.
 */

/** A reading's energy per figure, kWh; null where the device has no such counter. */
export type ReadingEnergy = Record<EnergyFigure, number | null>;

export interface Reading {
  ts: number;
  metrics: Metrics;
}

export const ENERGY_FIGURES = Object.keys(ENERGY_COUNTERS) as EnergyFigure[];

export const noEnergy = (): ReadingEnergy => ({
  pv: null,
  purchase: null,
  feedIn: null,
  charge: null,
  discharge: null,
  load: null,
});

/**
 * Each reading's energy (readings in time order): the growth of each counter since the device's previous
 * reading of it — `start` is the reading before the first one, when there is one. A counter a reading
 * lacks carries its last value on to the next reading that has it. `maxW` bounds a plausible step.
 */
export function countEnergy(readings: readonly Reading[], start: Reading | undefined, maxW: number): ReadingEnergy[] {
  const last = new Map<EnergyFigure, { v: number; ts: number }>();
  if (start) {
    for (const f of ENERGY_FIGURES) {
      const v = start.metrics[ENERGY_COUNTERS[f]];
      if (typeof v === 'number') last.set(f, { v, ts: start.ts });
    }
  }
  return readings.map((r) => {
    const energy = noEnergy();
    for (const f of ENERGY_FIGURES) {
      const v = r.metrics[ENERGY_COUNTERS[f]];
      if (typeof v !== 'number') continue;
      const prev = last.get(f);
      energy[f] = stepEnergy(counterStep(prev?.v, v, prev ? r.ts - prev.ts : 0, maxW));
      last.set(f, { v, ts: r.ts });
    }
    return energy;
  });
}

/** Whether a recount changed a stored reading's energy (beyond float noise), so its row needs rewriting. */
export function sameEnergy(a: ReadingEnergy, b: ReadingEnergy): boolean {
  return ENERGY_FIGURES.every((f) => {
    const x = a[f];
    const y = b[f];
    if (x === null || y === null) return x === y;
    return Math.abs(x - y) < 1e-9;
  });
}

/** Adds a reading's energy to a running total (a device's day); figures without a counter add nothing. */
export function addEnergy(total: EnergyFigures, e: ReadingEnergy): void {
  for (const f of ENERGY_FIGURES) total[f] += e[f] ?? 0;
}
