import { describe, expect, it } from 'vitest';
import type { Valuation } from './plant.js';
import {
  availability,
  clearSkyInsolation,
  co2AvoidedKg,
  cosZenith,
  daysBetween,
  haurwitzGhi,
  performanceRatio,
  periodIncome,
  periodLastYear,
  periodRange,
  sameDayLastYear,
  specificYield,
  yearOnYear,
} from './performance.js';
import { dayRange } from './time.js';

const BERLIN = { lat: 52.52, lon: 13.405, tz: 'Europe/Berlin' };
const HOUR = 3_600_000;

const valuation = (v: Partial<Valuation>): Valuation => ({
  method: 'constant',
  buyPrice: 0,
  sellPrice: 0,
  segments: [],
  buyVat: 0,
  sellVat: 0,
  buyFee: 0,
  sellFee: 0,
  ...v,
});

describe('specific yield and performance ratio (hand-worked)', () => {
  it('a 10 kWp plant that made 4,500 kWh yielded 450 kWh/kWp', () => {
    expect(specificYield(4500, 10)).toBe(450);
  });

  it('a plant without capacity has no specific yield', () => {
    expect(specificYield(100, 0)).toBeNull();
  });

  it('40 kWh from 10 kWp under 5 kWh/m² is a PR of 0.8 (40 / (10 × 5 / 1))', () => {
    expect(performanceRatio(40, 10, 5)).toBeCloseTo(0.8, 10);
  });

  it('a month: 1,150 kWh from 8.2 kWp under 162.4 kWh/m² is a PR of 0.8635', () => {
    // 8.2 × 162.4 = 1,331.68 reference kWh; 1,150 / 1,331.68 = 0.86357…
    expect(performanceRatio(1150, 8.2, 162.4)).toBeCloseTo(0.86357, 4);
  });

  it('no sun, no PR (not a division by zero)', () => {
    expect(performanceRatio(3, 10, 0)).toBeNull();
    expect(performanceRatio(3, 0, 4)).toBeNull();
  });
});

describe('income by the plant valuation (hand-worked)', () => {
  const figures = { pv: 100, purchase: 10, feedIn: 40, charge: 0, discharge: 0, load: 70 };

  it('constant price: self-used (70 − 10 = 60 kWh) at 0.30 + 0.02 fee, +19 % VAT, and 40 kWh fed in at 0.08', () => {
    const v = valuation({ buyPrice: 0.3, buyFee: 0.02, buyVat: 19, sellPrice: 0.08 });
    // 60 × 0.32 × 1.19 = 22.848; 40 × 0.08 = 3.2; total 26.048
    expect(periodIncome(v, figures)).toBeCloseTo(26.048, 9);
  });

  it('by generation: every kWh generated earns the one price, +10 % VAT', () => {
    const v = valuation({ method: 'generation', buyPrice: 0.12, buyVat: 10 });
    // 100 × 0.12 × 1.1 = 13.2
    expect(periodIncome(v, figures)).toBeCloseTo(13.2, 9);
  });
});

describe('availability, CO₂ and last year', () => {
  it('2 inverters over 30 days, one down for 3 days: 57 of 60 inverter-days produced', () => {
    expect(availability(57, 60)).toBeCloseTo(0.95, 10);
    expect(availability(0, 0)).toBeNull();
  });

  it('1,000 kWh avoid 480 kg of CO₂ at the world average intensity', () => {
    expect(co2AvoidedKg(1000)).toBeCloseTo(480, 9);
    expect(co2AvoidedKg(1000, 0.25)).toBe(250);
  });

  it('compares with the same period last year', () => {
    expect(yearOnYear(110, 100)).toBeCloseTo(0.1, 10);
    expect(yearOnYear(110, 0)).toBeNull();
    expect(sameDayLastYear('2028-02-29')).toBe('2027-02-28');
    expect(periodLastYear('monthly', '2026-03')).toBe('2025-03');
    expect(periodLastYear('yearly', '2026')).toBe('2025');
  });
});

