import { describe, expect, it } from 'vitest';
import { lineOption } from './chartOptions';

type Line = { data: [number, number | null][] };

describe('inverter day chart', () => {
  const noonBrisbane = Date.UTC(2026, 10, 25, 2, 0); // 12:00 in Brisbane (UTC+10, no summer time)
  const rows = [{ ts: noonBrisbane, values: { p_ac: 4200, soc: 80 } }];
  const series = [
    { key: 'p_ac', name: 'AC power' },
    { key: 'soc', name: 'SOC' },
  ];

  it("draws readings at the plant's wall-clock time, whoever reads it", () => {
    const option = lineOption(rows, series, { unit: 'W', percentKeys: ['soc'], rtl: false, tz: 'Australia/Brisbane' });
    expect(option.useUTC).toBe(true);
    const [first] = (option.series as Line[])[0]?.data ?? [];
    expect(new Date(first?.[0] ?? 0).toISOString().slice(11, 16)).toBe('12:00');
  });

  it('puts SOC on a second 0–100 % axis, on the left in right-to-left languages', () => {
    const option = lineOption(rows, series, { unit: 'W', percentKeys: ['soc'], rtl: true, tz: 'UTC' });
    const axes = option.yAxis as { name: string; position: string; max?: number }[];
    expect(axes.map((a) => [a.name, a.position])).toEqual([
      ['W', 'right'],
      ['%', 'left'],
    ]);
    expect(axes[1]?.max).toBe(100);
  });
});
