import { PRICE_DECIMALS, type PriceDay } from '@heliograph/shared';
import type { ChartOption, TooltipItem } from '../../components/chart/chartTypes';
import { formatClock } from '../../components/plant/plantTime';
import { toWallClock } from './daySeries';

/**
 * The prices card's data and chart (issue 17, spec §9): a plant-local day of buy (and sell) prices per slot,
 * the 3 cheapest and 3 dearest periods marked, written as "02:00–03:00 0.0712 EUR/kWh".
 */

export type PriceMark = 'cheap' | 'dear' | null;

export interface PricePeriod {
  start: number;
  minutes: number;
  buy: number;
  sell: number | null;
  mark: PriceMark;
  /** 1-based rank among the cheapest (cheapest first) or the dearest (dearest first). */
  rank: number | null;
}

export interface PriceChartData {
  periods: PricePeriod[];
  cheapest: PricePeriod[];
  dearest: PricePeriod[];
  hasSell: boolean;
  hasNegative: boolean;
  /** Plant-local midnight to midnight, written as UTC instants (the chart runs with useUTC). */
  start: number;
  end: number;
}

export const PRICE_COLORS = { normal: '#8fa6c9', cheap: '#237804', dear: '#c41d7f', sell: '#d46b08' } as const;

export function buildPriceChart(d: PriceDay): PriceChartData {
  const rankOf = (list: number[], start: number) => {
    const i = list.indexOf(start);
    return i < 0 ? null : i + 1;
  };
  const periods = [...d.slots]
    .sort((a, b) => a.start - b.start)
    .map((s): PricePeriod => {
      const cheap = rankOf(d.cheapest, s.start);
      const dear = rankOf(d.dearest, s.start);
      return {
        start: s.start,
        minutes: s.minutes,
        buy: s.buy,
        sell: s.sell,
        mark: cheap !== null ? 'cheap' : dear !== null ? 'dear' : null,
        rank: cheap ?? dear,
      };
    });
  const byRank = (mark: PriceMark) =>
    periods.filter((p) => p.mark === mark).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0));
  const start = Date.parse(`${d.day}T00:00:00Z`);
  return {
    periods,
    cheapest: byRank('cheap'),
    dearest: byRank('dear'),
    hasSell: periods.some((p) => p.sell !== null),
    hasNegative: periods.some((p) => p.buy < 0 || (p.sell !== null && p.sell < 0)),
    start,
    end: start + 86_400_000,
  };
}

/** A price per kWh with its 4 decimals (spec §5) in the reader's locale: "0.0712", "−0.0150". */
export function formatPrice(value: number | null, locale: string): string {
  if (value === null || !Number.isFinite(value)) return '–';
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: PRICE_DECIMALS,
    maximumFractionDigits: PRICE_DECIMALS,
  }).format(value);
}

/** An axis label: up to 4 decimals, no trailing zeros. */
export function axisPrice(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: PRICE_DECIMALS }).format(value);
}

/** "02:00–03:00" in the plant's time zone; a period ending at the day's midnight ends at "24:00". */
export function formatPeriod(start: number, minutes: number, tz: string): string {
  const end = formatClock(start + minutes * 60_000, tz);
  return `${formatClock(start, tz)}–${end === '00:00' ? '24:00' : end}`;
}

/** "02:00–03:00 0.0712 EUR/kWh" */
export function describePeriod(p: PricePeriod, tz: string, currency: string, locale: string): string {
  return `${formatPeriod(p.start, p.minutes, tz)} ${formatPrice(p.buy, locale)} ${currency}/kWh`;
}