describe('periods', () => {
  it('a month is read by day, a year by month', () => {
    const feb = periodRange('monthly', '2028-02');
    expect(feb?.from).toBe('2028-02-01');
    expect(feb?.to).toBe('2028-02-29');
    expect(feb?.buckets).toHaveLength(29);
    expect(periodRange('yearly', '2026')?.buckets[11]).toBe('2026-12');
    expect(periodRange('daily', '2026-02-30')).toBeUndefined();
    expect(periodRange('monthly', '2026')).toBeUndefined();
    // A date no plant can have figures for is bad input, not a query for the year 9999.
    expect(periodRange('daily', '9999-12-31')).toBeUndefined();
    expect(periodRange('yearly', '0001')).toBeUndefined();
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(31);
  });
});

describe('clear-sky insolation (Haurwitz)', () => {
  it('the sun overhead gives 1098 × e^−0.057 = 1,037.2 W/m²; below the horizon nothing', () => {
    expect(haurwitzGhi(1)).toBeCloseTo(1037.16, 1);
    expect(haurwitzGhi(-0.2)).toBe(0);
  });

  it('at the equator at an equinox noon the sun is nearly overhead', () => {
    // 2026-03-20 12:07 UTC at longitude 0: solar noon (equation of time ≈ −7.5 min).
    expect(cosZenith(Date.UTC(2026, 2, 20, 12, 7), 0, 0)).toBeGreaterThan(0.999);
  });

  it('Berlin at midsummer gets about 8 kWh/m² on a clear day, at midwinter about 1', () => {
    const june = clearSkyInsolation('2026-06-21', BERLIN.lat, BERLIN.lon, BERLIN.tz);
    const december = clearSkyInsolation('2026-12-21', BERLIN.lat, BERLIN.lon, BERLIN.tz);
    expect(june).toBeGreaterThan(7.5);
    expect(june).toBeLessThan(8.8);
    expect(december).toBeGreaterThan(0.6);
    expect(december).toBeLessThan(1.4);
  });

  it('the 23-hour day (clocks forward, 2026-03-29 in Berlin) loses no sunshine', () => {
    const [start, end] = dayRange('2026-03-29', BERLIN.tz);
    expect(end - start).toBe(23 * HOUR);
    const before = clearSkyInsolation('2026-03-28', BERLIN.lat, BERLIN.lon, BERLIN.tz);
    const day = clearSkyInsolation('2026-03-29', BERLIN.lat, BERLIN.lon, BERLIN.tz);
    const after = clearSkyInsolation('2026-03-30', BERLIN.lat, BERLIN.lon, BERLIN.tz);
    // Days lengthen steadily in spring: the short day lies between its neighbours, not an hour's sun below.
    expect(day).toBeGreaterThan(before);
    expect(day).toBeLessThan(after);
  });

  it('the 25-hour day (clocks back, 2026-10-25 in Berlin) counts no sunshine twice', () => {
    const [start, end] = dayRange('2026-10-25', BERLIN.tz);
    expect(end - start).toBe(25 * HOUR);
    const before = clearSkyInsolation('2026-10-24', BERLIN.lat, BERLIN.lon, BERLIN.tz);
    const day = clearSkyInsolation('2026-10-25', BERLIN.lat, BERLIN.lon, BERLIN.tz);
    const after = clearSkyInsolation('2026-10-26', BERLIN.lat, BERLIN.lon, BERLIN.tz);
    expect(day).toBeLessThan(before);
    expect(day).toBeGreaterThan(after);
  });

  it('a plant in Sydney closes its day at its own midnight: the summer day holds the whole day’s sun', () => {
    const sydney = clearSkyInsolation('2026-12-21', -33.87, 151.21, 'Australia/Sydney');
    expect(sydney).toBeGreaterThan(8);
  });
});
