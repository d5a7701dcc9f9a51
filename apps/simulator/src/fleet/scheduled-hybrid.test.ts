import type { BatteryScheduleSlot } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { defineFleet } from './define.js';
import { localToUtc } from './local-time.js';
import { PlantModel } from './model.js';

const HOUR = 3_600_000;
const storage = defineFleet({ count: 24 }).find((p) =>
  p.gateways.some((g) => g.devices.some((d) => d.kind === 'battery')),
);
if (!storage) throw new Error('the demo fleet has no storage plant');

/** Hours of a schedule from `from`, each slot the same. */
function hours(from: number, n: number, batteryW: number, exportLimitW: number | null): BatteryScheduleSlot[] {
  return Array.from({ length: n }, (_, k) => ({
    start: from + k * HOUR,
    minutes: 60 as const,
    batteryW,
    exportLimitW,
  }));
}

/** Runs `model` to `to` in 5-minute steps and sums the meter's grid energy, kWh (+ bought, − sold). */
function run(model: PlantModel, to: number): { bought: number; sold: number } {
  let bought = 0;
  let sold = 0;
  while (model.time < to) {
    model.advanceTo(model.time + 5 * 60_000);
    const grid = model.meter?.gridW ?? 0;
    if (grid > 0) bought += (grid * 5) / 60 / 1000;
    else sold -= (grid * 5) / 60 / 1000;
  }
  return { bought, sold };
}

describe('a simulated hybrid inverter following a battery schedule', () => {
  const day = Date.UTC(2025, 5, 20) / 86_400_000;
  const night = localToUtc(storage.timeZone, day, 1);
  const noon = localToUtc(storage.timeZone, day, 12);

  it('charges from the grid at night when told, and idles on self-use', () => {
    const told = new PlantModel(storage, night);
    const soc0 = told.battery!.battery.soc;
    told.setSchedule(hours(night, 1, -1500, null));
    const withPlan = run(told, night + HOUR);
    expect(told.battery!.battery.soc).toBeGreaterThan(soc0 + 0.05);

    const plain = new PlantModel(storage, night);
    const without = run(plain, night + HOUR);
    // 1.5 kWh at the terminals more from the grid, plus conversion losses and the home the battery no longer serves.
    expect(withPlan.bought - without.bought).toBeGreaterThan(1.5);
    expect(plain.battery!.battery.soc).toBeLessThanOrEqual(soc0);
  });

  it('exports nothing in a slot whose export limit is 0, giving PV up instead', () => {
    // A full battery: the midday surplus can only be exported or given up.
    const full = (m: PlantModel) => {
      m.battery!.battery.soc = 0.95;
      return m;
    };
    const plain = full(new PlantModel(storage, noon));
    const free = run(plain, noon + HOUR);
    expect(free.sold).toBeGreaterThan(0.1);

    const held = full(new PlantModel(storage, noon));
    held.setSchedule(hours(noon, 1, 0, 0));
    const limited = run(held, noon + HOUR);
    expect(limited.sold).toBeLessThan(0.01);
  });

  it('returns to self-use when the schedule ends', () => {
    const model = new PlantModel(storage, night);
    model.setSchedule(hours(night, 1, -2000, null));
    run(model, night + HOUR);
    const after = model.battery!.battery.soc;
    run(model, night + 2 * HOUR);
    // Self-use at night discharges to cover the home, never charges from the grid.
    expect(model.battery!.battery.soc).toBeLessThanOrEqual(after);
  });
});