export interface PriceChartContext {
  tz: string;
  currency: string;
  locale: string;
  rtl: boolean;
  compact: boolean;
  names: { buy: string; sell: string; cheap: string; dear: string };
  /** "Cheapest #1", "Dearest #2" */
  markLabel: (mark: 'cheap' | 'dear', rank: number) => string;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

type Point = [number, number | null];

/** The prices as bars, one per slot at its middle; the marked ones in their own series (so the legend names them). */
export function priceChartOption(d: PriceChartData, ctx: PriceChartContext): ChartOption {
  const mid = (p: PricePeriod) => toWallClock(p.start, ctx.tz) + (p.minutes * 60_000) / 2;
  const buyOf = (mark: PriceMark): Point[] => d.periods.map((p) => [mid(p), p.mark === mark ? p.buy : null]);
  const byX = new Map(d.periods.map((p) => [mid(p), p]));
  const unit = `${ctx.currency}/kWh`;
  const dir = ctx.rtl ? 'rtl' : 'ltr';
  const bar = (id: string, name: string, color: string, data: Point[]) => ({
    id,
    name,
    type: 'bar' as const,
    data,
    barGap: '-100%',
    barCategoryGap: '15%',
    itemStyle: { color },
    emphasis: { focus: 'none' as const },
  });
  const legend = [ctx.names.buy, ctx.names.cheap, ctx.names.dear, ...(d.hasSell ? [ctx.names.sell] : [])];
  return {
    useUTC: true,
    animationDuration: 300,
    legend: { top: 0, data: legend, itemWidth: 14, itemHeight: 8 },
    grid: { top: ctx.compact ? 72 : 60, left: 8, right: 8, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'shadow' },
      formatter: (raw: TooltipItem | TooltipItem[]) => {
        const items = Array.isArray(raw) ? raw : [raw];
        const first = items[0];
        const x = Array.isArray(first?.value) ? Number(first.value[0]) : Number(first?.axisValue);
        const p = byX.get(x);
        if (!p) return '';
        const row = (label: string, value: string, color: string) =>
          `<div style="display:flex;gap:12px;justify-content:space-between"><span><span style="display:inline-block;width:8px;height:8px;border-radius:2px;background:${color}"></span> ${esc(label)}</span><b>${esc(value)}</b></div>`;
        const buyColor =
          p.mark === 'cheap' ? PRICE_COLORS.cheap : p.mark === 'dear' ? PRICE_COLORS.dear : PRICE_COLORS.normal;
        const rows = [row(ctx.names.buy, `${formatPrice(p.buy, ctx.locale)} ${unit}`, buyColor)];
        if (p.sell !== null)
          rows.push(row(ctx.names.sell, `${formatPrice(p.sell, ctx.locale)} ${unit}`, PRICE_COLORS.sell));
        const mark =
          p.mark && p.rank
            ? `<div style="margin-top:4px;font-weight:600;color:${buyColor}">${esc(ctx.markLabel(p.mark, p.rank))}</div>`
            : '';
        return `<div dir="${dir}" style="min-width:170px"><div style="margin-bottom:4px;color:#595959">${esc(formatPeriod(p.start, p.minutes, ctx.tz))}</div>${rows.join('')}${mark}</div>`;
      },
    },
    xAxis: {
      type: 'time',
      min: d.start,
      max: d.end,
      inverse: ctx.rtl,
      splitNumber: ctx.compact ? 4 : 8,
      axisLabel: { formatter: '{HH}:{mm}', hideOverlap: true },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      name: unit,
      position: ctx.rtl ? 'right' : 'left',
      nameTextStyle: { align: ctx.rtl ? 'right' : 'left' },
      axisLabel: { formatter: (v: number) => axisPrice(v, ctx.locale) },
      splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
    },
    series: [
      bar('buy', ctx.names.buy, PRICE_COLORS.normal, buyOf(null)),
      bar('cheap', ctx.names.cheap, PRICE_COLORS.cheap, buyOf('cheap')),
      bar('dear', ctx.names.dear, PRICE_COLORS.dear, buyOf('dear')),
      ...(d.hasSell
        ? [
            {
              id: 'sell',
              name: ctx.names.sell,
              type: 'line' as const,
              step: 'middle' as const,
              showSymbol: false,
              data: d.periods.map((p): Point => [mid(p), p.sell]),
              itemStyle: { color: PRICE_COLORS.sell },
              lineStyle: { width: 1.5, type: 'dashed' as const },
            },
          ]
        : []),
    ],
  };
}
