import type { ChartOption, TooltipItem } from '../../components/chart/chartTypes';
import type { BarFigure, BarsData } from './energyBars';
import { FIGURE_COLORS } from '../../components/chart/palette';

export interface BarsChartContext {
  names: Record<BarFigure, string>;
  /** The axis label of a slot (day, month or year). */
  slotLabel: (slot: string) => string;
  /** The tooltip header of a slot. */
  slotTitle: (slot: string) => string;
  /** An energy in kWh as the page writes it ("12.3 kWh"). */
  energy: (kwh: number | null) => string;
  rtl: boolean;
  compact: boolean;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** Grouped energy bars per slot (spec §2.3 energy charts) as an ECharts option. */
export function barsChartOption(b: BarsData, ctx: BarsChartContext): ChartOption {
  const figures = b.series.map((s) => s.figure);
  return {
    animationDuration: 300,
    color: figures.map((f) => FIGURE_COLORS[f]),
    legend: { top: 0, data: figures.map((f) => ctx.names[f]), itemWidth: 14, itemHeight: 8 },
    grid: { top: ctx.compact ? 76 : 52, left: 8, right: 8, bottom: 8 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'shadow' },
      formatter: (raw: TooltipItem | TooltipItem[]) => {
        const items = Array.isArray(raw) ? raw : [raw];
        const slot = b.slots[items[0]?.dataIndex ?? 0] ?? '';
        const rows = items.map((item) => {
          const f = item.seriesId as BarFigure;
          const v = typeof item.value === 'number' ? item.value * b.divisor : null;
          const dot = `<span style="display:inline-block;width:8px;height:8px;border-radius:2px;background:${FIGURE_COLORS[f] ?? '#999'}"></span>`;
          return `<div style="display:flex;gap:8px;align-items:center;justify-content:space-between"><span>${dot} ${esc(ctx.names[f] ?? '')}</span><b>${esc(ctx.energy(v))}</b></div>`;
        });
        return `<div dir="${ctx.rtl ? 'rtl' : 'ltr'}" style="min-width:150px"><div style="margin-bottom:4px;color:#666">${esc(ctx.slotTitle(slot))}</div>${rows.join('')}</div>`;
      },
    },
    xAxis: {
      type: 'category',
      data: b.slots.map(ctx.slotLabel),
      inverse: ctx.rtl,
      axisTick: { alignWithLabel: true },
      axisLabel: { hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      name: b.unit,
      position: ctx.rtl ? 'right' : 'left',
      nameTextStyle: { align: ctx.rtl ? 'right' : 'left' },
      splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
    },
    series: b.series.map((s) => ({
      id: s.figure,
      name: ctx.names[s.figure],
      type: 'bar' as const,
      data: s.data,
      barMaxWidth: 14,
      barGap: '15%',
      emphasis: { focus: 'series' as const },
    })),
  };
}
