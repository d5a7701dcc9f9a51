import { cheapestAndDearest, localTime } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { SIMULATED_SELL_SHARE, simulatedPrices } from './simulated.js';

const BERLIN = 'Europe/Berlin';
const hourOf = (ms: number) => localTime(ms, BERLIN).minuteOfDay / 60;
const seeds = Array.from({ length: 40 }, (_, i) => i + 1);

describe('simulatedPrices', () => {
  it('gives the same prices for the same day, zone, currency and seed, and others for another seed', () => {
    const a = simulatedPrices('2026-05-10', BERLIN, 'EUR', 7);
    expect(simulatedPrices('2026-05-10', BERLIN, 'EUR', 7)).toEqual(a);
    expect(simulatedPrices('2026-05-10', BERLIN, 'EUR', 8)).not.toEqual(a);
    expect(simulatedPrices('2026-05-11', BERLIN, 'EUR', 7)).not.toEqual(a);
  });

  it('has 24 hourly or 96 quarter-hour slots, 23 and 25 on the DST days', () => {
    expect(simulatedPrices('2026-05-10', BERLIN, 'EUR', 1)).toHaveLength(24);
    expect(simulatedPrices('2026-05-10', BERLIN, 'EUR', 1, 15)).toHaveLength(96);
    expect(simulatedPrices('2026-03-29', BERLIN, 'EUR', 1)).toHaveLength(23);
    expect(simulatedPrices('2026-10-25', BERLIN, 'EUR', 1, 15)).toHaveLength(100);
  });

  it('is cheap at night and around midday and dearest in the evening', () => {
    for (const seed of seeds) {
      const { cheapest, dearest } = cheapestAndDearest(simulatedPrices('2026-05-10', BERLIN, 'EUR', seed));
      for (const s of cheapest)
        expect(hourOf(s.start) < 6 || (hourOf(s.start) >= 10 && hourOf(s.start) < 17)).toBe(true);
      for (const s of dearest) expect(hourOf(s.start)).toBeGreaterThanOrEqual(17);
    }
  });

  it('goes below zero on some sunny spring middays, never in winter', () => {
    const negativeDays = (day: string) =>
      seeds.filter((seed) => simulatedPrices(day, BERLIN, 'EUR', seed).some((s) => s.buy < 0)).length;
    const may = negativeDays('2026-05-10');
    expect(may).toBeGreaterThan(0);
    expect(may).toBeLessThan(seeds.length / 2);
    expect(negativeDays('2026-01-15')).toBe(0);
    const negatives = seeds.flatMap((seed) =>
      simulatedPrices('2026-05-10', BERLIN, 'EUR', seed).filter((s) => s.buy < 0),
    );
    for (const s of negatives) expect(hourOf(s.start)).toBeGreaterThanOrEqual(9);
    for (const s of negatives) expect(hourOf(s.start)).toBeLessThan(18);
  });

  it('sells at a share of the buy price, with 4 decimals, scaled to the currency', () => {
    const eur = simulatedPrices('2026-07-01', BERLIN, 'EUR', 3);
    for (const s of eur) {
      expect(s.sell).toBeCloseTo(s.buy * SIMULATED_SELL_SHARE, 4);
      expect(Math.round(s.buy * 10_000)).toBeCloseTo(s.buy * 10_000, 6);
    }
    const vnd = simulatedPrices('2026-07-01', BERLIN, 'VND', 3);
    expect(vnd[19]!.buy / eur[19]!.buy).toBeCloseTo(28_000, -2);
  });
});
