import { describe, expect, it } from 'vitest';
import { cellColour } from './cellColour';
import { dayLineOption } from '../device-common/dayChart';
import { plantIdOrNothing } from '../device-common/deviceApi';
import { reading } from '../device-common/figures';

const lines = [
  { key: 'p_bat', label: 'Power', unit: 'W', color: '#111' },
  { key: 'soc', label: 'SOC', unit: '%', color: '#222' },
];

describe('device day chart', () => {
  it('draws each reading at the plant’s wall-clock time, gaps kept', () => {
    // 2026-07-01 10:00 UTC is 12:00 in Berlin (summer time).
    const ts = Date.UTC(2026, 6, 1, 10, 0);
    const option = dayLineOption(
      [
        { ts, values: { p_bat: -500, soc: 40 } },
        { ts: ts + 300_000, values: { p_bat: null, soc: 41 } },
      ],
      lines,
      'Europe/Berlin',
      false,
    );
    const series = option.series as { id: string; yAxisIndex: number; data: [number, number | null][] }[];
    expect(series.map((s) => [s.id, s.yAxisIndex])).toEqual([
      ['p_bat', 0],
      ['soc', 1],
    ]);
    expect(series[0]?.data).toEqual([
      [Date.UTC(2026, 6, 1, 12, 0), -500],
      [Date.UTC(2026, 6, 1, 12, 5), null],
    ]);
    expect(option.useUTC).toBe(true);
  });

  it('puts the first unit on the start side, mirrored in Hebrew', () => {
    const axes = (rtl: boolean) =>
      (dayLineOption([], lines, 'UTC', rtl).yAxis as { name: string; position: string }[]).map(
        (a) => `${a.name}:${a.position}`,
      );
    expect(axes(false)).toEqual(['W:left', '%:right']);
    expect(axes(true)).toEqual(['W:right', '%:left']);
  });

  it('keeps a negative axis number’s sign in front in Hebrew', () => {
    type Axis = { axisLabel?: { formatter?: (v: number) => string } };
    const label = (rtl: boolean) => (dayLineOption([], lines, 'UTC', rtl).yAxis as Axis[])[0]?.axisLabel;
    expect(label(false)).toBeUndefined();
    expect(label(true)?.formatter?.(-20000)).toBe('\u200e-20,000');
    expect(label(true)?.formatter?.(49.97)).toBe('\u200e49.97');
  });
});

describe('cell heat map and figures', () => {
  it('colours the lowest cell blue, the highest red, and a flat pack in the middle', () => {
    expect(cellColour(3.3, 3.3, 3.4)).toBe('hsl(210 70% 78%)');
    expect(cellColour(3.4, 3.3, 3.4)).toBe('hsl(0 70% 78%)');
    expect(cellColour(3.3, 3.3, 3.3)).toBe('hsl(105 70% 88%)');
    expect(cellColour(null, 3.3, 3.4)).toBe('#f0f0f0');
  });

  it('formats a reading with its unit, or two dashes', () => {
    expect(reading(52.8, 'V', 1, 'en')).toBe('52.8 V');
    expect(reading(1234.5, 'kWh', 1, 'de')).toBe('1.234,5 kWh');
    expect(reading(null, 'V', 1, 'en')).toBe('--');
  });

  it('ignores a plant id that is not one', () => {
    expect(plantIdOrNothing('not-a-plant')).toBeUndefined();
    expect(plantIdOrNothing('0b5f0a0e-6a3e-4d0b-9f51-1c1d2e3f4a5b')).toBe('0b5f0a0e-6a3e-4d0b-9f51-1c1d2e3f4a5b');
  });
});
