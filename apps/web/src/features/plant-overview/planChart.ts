import type { PlantPlanView } from '@heliograph/shared';
import type { ChartOption, TooltipItem } from '../../components/chart/chartTypes';
import { FIGURE_COLORS } from '../../components/chart/palette';
import { toWallClock } from './daySeries';

/**
 * The plan card's chart (issue 17): the optimiser's planned SOC beside the SOC that happened, the planned
 * battery and grid power per slot as bars (the day chart's signs: battery + discharging, grid + buying), and
 * the buy price the plan was made at on an axis of its own.
 */

export const PLAN_SERIES = ['plannedSoc', 'actualSoc', 'battery', 'grid', 'price'] as const;
export type PlanSeriesKey = (typeof PLAN_SERIES)[number];

type Point = [number, number | null];

export interface PlanChartData {
  series: Record<PlanSeriesKey, Point[]>;
  /** x range, as plant-local wall-clock instants written as UTC */
  start: number;
  end: number;
  /** values drawn (for tests and tools) */
  points: number;
}

export const PLAN_COLORS: Record<PlanSeriesKey, string> = {
  plannedSoc: FIGURE_COLORS.soc,
  actualSoc: '#1d3f99',
  battery: FIGURE_COLORS.battery,
  grid: FIGURE_COLORS.grid,
  price: '#c41d7f',
};

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Slot energies in kWh become average powers in kW over the slot. */
export function buildPlanChart(plan: PlantPlanView, today: string): PlanChartData {
  const tz = plan.timezone;
  const slots = [...plan.slots].sort((a, b) => a.start - b.start);
  const mid = (start: number, minutes: number) => toWallClock(start, tz) + (minutes * 60_000) / 2;
  const hours = (minutes: number) => minutes / 60;
  const series: Record<PlanSeriesKey, Point[]> = {
    plannedSoc: slots.map((s) => [toWallClock(s.start + s.minutes * 60_000, tz), round(s.soc, 1)]),
    actualSoc: plan.actual.filter((a) => a.soc !== null).map((a) => [toWallClock(a.ts, tz), a.soc]),
    battery: slots.map((s) => [mid(s.start, s.minutes), round((s.dischargeKwh - s.chargeKwh) / hours(s.minutes), 2)]),
    grid: slots.map((s) => [mid(s.start, s.minutes), round((s.importKwh - s.exportKwh) / hours(s.minutes), 2)]),
    price: slots.map((s) => [mid(s.start, s.minutes), s.buy]),
  };
  // The first planned SOC starts where the battery was when the plan was made.
  const first = slots[0];
  const lastActual = plan.actual.filter((a) => a.soc !== null && first !== undefined && a.ts <= first.start).at(-1);
  if (first && lastActual?.soc != null) series.plannedSoc.unshift([toWallClock(first.start, tz), lastActual.soc]);

  const dayStart = Date.parse(`${today}T00:00:00Z`);
  const lastSlot = slots.at(-1);
  const end = Math.max(
    dayStart + 86_400_000,
    lastSlot ? toWallClock(lastSlot.start + lastSlot.minutes * 60_000, tz) : 0,
  );
  const points = Object.values(series).reduce((n, s) => n + s.filter((p) => p[1] !== null).length, 0);
  return { series, start: dayStart, end, points };
}

