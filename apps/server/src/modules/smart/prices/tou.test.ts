import { localTime, type Valuation } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { touPrices, touSlotMinutes } from './tou.js';

const base: Valuation = {
  method: 'tou',
  buyPrice: 0.3,
  sellPrice: 0.1,
  segments: [
    { start: '00:00', end: '07:00', buy: 0.1, sell: 0.05 },
    { start: '07:00', end: '17:00', buy: 0.25, sell: 0.08 },
    { start: '17:00', end: '21:00', buy: 0.4, sell: 0.12 },
    { start: '21:00', end: '24:00', buy: 0.2, sell: 0.06 },
  ],
  buyVat: 0,
  sellVat: 0,
  buyFee: 0,
  sellFee: 0,
};
const BERLIN = 'Europe/Berlin';
const hour = (ms: number) => localTime(ms, BERLIN).minuteOfDay / 60;

describe('touPrices', () => {
  it('prices each hour of an ordinary day by its segment', () => {
    const slots = touPrices(base, '2026-06-10', BERLIN)!;
    expect(slots).toHaveLength(24);
    expect(slots[0]!.start).toBe(Date.parse('2026-06-09T22:00:00Z'));
    expect(slots.map((s) => s.buy)).toEqual([
      ...Array(7).fill(0.1),
      ...Array(10).fill(0.25),
      ...Array(4).fill(0.4),
      ...Array(3).fill(0.2),
    ]);
    expect(slots[18]).toMatchObject({ minutes: 60, buy: 0.4, sell: 0.12 });
  });

  it('has no slot for the hour the clocks skip and two for the hour they repeat', () => {
    const spring = touPrices(base, '2026-03-29', BERLIN)!;
    expect(spring).toHaveLength(23);
    expect(spring.slice(0, 4).map((s) => hour(s.start))).toEqual([0, 1, 3, 4]);
    const autumn = touPrices(base, '2026-10-25', BERLIN)!;
    expect(autumn).toHaveLength(25);
    expect(autumn.slice(0, 5).map((s) => [hour(s.start), s.buy])).toEqual([
      [0, 0.1],
      [1, 0.1],
      [2, 0.1],
      [2, 0.1],
      [3, 0.1],
    ]);
    expect(autumn[3]!.start - autumn[2]!.start).toBe(3_600_000);
  });

  it('adds the grid fee and VAT as income() does, and keeps the constant price in a gap', () => {
    const v: Valuation = {
      ...base,
      segments: [
        { start: '00:00', end: '06:00', buy: 0.1, sell: 0.05 },
        { start: '18:00', end: '24:00', buy: 0.4, sell: 0.12 },
      ],
      buyFee: 0.05,
      buyVat: 20,
      sellFee: 0.01,
    };
    const slots = touPrices(v, '2026-06-10', BERLIN)!;
    // Night: (0.10 + 0.05) × 1.2 = 0.18; gap at noon: (0.30 + 0.05) × 1.2 = 0.42, sell 0.10 − 0.01 = 0.09.
    expect(slots[3]).toMatchObject({ buy: 0.18, sell: 0.04 });
    expect(slots[12]).toMatchObject({ buy: 0.42, sell: 0.09 });
    expect(slots[20]).toMatchObject({ buy: 0.54, sell: 0.11 });
  });

  it('uses quarter hours when a boundary is not on the hour, averaging a slot that a boundary splits', () => {
    const v: Valuation = {
      ...base,
      segments: [
        { start: '00:00', end: '07:10', buy: 0.1, sell: 0 },
        { start: '07:10', end: '24:00', buy: 0.4, sell: 0 },
      ],
    };
    expect(touSlotMinutes(v)).toBe(15);
    expect(touSlotMinutes({ ...v, segments: [{ start: '00:00', end: '24:00', buy: 1, sell: 1 }] })).toBe(60);
    const slots = touPrices(v, '2026-06-10', BERLIN)!;
    expect(slots).toHaveLength(96);
    // 07:00–07:15: 10 minutes at 0.10 and 5 at 0.40 → 0.20.
    expect(slots.slice(27, 30).map((s) => s.buy)).toEqual([0.1, 0.2, 0.4]);
  });

  it('a constant valuation gives a flat day; a valuation by generation has no grid prices', () => {
    const flat = touPrices({ ...base, method: 'constant' }, '2026-06-10', BERLIN)!;
    expect(new Set(flat.map((s) => `${s.buy}/${s.sell}`))).toEqual(new Set(['0.3/0.1']));
    expect(touPrices({ ...base, method: 'generation' }, '2026-06-10', BERLIN)).toBeNull();
  });
});
