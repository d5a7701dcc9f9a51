import { readFileSync } from 'node:fs';
import { cheapestAndDearest, dayRange } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import {
  mergeOctopusPages,
  octopusProductUrl,
  octopusTariffCode,
  parseOctopusPage,
  withSellPrices,
} from './octopus.js';

// A real Agile response (region C, London), recorded 2020-09-28 by octo-api's tests (samples/README.md).
const recorded: unknown = JSON.parse(readFileSync(new URL('./samples/octopus-agile-c.json', import.meta.url), 'utf8'));

describe('octopusProductUrl', () => {
  it('builds the tariff code E-1R-<PRODUCT>-<REGION> and its unit-rates URL', () => {
    expect(octopusTariffCode('C', 'AGILE-24-10-01')).toBe('E-1R-AGILE-24-10-01-C');
    expect(octopusProductUrl('N', 'AGILE-24-10-01')).toBe(
      'https://api.octopus.energy/v1/products/AGILE-24-10-01/electricity-tariffs/E-1R-AGILE-24-10-01-N/standard-unit-rates/',
    );
  });
  it('refuses a product code that would change the URL', () => {
    expect(() => octopusProductUrl('C', '../accounts')).toThrow(/invalid product/);
    expect(() => octopusProductUrl('C', 'agile-24-10-01')).toThrow(/invalid product/);
  });
});

describe('parseOctopusPage on a recorded Agile page', () => {
  const page = parseOctopusPage(recorded);

  it('reads 100 half hours oldest first, in £/kWh with 4 decimals, and the next page', () => {
    expect(page.slots).toHaveLength(100);
    expect(page.next).toBe(
      'https://api.octopus.energy/v1/products/AGILE-18-02-21/electricity-tariffs/E-1R-AGILE-18-02-21-C/standard-unit-rates/?page=2',
    );
    // Oldest: 2020-09-26 20:00Z at 9.912 p; newest: 2020-09-28 21:30Z at 7.14 p.
    expect(page.slots[0]).toEqual({ start: Date.parse('2020-09-26T20:00:00Z'), minutes: 30, buy: 0.0991, sell: null });
    expect(page.slots.at(-1)).toEqual({
      start: Date.parse('2020-09-28T21:30:00Z'),
      minutes: 30,
      buy: 0.0714,
      sell: null,
    });
    expect(page.slots.every((s, i) => i === 0 || s.start - page.slots[i - 1]!.start === 1_800_000)).toBe(true);
  });

  it('gives the London day of 27 September 2020 (BST) its 48 slots and its 3 cheapest and dearest half hours', () => {
    const [from, to] = dayRange('2020-09-27', 'Europe/London');
    const day = page.slots.filter((s) => s.start >= from && s.start < to);
    expect(day).toHaveLength(48);
    const { cheapest, dearest } = cheapestAndDearest(day);
    // 02:30Z 2.1 p, 03:30Z 2.52 p and 01:30Z 2.52 p tie: the earlier start wins.
    expect(cheapest.map((s) => [new Date(s.start).toISOString().slice(11, 16), s.buy])).toEqual([
      ['02:30', 0.021],
      ['01:30', 0.0252],
      ['03:30', 0.0252],
    ]);
    expect(dearest.map((s) => [new Date(s.start).toISOString().slice(11, 16), s.buy])).toEqual([
      ['17:30', 0.247],
      ['17:00', 0.2419],
      ['16:30', 0.2415],
    ]);
  });
});

describe('parseOctopusPage rules', () => {
  const rate = (from: string, to: string | null, p = 10) => ({ value_inc_vat: p, valid_from: from, valid_to: to });

  it('splits a rate valid for several half hours into half-hour slots', () => {
    const page = parseOctopusPage({
      next: null,
      results: [rate('2026-03-01T00:30:00Z', '2026-03-01T02:00:00Z', -1.5)],
    });
    expect(page.slots.map((s) => [new Date(s.start).toISOString().slice(11, 16), s.buy])).toEqual([
      ['00:30', -0.015],
      ['01:00', -0.015],
      ['01:30', -0.015],
    ]);
  });

  it('refuses open-ended and uneven rates, a foreign next link and a body that is not a page', () => {
    expect(() => parseOctopusPage({ results: [rate('2026-03-01T00:00:00Z', null)] })).toThrow(/unusable rate/);
    expect(() => parseOctopusPage({ results: [rate('2026-03-01T00:00:00Z', '2026-03-01T00:20:00Z')] })).toThrow();
    expect(() => parseOctopusPage({ results: [rate('2026-03-01T00:00:00', '2026-03-01T00:30:00')] })).toThrow();
    expect(() => parseOctopusPage({ next: 'https://example.com/?page=2', results: [] })).toThrow(/foreign next/);
    expect(() => parseOctopusPage({ detail: 'Not found.' })).toThrow(/not a standard-unit-rates page/);
  });

  it('merges pages once per half hour and pairs an export tariff as sell prices', () => {
    const a = parseOctopusPage({ results: [rate('2026-03-01T00:30:00Z', '2026-03-01T01:00:00Z', 20)] });
    const b = parseOctopusPage({
      results: [
        rate('2026-03-01T00:30:00Z', '2026-03-01T01:00:00Z', 21),
        rate('2026-03-01T00:00:00Z', '2026-03-01T00:30:00Z', 18),
      ],
    });
    const merged = mergeOctopusPages([a, b]);
    expect(merged.map((s) => s.buy)).toEqual([0.18, 0.2]);
    const outgoing = parseOctopusPage({ results: [rate('2026-03-01T00:30:00Z', '2026-03-01T01:00:00Z', 7.5)] });
    expect(withSellPrices(merged, outgoing.slots).map((s) => s.sell)).toEqual([null, 0.075]);
  });
});
