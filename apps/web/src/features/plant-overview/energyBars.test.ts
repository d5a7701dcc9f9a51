import type { EnergyBucket } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { barFigures, buildBars, daysInMonth, periodSlots } from './energyBars';
import { QUIET_PERIOD } from './testFixtures';

const bucket = (key: string, v: Partial<EnergyBucket> = {}): EnergyBucket => ({ key, ...QUIET_PERIOD, ...v });

describe('energy bars', () => {
  it('has a bar per day of the month, per month of the year, per year since the first', () => {
    expect(daysInMonth('2024-02')).toBe(29);
    expect(periodSlots('month', '2026-02', [], '2026')).toHaveLength(28);
    expect(periodSlots('month', '2026-02', [], '2026')[27]).toBe('2026-02-28');
    expect(periodSlots('year', '2026', [], '2026')).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expect(periodSlots('total', '', [bucket('2024'), bucket('2026')], '2026')).toEqual(['2024', '2025', '2026']);
    expect(periodSlots('total', '2023', [], '2026')).toEqual(['2023', '2024', '2025', '2026']);
    expect(periodSlots('total', '', [], '2026')).toEqual(['2026']);
  });

  it('groups the figures, scales them together and sums the period', () => {
    const bars = buildBars(
      ['2026-05', '2026-06', '2026-07'],
      [
        bucket('2026-05', { pv: 1200, load: 800, feedIn: 600, purchase: 200, income: 90 }),
        bucket('2026-06', { pv: 1500, load: 700, feedIn: 900, purchase: 100, income: 120 }),
      ],
      barFigures(false),
    );
    expect(bars.unit).toBe('MWh');
    expect(bars.series.map((s) => s.figure)).toEqual(['pv', 'load', 'feedIn', 'purchase']);
    expect(bars.series[0]!.data).toEqual([1.2, 1.5, null]);
    expect(bars.totals).toMatchObject({ pv: 2700, load: 1500, feedIn: 1500, purchase: 300, income: 210 });
    expect(bars.selfConsumption).toBeCloseTo(1200 / 2700);
    expect(bars.selfSufficiency).toBeCloseTo(1200 / 1500);
    expect(bars.hasData).toBe(true);
  });

  it('adds charge and discharge with a battery, and knows an empty period', () => {
    expect(barFigures(true)).toContain('discharge');
    const bars = buildBars(['2026-06-01'], [bucket('2026-06-01')], barFigures(true));
    expect(bars.hasData).toBe(false);
    expect(bars.unit).toBe('kWh');
    expect(bars.selfConsumption).toBeNull();
  });
});
