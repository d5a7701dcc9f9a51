import { ENERGY_COUNTERS } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { defineFleet } from './define.js';
import { localTime, localToUtc, startOfLocalDay } from './local-time.js';
import { INVERTER_STATE, PlantModel, plantReadings, simulatePlant, type DeviceReading } from './model.js';
import type { PlantDef } from './types.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const fleet = defineFleet({ count: 24 });

/** Sum of a metric over the devices that report it. */
function total(readings: readonly DeviceReading[], metric: string): number {
  let sum = 0;
  for (const r of readings) sum += r.metrics[metric] ?? 0;
  return sum;
}

interface DayResult {
  /** Daily energy of each figure, kWh, from the counters' growth. */
  counters: Record<keyof typeof ENERGY_COUNTERS, number>;
  losses: number;
  /** The balance terms the model reported, summed. */
  balance: Record<string, number>;
}

/**
 * Runs a plant over consecutive local days (from local midnight, in 5-minute steps) and returns each day's
 * energy from its counters, checking on the way that no counter ever goes down.
 */
function simulateDays(plant: PlantDef, firstDayUtc: number, days: number): DayResult[] {
  let dayNumber = localTime(plant.timeZone, firstDayUtc).dayNumber;
  const from = localToUtc(plant.timeZone, dayNumber, 0);
  const to = localToUtc(plant.timeZone, dayNumber + days, 0);
  const results: DayResult[] = [];
  let dayStart: DeviceReading[] | undefined;
  let previous: DeviceReading[] | undefined;
  let balance: Record<string, number> = {};

  for (const step of simulatePlant(plant, from, to, 5 * MINUTE)) {
    if (previous) {
      for (const [i, reading] of step.readings.entries()) {
        for (const [metric, value] of Object.entries(reading.metrics)) {
          if (!metric.startsWith('e_') || value === null) continue;
          const before = previous[i]?.metrics[metric] ?? 0;
          if (value < before) throw new Error(`${reading.sn} ${metric} went down: ${before} → ${value}`);
        }
      }
      for (const [term, kwh] of Object.entries(step.balance)) balance[term] = (balance[term] ?? 0) + kwh;
    }
    dayStart ??= step.readings;
    // The day ends at the step that lands on the next local midnight.
    if (step.ts > from && localTime(plant.timeZone, step.ts).dayNumber !== dayNumber) {
      const counters = Object.fromEntries(
        Object.entries(ENERGY_COUNTERS).map(([figure, metric]) => [
          figure,
          total(step.readings, metric) - total(dayStart ?? [], metric),
        ]),
      ) as DayResult['counters'];
      results.push({ counters, losses: balance.losses ?? 0, balance });
      dayStart = step.readings;
      balance = {};
      dayNumber = localTime(plant.timeZone, step.ts).dayNumber;
    }
    previous = step.readings;
  }
  return results;
}

