import type { ChartOption, TooltipItem } from '../../components/chart/chartTypes';
import type { DayChartData, DaySeriesKey } from './daySeries';
import { FIGURE_COLORS } from '../../components/chart/palette';

export interface DayChartContext {
  names: Record<DaySeriesKey, string>;
  rtl: boolean;
  /** Phones: no zoom slider, a tighter frame. */
  compact: boolean;
  /** Tooltip header for an x value (a UTC-written plant-local instant). */
  timeLabel: (x: number) => string;
  /** A power in W as the page writes it ("4.2 kW"). */
  power: (watts: number | null) => string;
  /** A state of charge in % ("61.3%"). */
  percent: (value: number | null) => string;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

function valueOf(item: TooltipItem): number | null {
  const v = Array.isArray(item.value) ? item.value[1] : item.value;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The day chart (spec §2.3, 5-minute power of a plant-local day) as an ECharts option. */
export function dayChartOption(d: DayChartData, ctx: DayChartContext): ChartOption {
  const keys = d.series.map((s) => s.key);
  const dir = ctx.rtl ? 'rtl' : 'ltr';
  return {
    useUTC: true,
    animationDuration: 300,
    color: keys.map((k) => FIGURE_COLORS[k]),
    legend: { top: 0, data: keys.map((k) => ctx.names[k]), itemWidth: 14, itemHeight: 8 },
    grid: { top: ctx.compact ? 64 : 52, left: 8, right: 8, bottom: ctx.compact ? 8 : 48 },
    tooltip: {
      trigger: 'axis',
      confine: true,
      axisPointer: { type: 'line' },
      formatter: (raw: TooltipItem | TooltipItem[]) => {
        const items = Array.isArray(raw) ? raw : [raw];
        const first = items[0];
        const x = Array.isArray(first?.value) ? Number(first.value[0]) : Number(first?.axisValue);
        const rows = items.map((item) => {
          const key = item.seriesId as DaySeriesKey;
          const v = valueOf(item);
          const text = key === 'soc' ? ctx.percent(v) : ctx.power(v === null ? null : v * d.divisor);
          const dot = `<span style="display:inline-block;width:8px;height:8px;border-radius:50%;background:${FIGURE_COLORS[key] ?? '#999'}"></span>`;
          return `<div style="display:flex;gap:8px;align-items:center;justify-content:space-between"><span>${dot} ${esc(ctx.names[key] ?? '')}</span><b>${esc(text)}</b></div>`;
        });
        return `<div dir="${dir}" style="min-width:150px"><div style="margin-bottom:4px;color:#666">${esc(ctx.timeLabel(x))}</div>${rows.join('')}</div>`;
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
        name: d.unit,
        position: ctx.rtl ? 'right' : 'left',
        nameTextStyle: { align: ctx.rtl ? 'right' : 'left' },
        splitLine: { lineStyle: { type: 'dashed', opacity: 0.6 } },
      },
      ...(keys.includes('soc')
        ? [
            {
              type: 'value' as const,
              name: `${ctx.names.soc} (%)`,
              min: 0,
              max: 100,
              position: ctx.rtl ? ('left' as const) : ('right' as const),
              nameTextStyle: { align: ctx.rtl ? ('left' as const) : ('right' as const) },
              splitLine: { show: false },
            },
          ]
        : []),
    ],
    dataZoom: ctx.compact
      ? []
      : [
          { type: 'inside', xAxisIndex: 0, zoomOnMouseWheel: 'ctrl', moveOnMouseWheel: false, moveOnMouseMove: true },
          { type: 'slider', xAxisIndex: 0, height: 18, bottom: 6, labelFormatter: '' },
        ],
    series: d.series.map((s) => ({
      id: s.key,
      name: ctx.names[s.key],
      type: 'line' as const,
      data: s.data,
      yAxisIndex: s.key === 'soc' ? 1 : 0,
      showSymbol: false,
      smooth: 0.2,
      connectNulls: false,
      sampling: 'lttb' as const,
      lineStyle: { width: s.key === 'pv' ? 2 : 1.5, type: s.key === 'soc' ? ('dashed' as const) : ('solid' as const) },
      areaStyle: s.key === 'pv' ? { opacity: 0.18 } : undefined,
      emphasis: { focus: 'series' as const },
    })),
  };
}
