import type { PlantPlanView, PriceDay } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import type { TooltipItem } from '../../components/chart/chartTypes';
import { loadTree, type Tree } from '../../i18n/testCatalogue';
import { buildPlanChart, planChartOption, PLAN_SERIES } from './planChart';
import { commandKey, formatCurrency, PLAN_REASONS, reasonKey } from './planView';
import {
  axisPrice,
  buildPriceChart,
  describePeriod,
  formatPeriod,
  formatPrice,
  priceChartOption,
  type PriceChartContext,
} from './priceChart';

// Berlin in winter is UTC+1: the plant's 00:00 is 23:00 UTC the day before.
const TZ = 'Europe/Berlin';
const at = (hhmm: string) => Date.parse(`2026-11-26T${hhmm}:00Z`) - 3_600_000 + 86_400_000;

const slots = [0.21, 0.0712, -0.015, 0.05, 0.3, 0.33, 0.29, 0.12].map((buy, i) => ({
  start: at(`${String(i * 3).padStart(2, '0')}:00`),
  minutes: 60 as const,
  buy,
  sell: i === 0 ? null : Math.round(buy * 5000) / 10000,
}));
const priceDay: PriceDay = {
  plantId: 'p1',
  day: '2026-11-27',
  timezone: TZ,
  currency: 'EUR',
  source: 'simulated',
  slots,
  cheapest: [slots[2]!.start, slots[3]!.start, slots[1]!.start],
  dearest: [slots[5]!.start, slots[4]!.start, slots[6]!.start],
};

const priceCtx = (over: Partial<PriceChartContext> = {}): PriceChartContext => ({
  tz: TZ,
  currency: 'EUR',
  locale: 'en',
  rtl: false,
  compact: false,
  names: { buy: 'Buy', sell: 'Sell', cheap: 'Cheapest', dear: 'Dearest' },
  markLabel: (mark, rank) => `${mark} #${rank}`,
  ...over,
});

describe('the prices card', () => {
  it('lists the cheapest and dearest periods in rank order as plant-local text with 4 decimals', () => {
    const d = buildPriceChart(priceDay);
    expect(d.cheapest.map((p) => describePeriod(p, TZ, 'EUR', 'en'))).toEqual([
      '06:00–07:00 -0.0150 EUR/kWh',
      '09:00–10:00 0.0500 EUR/kWh',
      '03:00–04:00 0.0712 EUR/kWh',
    ]);
    expect(d.dearest.map((p) => formatPeriod(p.start, p.minutes, TZ))).toEqual([
      '15:00–16:00',
      '12:00–13:00',
      '18:00–19:00',
    ]);
    expect(d.hasNegative).toBe(true);
    expect(d.hasSell).toBe(true);
    expect(d.start).toBe(Date.parse('2026-11-27T00:00:00Z'));
  });

  it('writes a period ending at midnight as 24:00 and prices in the reader’s locale', () => {
    expect(formatPeriod(at('23:00'), 60, TZ)).toBe('23:00–24:00');
    expect(formatPeriod(at('22:45'), 15, TZ)).toBe('22:45–23:00');
    expect(formatPrice(0.07125, 'de')).toBe('0,0713');
    expect(formatPrice(null, 'en')).toBe('–');
    expect(axisPrice(0.05, 'en')).toBe('0.05');
  });

  it('draws each mark in its own series at the slots’ middles and says the rank in the tooltip', () => {
    const d = buildPriceChart(priceDay);
    const opt = priceChartOption(d, priceCtx());
    const series = opt.series as { id: string; data: [number, number | null][] }[];
    expect(series.map((s) => s.id)).toEqual(['buy', 'cheap', 'dear', 'sell']);
    const drawn = (id: string) => series.find((s) => s.id === id)!.data.filter((p) => p[1] !== null);
    expect(drawn('cheap').map((p) => p[1])).toEqual([0.0712, -0.015, 0.05]);
    expect(drawn('dear')).toHaveLength(3);
    expect(drawn('buy').map((p) => p[1])).toEqual([0.21, 0.12]);
    // The 06:00 slot, drawn at 06:30 plant time.
    const x = Date.parse('2026-11-27T06:30:00Z');
    expect(drawn('cheap')[1]![0]).toBe(x);
    const tooltip = (opt.tooltip as { formatter: (p: TooltipItem[]) => string }).formatter;
    const html = tooltip([{ seriesId: 'cheap', dataIndex: 2, value: [x, -0.015] }]);
    expect(html).toContain('06:00–07:00');
    expect(html).toContain('-0.0150 EUR/kWh');
    expect(html).toContain('cheap #1');
  });

  it('leaves the sell line out when the source has no sell prices, and mirrors in Hebrew', () => {
    const d = buildPriceChart({ ...priceDay, slots: slots.map((s) => ({ ...s, sell: null })) });
    const opt = priceChartOption(d, priceCtx({ rtl: true }));
    expect((opt.series as { id: string }[]).map((s) => s.id)).toEqual(['buy', 'cheap', 'dear']);
    expect((opt.xAxis as { inverse: boolean }).inverse).toBe(true);
    expect((opt.yAxis as { position: string }).position).toBe('right');
  });
});

