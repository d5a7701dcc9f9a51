/**
 * A plant's run as a sequence of steps: every device's readings at each step time and the energy that
 * flowed since the step before. The readings carry cumulative counters that continue from a deterministic
 * start value; the balance terms are what the counters' growth must add up to.
 */
import { PlantModel, emptyBalance, type EnergyBalance } from './plant-model.js';
import { plantReadings, type DeviceReading } from './readings.js';
import type { PlantDef } from './types.js';

export { PlantModel, STEP_MS, type EnergyBalance, type PhysicalFault } from './plant-model.js';
export { plantReadings, INVERTER_STATE, type DeviceReading } from './readings.js';

export interface PlantStep {
  ts: number;
  readings: DeviceReading[];
  /** Energy since the previous step, kWh (all zero for the first step, at `fromMs`). */
  balance: EnergyBalance;
}

/** Steps from `fromMs` to `toMs` (both included when on the step) every `stepMs`. */
export function* simulatePlant(plant: PlantDef, fromMs: number, toMs: number, stepMs: number): Generator<PlantStep> {
  if (!(stepMs > 0)) throw new RangeError('stepMs must be positive');
  const model = new PlantModel(plant, fromMs);
  yield { ts: fromMs, readings: plantReadings(model), balance: emptyBalance() };
  for (let ts = fromMs + stepMs; ts <= toMs; ts += stepMs) {
    const balance = model.advanceTo(ts);
    yield { ts, readings: plantReadings(model), balance };
  }
}