describe('plant model', () => {
  // Two consecutive days around each solstice: long and short days in both hemispheres.
  const periods = [
    ['June', Date.UTC(2025, 5, 20, 12)],
    ['December', Date.UTC(2025, 11, 20, 12)],
  ] as const;

  it.each(periods)('balances every plant-day in %s from the counters within 1 %', (_month, first) => {
    let checked = 0;
    for (const plant of fleet) {
      for (const day of simulateDays(plant, first, 2)) {
        const c = day.counters;
        const sources = c.pv + c.purchase + c.discharge;
        const uses = c.load + c.feedIn + c.charge + day.losses;
        expect(sources, `${plant.key} ${plant.type}`).toBeGreaterThan(0);
        expect(Math.abs(sources - uses) / sources, `${plant.key} ${plant.type}`).toBeLessThan(0.01);
        // The counters tell the same story as the model's own terms, to the rounding of the readings.
        expect(Math.abs(c.pv - (day.balance.pv ?? 0))).toBeLessThan(0.01 + 0.001 * c.pv);
        expect(Math.abs(c.load - (day.balance.load ?? 0))).toBeLessThan(0.01 + 0.001 * c.load);
        checked++;
      }
    }
    expect(checked).toBe(fleet.length * 2);
  });

  it('produces plausible energy: a summer day yields more than a winter day, and only by daylight', () => {
    const berlin = fleet.find((p) => p.city === 'Berlin' || p.city === 'Munich' || p.city === 'Hamburg');
    expect(berlin).toBeDefined();
    if (!berlin) return;
    const [summer] = simulateDays(berlin, Date.UTC(2025, 5, 20, 12), 1);
    const [winter] = simulateDays(berlin, Date.UTC(2025, 11, 20, 12), 1);
    const summerYield = (summer?.counters.pv ?? 0) / berlin.capacityKw;
    const winterYield = (winter?.counters.pv ?? 0) / berlin.capacityKw;
    expect(summerYield).toBeGreaterThan(winterYield);
    expect(summerYield).toBeLessThan(8.5);
    const midnight = startOfLocalDay(berlin.timeZone, Date.UTC(2025, 5, 21, 12));
    const model = new PlantModel(berlin, midnight);
    for (const reading of plantReadings(model).filter((r) => r.kind === 'inverter')) {
      expect(reading.metrics.p_pv).toBe(0);
      expect(reading.metrics.state).toBe(INVERTER_STATE.sleeping);
    }
  });

  it('keeps batteries within 10–95 % and respects inverter ratings', () => {
    for (const plant of fleet.filter((p) => p.type !== 'grid')) {
      const devices = new Map(plant.gateways.flatMap((g) => g.devices).map((d) => [d.sn, d]));
      for (const step of simulatePlant(plant, Date.UTC(2025, 5, 20), Date.UTC(2025, 5, 22), 5 * MINUTE)) {
        for (const reading of step.readings) {
          const def = devices.get(reading.sn);
          if (reading.kind === 'battery') {
            expect(reading.metrics.soc).toBeGreaterThanOrEqual(10);
            expect(reading.metrics.soc).toBeLessThanOrEqual(95);
            expect(Math.abs(reading.metrics.p_bat ?? 0)).toBeLessThanOrEqual((def?.ratedW ?? 0) + 0.1);
          }
          if (reading.kind === 'inverter') {
            expect(Math.abs(reading.metrics.p_ac ?? 0)).toBeLessThanOrEqual((def?.ratedW ?? 0) + 0.1);
          }
        }
      }
    }
  });

  it('gives the same readings at a time whatever the sampling step', () => {
    const plant = fleet[1] as PlantDef;
    const from = Date.UTC(2025, 2, 1);
    const to = from + DAY;
    const dense = [...simulatePlant(plant, from, to, 5 * MINUTE)].at(-1);
    const sparse = [...simulatePlant(plant, from, to, DAY)].at(-1);
    expect(sparse?.readings).toEqual(dense?.readings);
  });

  it('starts later runs with higher counters (counters grow with the plant’s age)', () => {
    const plant = fleet[4] as PlantDef;
    const at = (ms: number) => total(plantReadings(new PlantModel(plant, ms)), 'e_pv_total');
    expect(at(Date.UTC(2025, 6, 1))).toBeGreaterThan(at(Date.UTC(2025, 0, 1)));
    expect(at(Date.UTC(2025, 0, 1))).toBeGreaterThan(0);
  });

  it('takes faults: an inverter fault stops it, a weak string gives 40 %, an over-temperature idles the battery', () => {
    const plant = fleet.find((p) => p.type === 'storage_dc') as PlantDef;
    const noon = startOfLocalDay(plant.timeZone, Date.UTC(2025, 5, 21, 12)) + 13 * 3_600_000;
    const model = new PlantModel(plant, noon - 10 * MINUTE);
    model.advanceTo(noon);
    const read = (sn: string) => plantReadings(model).find((r) => r.sn === sn)?.metrics ?? {};

    const inverter = model.setFault('weakString', true);
    model.advanceTo(noon + 5 * MINUTE);
    const weak = read(inverter?.sn ?? '');
    expect((weak.mppt2_p ?? 0) / (weak.mppt1_p ?? 1)).toBeCloseTo(0.4, 2);
    model.setFault('weakString', false);

    model.setFault('inverter', true);
    model.advanceTo(noon + 10 * MINUTE);
    expect(read(inverter?.sn ?? '')).toMatchObject({ p_ac: 0, p_pv: 0, state: INVERTER_STATE.fault });
    model.setFault('inverter', false);

    const battery = model.setFault('batteryOverTemp', true);
    model.advanceTo(noon + 15 * MINUTE);
    expect(read(battery?.sn ?? '')).toMatchObject({ p_bat: 0, temp: 61 });
  });

  it('continues counters and battery charge from the readings an earlier run left off at', () => {
    const plant = fleet.find((p) => p.type === 'storage_dc') as PlantDef;
    const at = Date.UTC(2025, 2, 3);
    const fresh = plantReadings(new PlantModel(plant, at));
    const resume = Object.fromEntries(
      fresh.map((r) => [
        r.sn,
        Object.fromEntries(Object.entries(r.metrics).map(([k, v]) => [k, k.startsWith('e_') ? (v ?? 0) + 1000 : v])),
      ]),
    );
    const battery = fresh.find((r) => r.kind === 'battery');
    if (battery) (resume[battery.sn] as Record<string, number | null>).soc = 73;
    const resumed = plantReadings(new PlantModel(plant, at, resume));
    for (const reading of resumed) {
      for (const [name, value] of Object.entries(reading.metrics)) {
        if (name.startsWith('e_'))
          expect(value, `${reading.sn} ${name}`).toBeCloseTo((resume[reading.sn]?.[name] ?? 0) as number, 3);
      }
    }
    expect(resumed.find((r) => r.kind === 'battery')?.metrics.soc).toBe(73);
  });
});