const plan: PlantPlanView = {
  plantId: 'p1',
  timezone: TZ,
  currency: 'EUR',
  automation: true,
  storage: true,
  mode: 'optimised',
  reason: null,
  plannedAt: at('10:00'),
  nextPlanAt: at('10:15'),
  slots: [
    {
      start: at('10:00'),
      minutes: 15,
      buy: 0.1,
      sell: 0.05,
      pvKwh: 1,
      loadKwh: 0.5,
      chargeKwh: 1,
      dischargeKwh: 0,
      importKwh: 0.5,
      exportKwh: 0,
      soc: 55,
    },
    {
      start: at('10:15'),
      minutes: 15,
      buy: 0.3,
      sell: 0.05,
      pvKwh: 0,
      loadKwh: 0.5,
      chargeKwh: 0,
      dischargeKwh: 0.5,
      importKwh: 0,
      exportKwh: 0,
      soc: 50,
    },
  ],
  cost: 0.05,
  baselineCost: 0.2,
  command: { status: 'succeeded', sentAt: at('10:00'), error: null, inverterSn: 'INV1' },
  actual: [
    { ts: at('09:55'), soc: 50, gridKw: 0.2, batteryKw: -1 },
    { ts: at('10:00'), soc: 51, gridKw: 0.2, batteryKw: -1 },
    { ts: at('10:05'), soc: null, gridKw: null, batteryKw: null },
  ],
  today: { actual: 1, baseline: 1.5, saving: 0.5 },
  month: { actual: 10, baseline: 12, saving: 2 },
};

describe('the plan card', () => {
  it('turns slot energies into average powers with the day chart’s signs and starts the plan at the last SOC', () => {
    const d = buildPlanChart(plan, '2026-11-27');
    // 1 kWh charged in 15 minutes is −4 kW (charging); 0.5 kWh discharged is +2 kW.
    expect(d.series.battery.map((p) => p[1])).toEqual([-4, 2]);
    expect(d.series.grid.map((p) => p[1])).toEqual([2, 0]);
    expect(d.series.plannedSoc).toEqual([
      [Date.parse('2026-11-27T10:00:00Z'), 51],
      [Date.parse('2026-11-27T10:15:00Z'), 55],
      [Date.parse('2026-11-27T10:30:00Z'), 50],
    ]);
    expect(d.series.actualSoc).toHaveLength(2);
    expect(d.start).toBe(Date.parse('2026-11-27T00:00:00Z'));
    expect(d.end).toBe(Date.parse('2026-11-28T00:00:00Z'));
  });

  it('puts SOC and prices on axes of their own and formats each series in its unit', () => {
    const d = buildPlanChart(plan, '2026-11-27');
    const opt = planChartOption(d, {
      rtl: false,
      compact: false,
      currency: 'EUR',
      names: { plannedSoc: 'Plan SOC', actualSoc: 'SOC', battery: 'Battery', grid: 'Grid', price: 'Price' },
      timeLabel: () => '10:00',
      kw: (v) => `${v} kW`,
      percent: (v) => `${v}%`,
      price: (v) => `${v.toFixed(4)} EUR/kWh`,
    });
    const series = opt.series as { id: string; yAxisIndex: number }[];
    expect(series.map((s) => [s.id, s.yAxisIndex])).toEqual([
      ['battery', 0],
      ['grid', 0],
      ['plannedSoc', 1],
      ['actualSoc', 1],
      ['price', 2],
    ]);
    const tooltip = (opt.tooltip as { formatter: (p: TooltipItem[]) => string }).formatter;
    const html = tooltip([
      { seriesId: 'battery', dataIndex: 0, value: [0, -4] },
      { seriesId: 'plannedSoc', dataIndex: 0, value: [0, 55] },
      { seriesId: 'price', dataIndex: 0, value: [0, 0.1] },
      { seriesId: 'actualSoc', dataIndex: 0, value: [0, null] },
    ]);
    expect(html).toContain('-4 kW');
    expect(html).toContain('55%');
    expect(html).toContain('0.1000 EUR/kWh');
    expect(html).not.toContain('>SOC<');
  });

  it('names unknown reasons and statuses safely and writes money with cents', () => {
    expect(reasonKey(null)).toBeNull();
    expect(reasonKey('noPrices')).toBe('noPrices');
    expect(reasonKey('somethingNew')).toBe('failed');
    expect(commandKey('timed_out')).toBe('timedOut');
    expect(commandKey('succeeded')).toBe('succeeded');
    expect(commandKey('queued')).toBe('sent');
    expect(formatCurrency(1.5, 'EUR', 'en')).toBe('€1.50');
    expect(formatCurrency(-0.4, 'JPY', 'en')).toBe('-¥0.40');
    expect(formatCurrency(2, 'XXQ', 'en')).toContain('2.00');
  });

  it('has every reason, mode, status, series and price source in the catalogue', () => {
    const en = loadTree('en');
    const has = (path: string) =>
      typeof path
        .split('.')
        .reduce<Tree | string | undefined>((n, k) => (typeof n === 'object' ? n[k] : undefined), en) === 'string';
    const needed = [
      ...PLAN_REASONS.map((r) => `overview.plan.reason.${r}`),
      ...['optimised', 'selfConsumption', 'pending'].map((m) => `overview.plan.mode.${m}`),
      ...['sent', 'succeeded', 'failed', 'timedOut'].map((s) => `overview.plan.command.${s}`),
      ...PLAN_SERIES.map((s) => `overview.plan.series.${s}`),
      ...['tariff', 'file', 'octopus', 'entsoe', 'simulated'].map((s) => `overview.prices.source.${s}`),
      ...['cheapRank', 'dearRank', 'title'].map((k) => `overview.prices.${k}`),
      'overview.plan.title',
    ];
    expect(needed.filter((k) => !has(k))).toEqual([]);
  });
});
