import { describe, expect, it } from 'vitest';
import {
  OCTOPUS_REGIONS,
  cheapestAndDearest,
  isOctopusRegion,
  priceSlotSchema,
  roundPrice,
  type PriceSlot,
} from './prices.js';

const HOUR = 3_600_000;
const day = (buys: number[]): PriceSlot[] =>
  buys.map((buy, i) => ({ start: Date.UTC(2026, 2, 1) + i * HOUR, minutes: 60, buy, sell: null }));
const hours = (slots: PriceSlot[]) => slots.map((s) => (s.start - Date.UTC(2026, 2, 1)) / HOUR);

describe('roundPrice', () => {
  it('keeps 4 decimals, halves away from zero, never -0', () => {
    expect(roundPrice(0.05313)).toBe(0.0531);
    expect(roundPrice(0.12345)).toBe(0.1235);
    expect(roundPrice(-0.12345)).toBe(-0.1235);
    expect(roundPrice(0.00004)).toBe(0);
    expect(Object.is(roundPrice(-0.00004), 0)).toBe(true);
    expect(roundPrice(7.14 / 100)).toBe(0.0714);
  });
});

describe('cheapestAndDearest (spec §9)', () => {
  it('marks the 3 cheapest and the 3 dearest hours of a day, negative prices included', () => {
    const buys = [0.2, 0.1, 0.08, 0.09, 0.15, 0.3, 0.32, 0.31, 0.25, -0.02, 0.12, 0.22];
    const { cheapest, dearest } = cheapestAndDearest(day(buys));
    expect(hours(cheapest)).toEqual([9, 2, 3]);
    expect(hours(dearest)).toEqual([6, 7, 5]);
  });

  it('breaks ties by the earlier start', () => {
    const { cheapest, dearest } = cheapestAndDearest(day([0.1, 0.1, 0.1, 0.1, 0.5, 0.5, 0.5, 0.5]));
    expect(hours(cheapest)).toEqual([0, 1, 2]);
    expect(hours(dearest)).toEqual([4, 5, 6]);
  });

  it('never marks a slot both cheap and dear: a flat day marks its first 3 cheap and the next 3 dear', () => {
    const { cheapest, dearest } = cheapestAndDearest(day(Array(24).fill(0.2)));
    expect(hours(cheapest)).toEqual([0, 1, 2]);
    expect(hours(dearest)).toEqual([3, 4, 5]);
  });

  it('a day with fewer than 6 slots marks half of them each way, the odd middle one unmarked', () => {
    const { cheapest, dearest } = cheapestAndDearest(day([0.3, 0.1, 0.2, 0.5, 0.4]));
    expect(hours(cheapest)).toEqual([1, 2]);
    expect(hours(dearest)).toEqual([3, 4]);
    expect(cheapestAndDearest(day([0.3]))).toEqual({ cheapest: [], dearest: [] });
    expect(cheapestAndDearest([])).toEqual({ cheapest: [], dearest: [] });
  });
});

describe('OCTOPUS_REGIONS', () => {
  it('holds the 14 grid supply point groups A to P without I and O', () => {
    expect(Object.keys(OCTOPUS_REGIONS).join('')).toBe('ABCDEFGHJKLMNP');
    expect(OCTOPUS_REGIONS.C).toBe('London');
    expect(isOctopusRegion('P')).toBe(true);
    expect(isOctopusRegion('I')).toBe(false);
    expect(isOctopusRegion('toString')).toBe(false);
  });
});

describe('priceSlotSchema', () => {
  const slot = { start: Date.UTC(2026, 2, 1), minutes: 15, buy: -0.0123, sell: null };
  it('accepts negative prices with 4 decimals and a missing sell price', () => {
    expect(priceSlotSchema.parse(slot)).toEqual(slot);
  });
  it('refuses a fifth decimal, an unknown slot length and a price beyond ±9999', () => {
    expect(priceSlotSchema.safeParse({ ...slot, buy: 0.12345 }).error?.issues[0]?.message).toBe('priceDecimals4');
    expect(priceSlotSchema.safeParse({ ...slot, minutes: 20 }).success).toBe(false);
    expect(priceSlotSchema.safeParse({ ...slot, sell: 10_000 }).success).toBe(false);
  });
});
