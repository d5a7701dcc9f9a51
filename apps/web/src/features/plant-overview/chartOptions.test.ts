import { describe, expect, it } from 'vitest';
import { barsChartOption } from './barsChartOption';
import type { TooltipItem } from '../../components/chart/chartTypes';
import { dayChartOption, type DayChartContext } from './dayChartOption';
import type { DayChartData } from './daySeries';
import { buildBars } from './energyBars';

const day: DayChartData = {
  unit: 'kW',
  divisor: 1000,
  start: Date.parse('2026-06-01T00:00:00Z'),
  end: Date.parse('2026-06-02T00:00:00Z'),
  series: [
    { key: 'pv', data: [[Date.parse('2026-06-01T12:00:00Z'), 4.2]] },
    { key: 'grid', data: [[Date.parse('2026-06-01T12:00:00Z'), -1.1]] },
    { key: 'soc', data: [[Date.parse('2026-06-01T12:00:00Z'), 61.3]] },
  ],
  hasData: true,
  points: 2,
  peakPv: null,
};

const ctx = (over: Partial<DayChartContext> = {}): DayChartContext => ({
  names: { pv: 'PV', load: 'Load', grid: 'Grid', battery: 'Battery', soc: 'SOC' },
  rtl: false,
  compact: false,
  timeLabel: (x) => new Date(x).toISOString().slice(11, 16),
  power: (w) => `${w} W`,
  percent: (v) => `${v}%`,
  ...over,
});

type Loose = Record<string, unknown>;
const asArray = (v: unknown): Loose[] => (Array.isArray(v) ? (v as Loose[]) : [v as Loose]);

describe('day chart option', () => {
  it('draws one line per series on a UTC time axis spanning the day, SOC on a second axis', () => {
    const o = dayChartOption(day, ctx()) as Loose;
    expect(o.useUTC).toBe(true);
    const series = asArray(o.series);
    expect(series.map((s) => [s.id, s.type, s.yAxisIndex])).toEqual([
      ['pv', 'line', 0],
      ['grid', 'line', 0],
      ['soc', 'line', 1],
    ]);
    const x = o.xAxis as Loose;
    expect([x.type, x.min, x.max, x.inverse]).toEqual(['time', day.start, day.end, false]);
    expect(asArray(o.yAxis).map((y) => y.name)).toEqual(['kW', 'SOC (%)']);
    expect(asArray(o.dataZoom).map((z) => z.type)).toEqual(['inside', 'slider']);
  });

  it('mirrors right to left and drops the zoom on phones', () => {
    const o = dayChartOption(day, ctx({ rtl: true, compact: true })) as Loose;
    expect((o.xAxis as Loose).inverse).toBe(true);
    expect(asArray(o.yAxis).map((y) => y.position)).toEqual(['right', 'left']);
    expect(o.dataZoom).toEqual([]);
  });

  it('writes tooltip values back in watts through the page formatter, escaped', () => {
    const o = dayChartOption(
      day,
      ctx({ names: { pv: '<PV>', load: 'L', grid: 'G', battery: 'B', soc: 'S' } }),
    ) as Loose;
    const formatter = (o.tooltip as Loose).formatter as (p: TooltipItem[]) => string;
    const html = formatter([
      { seriesId: 'pv', dataIndex: 0, value: [Date.parse('2026-06-01T12:00:00Z'), 4.2] },
      { seriesId: 'soc', dataIndex: 0, value: [Date.parse('2026-06-01T12:00:00Z'), 61.3] },
    ]);
    expect(html).toContain('12:00');
    expect(html).toContain('4200 W');
    expect(html).toContain('61.3%');
    expect(html).toContain('&lt;PV&gt;');
  });
});

describe('energy bars option', () => {
  it('groups a bar series per figure over the slots', () => {
    const bars = buildBars(
      ['2026-06-01', '2026-06-02'],
      [
        {
          key: '2026-06-01',
          pv: 12,
          load: 8,
          feedIn: 5,
          purchase: 1,
          charge: 0,
          discharge: 0,
          income: 2,
          selfConsumption: null,
          selfSufficiency: null,
        },
      ],
      ['pv', 'load'],
    );
    const o = barsChartOption(bars, {
      names: { pv: 'PV', load: 'Load', feedIn: 'F', purchase: 'P', charge: 'C', discharge: 'D' },
      slotLabel: (s) => s.slice(8),
      slotTitle: (s) => s,
      energy: (kwh) => `${kwh} kWh`,
      rtl: false,
      compact: false,
    }) as Loose;
    expect(asArray(o.series).map((s) => [s.id, s.type, s.data])).toEqual([
      ['pv', 'bar', [12, null]],
      ['load', 'bar', [8, null]],
    ]);
    expect((o.xAxis as Loose).data).toEqual(['01', '02']);
    expect((o.yAxis as Loose).name).toBe('kWh');
    const html = ((o.tooltip as Loose).formatter as (p: TooltipItem[]) => string)([
      { seriesId: 'pv', dataIndex: 0, value: 12 },
    ]);
    expect(html).toContain('2026-06-01');
    expect(html).toContain('12 kWh');
  });
});
