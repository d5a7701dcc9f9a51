import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { anchorDate, defaultAnchor } from './period';
import { reportChartOption } from './reportChart';

const series = {
  buckets: ['2026-05-01', '2026-05-02'],
  pv: [10.123, 20],
  load: [5, 6],
  purchase: [1, 1],
  feedIn: [4, 9],
  charge: [0, 0],
  discharge: [0, 0],
  lastYearPv: [8, 9],
};

describe('report chart', () => {
  it('draws a bar per chosen energy figure and last year as a line, by day of the month', () => {
    const option = reportChartOption(series, ['pv', 'load', 'income', 'lastYear'], (k) => k, {
      rtl: false,
      compact: false,
    });
    const drawn = option.series as { id: string; type: string; data: number[] }[];
    expect(drawn.map((s) => [s.id, s.type])).toEqual([
      ['pv', 'bar'],
      ['load', 'bar'],
      ['lastYear', 'line'],
    ]);
    expect(drawn[0]?.data).toEqual([10.12, 20]);
    expect((option.xAxis as { data: string[] }).data).toEqual(['01', '02']);
  });

  it('mirrors for Hebrew: time runs from the right, the value axis stands on the right', () => {
    const option = reportChartOption(series, ['pv'], (k) => k, { rtl: true, compact: true });
    expect((option.xAxis as { inverse: boolean }).inverse).toBe(true);
    expect((option.yAxis as { position: string }).position).toBe('right');
  });
});

describe('report periods', () => {
  it('opens on yesterday, this month or this year', () => {
    const today = dayjs('2026-03-01');
    expect(defaultAnchor('daily', today)).toBe('2026-02-28');
    expect(defaultAnchor('monthly', today)).toBe('2026-03');
    expect(defaultAnchor('yearly', today)).toBe('2026');
    expect(anchorDate('monthly', '2026-13')).toBeUndefined();
    expect(anchorDate('yearly', '2026')?.format('YYYY-MM-DD')).toBe('2026-01-01');
  });
});