export interface PlanChartContext {
  rtl: boolean;
  compact: boolean;
  names: Record<PlanSeriesKey, string>;
  /** Tooltip header for an x value (a UTC-written plant-local instant). */
  timeLabel: (x: number) => string;
  kw: (value: number) => string;
  percent: (value: number) => string;
  price: (value: number) => string;
  currency: string;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

export function planChartOption(d: PlanChartData, ctx: PlanChartContext): ChartOption {
  const side = (right: boolean) => (right !== ctx.rtl ? 'right' : 'left') as 'right' | 'left';
  const format = (key: PlanSeriesKey, v: number) =>
    key === 'plannedSoc' || key === 'actualSoc' ? ctx.percent(v) : key === 'price' ? ctx.price(v) : ctx.kw(v);
  const line = (key: PlanSeriesKey, axis: number, extra: object) => ({
    id: key,
    name: ctx.names[key],
    type: 'line' as const,
    yAxisIndex: axis,
    data: d.series[key],
    showSymbol: false,
    connectNulls: false,
    itemStyle: { color: PLAN_COLORS[key] },
    ...extra,
  });
  const bar = (key: PlanSeriesKey) => ({
    id: key,
    name: ctx.names[key],
    type: 'bar' as const,
    yAxisIndex: 0,
    data: d.series[key],
    barMaxWidth: 10,
    itemStyle: { color: PLAN_COLORS[key], opacity: 0.75 },
  });
  return {
    useUTC: true,
    animationDuration: 300,
    legend: { top: 0, data: PLAN_SERIES.map((k) => ctx.names[k]), itemWidth: 14, itemHeight: 8 },
    // Fixed margins for the axes' labels: the kW axis on one side, SOC and the price beside each other on the
    // other (measured bounds pushed the plot into a sliver when mirrored in Hebrew).
    grid: {
      top: ctx.compact ? 84 : 68,
      bottom: ctx.compact ? 28 : 64,
      [ctx.rtl ? 'right' : 'left']: 44,
      [ctx.rtl ? 'left' : 'right']: ctx.compact ? 44 : 96,
      outerBoundsMode: 'none',
    },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'line' },
      formatter: (raw: TooltipItem | TooltipItem[]) => {
        const items = Array.isArray(raw) ? raw : [raw];
        const first = items[0];
        const x = Array.isArray(first?.value) ? Number(first.value[0]) : Number(first?.axisValue);
        const rows = items.flatMap((item) => {
          const key = item.seriesId as PlanSeriesKey;
          const v = Array.isArray(item.value) ? item.value[1] : item.value;
          if (typeof v !== 'number' || !Number.isFinite(v)) return [];
          const dot = `<span style="display:inline-block;width:8px;height:8px;border-radius:50%;background:${PLAN_COLORS[key]}"></span>`;
          return [
            `<div style="display:flex;gap:12px;justify-content:space-between"><span>${dot} ${esc(ctx.names[key] ?? '')}</span><b>${esc(format(key, v))}</b></div>`,
          ];
        });
        return `<div dir="${ctx.rtl ? 'rtl' : 'ltr'}" style="min-width:170px"><div style="margin-bottom:4px;color:#595959">${esc(ctx.timeLabel(x))}</div>${rows.join('')}</div>`;
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
    yAxis: [
      {
        type: 'value',
        name: 'kW',
        position: side(false),
        nameTextStyle: { align: side(false) },
        splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
      },
      {
        type: 'value',
        name: '%',
        min: 0,
        max: 100,
        position: side(true),
        splitLine: { show: false },
      },
      {
        type: 'value',
        name: ctx.compact ? '' : `${ctx.currency}/kWh`,
        position: side(true),
        offset: 44,
        nameTextStyle: { align: side(true) },
        axisLabel: { show: !ctx.compact, color: PLAN_COLORS.price },
        axisLine: { show: !ctx.compact, lineStyle: { color: PLAN_COLORS.price } },
        splitLine: { show: false },
      },
    ],
    dataZoom: ctx.compact
      ? []
      : [
          { type: 'inside', xAxisIndex: 0, zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false, moveOnMouseMove: true },
          { type: 'slider', xAxisIndex: 0, height: 18, bottom: 6, labelFormatter: '' },
        ],
    series: [
      bar('battery'),
      bar('grid'),
      line('plannedSoc', 1, { lineStyle: { width: 2, type: 'dashed' } }),
      line('actualSoc', 1, { lineStyle: { width: 2 } }),
      line('price', 2, { step: 'middle', lineStyle: { width: 1, opacity: 0.8 }, areaStyle: { opacity: 0.06 } }),
    ],
  };
}
