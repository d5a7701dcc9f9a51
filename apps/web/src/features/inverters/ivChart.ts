import type { IvMpptCurve } from '@heliograph/shared';
import type { ChartOption, TooltipItem } from '../../components/chart/chartTypes';

/** One colour per MPPT input; its I–V line is solid and its P–V line dashed in the same colour. */
export const IV_COLORS = ['#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2', '#a0d911', '#f5222d'];

export interface IvChartText {
  /** Legend name of an input's current–voltage and power–voltage lines ("MPPT 1 · I–V"). */
  name: (index: number, curve: 'iv' | 'pv') => string;
  /** A number in the reader's locale, with `digits` decimals. */
  number: (value: number, digits: number) => string;
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Axis numbers as ECharts writes them by default (grouped thousands, no trailing zeros). */
const AXIS_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 });

/**
 * The I-V scan of an inverter's PV inputs as one chart: voltage (V) along the x axis, current (A) on the start
 * axis and power (W) on the end axis, an I–V and a P–V line per input and a dot at each maximum power point.
 * In right-to-left languages the chart is mirrored (0 V on the right, amperes on the right, watts on the
 * left) and axis numbers carry a left-to-right mark so that the canvas does not reorder their signs.
 */
export function ivChartOption(
  mppts: readonly IvMpptCurve[],
  opts: { rtl: boolean; compact?: boolean; text: IvChartText },
): ChartOption {
  const { rtl, text } = opts;
  const ltrLabel = rtl ? { axisLabel: { formatter: (v: number) => `\u200e${AXIS_NUMBER.format(v)}` } } : {};
  const side = (start: boolean) => (start !== rtl ? ('left' as const) : ('right' as const));
  const colour = (k: number) => IV_COLORS[k % IV_COLORS.length] ?? '#1677ff';
  const unitOf = (id: string | undefined) => (id?.endsWith('-pv') ? 'W' : 'A');
  const names = mppts.flatMap((m) => [text.name(m.index, 'iv'), text.name(m.index, 'pv')]);

  return {
    animation: false,
    grid: { left: 64, right: 64, top: opts.compact ? 72 : 56, bottom: 52 },
    legend: { top: 0, type: 'scroll', data: names, align: rtl ? 'right' : 'auto' },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      formatter: (raw: unknown) => {
        const items = (Array.isArray(raw) ? raw : [raw]) as TooltipItem[];
        const shown = items.filter((p) => !p.seriesId?.endsWith('-mpp'));
        const first = shown[0]?.value;
        const volts = Array.isArray(first) ? Number(first[0]) : Number(shown[0]?.axisValue ?? 0);
        const row = (p: TooltipItem) => {
          const y = Array.isArray(p.value) ? Number(p.value[1]) : 0;
          const unit = unitOf(p.seriesId);
          const dot = typeof p.color === 'string' ? `<span style="color:${p.color}">●</span> ` : '';
          return `<div>${dot}${escape(p.seriesName ?? '')}: <bdi dir="ltr">${text.number(y, unit === 'W' ? 0 : 2)} ${unit}</bdi></div>`;
        };
        return `<div dir="${rtl ? 'rtl' : 'ltr'}"><b><bdi dir="ltr">${text.number(volts, 1)} V</bdi></b>${shown.map(row).join('')}</div>`;
      },
    },
    xAxis: {
      type: 'value',
      name: 'V',
      // Under the middle of the axis: at its end the unit would sit beside the watt axis's 0.
      nameLocation: 'middle',
      nameGap: 26,
      min: 0,
      inverse: rtl,
      splitLine: { show: false },
      ...ltrLabel,
    },
    yAxis: [
      { type: 'value', name: 'A', min: 0, position: side(true), ...ltrLabel },
      { type: 'value', name: 'W', min: 0, position: side(false), splitLine: { show: false }, ...ltrLabel },
    ],
    series: mppts.flatMap((m, k) => {
      const color = colour(k);
      return [
        {
          id: `mppt${m.index}-iv`,
          name: text.name(m.index, 'iv'),
          type: 'line' as const,
          yAxisIndex: 0,
          showSymbol: false,
          itemStyle: { color },
          lineStyle: { width: 2, color },
          data: m.points.map((p) => [p.v, p.i]),
        },
        {
          id: `mppt${m.index}-pv`,
          name: text.name(m.index, 'pv'),
          type: 'line' as const,
          yAxisIndex: 1,
          showSymbol: false,
          itemStyle: { color },
          lineStyle: { width: 2, type: 'dashed' as const, color },
          data: m.points.map((p) => [p.v, Math.round(p.v * p.i * 10) / 10]),
        },
        // The maximum power point, drawn as a dot on the P–V line (it shares that line's legend entry).
        {
          id: `mppt${m.index}-mpp`,
          name: text.name(m.index, 'pv'),
          type: 'line' as const,
          yAxisIndex: 1,
          showSymbol: true,
          symbol: 'circle',
          symbolSize: 9,
          itemStyle: { color, borderColor: '#fff', borderWidth: 1.5 },
          lineStyle: { width: 0 },
          data: m.pmax > 0 ? [[m.vmp, m.pmax]] : [],
        },
      ];
    }),
  };
}

/** Whether a scan found any current at all (none: the panels are in the dark). */
export const ivHasCurrent = (mppts: readonly IvMpptCurve[]): boolean => mppts.some((m) => m.pmax > 0);

/**
 * Inputs that give much less than the best one (under 60 % of its Pmax): with matching panels on each input,
 * the sign of a shaded, soiled or faulty string (an input with no current at all among lit ones included).
 * Nothing for a single input or in the dark.
 */
export function weakInputs(mppts: readonly IvMpptCurve[], share = 0.6): number[] {
  const best = Math.max(0, ...mppts.map((m) => m.pmax));
  if (mppts.length < 2 || best <= 0) return [];
  return mppts.filter((m) => m.pmax < share * best).map((m) => m.index);
}
