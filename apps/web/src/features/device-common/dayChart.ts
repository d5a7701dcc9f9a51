import type { ChartOption } from '../../components/chart/echartsSetup';
import { zoneOffsetMinutes } from '@heliograph/shared';
import type { DayPoint } from './deviceApi';

/** Axis numbers as ECharts writes them by default (grouped thousands, no trailing zeros). */
const AXIS_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 });

export interface ChartLine {
  key: string;
  label: string;
  unit: string;
  color: string;
}

/**
 * A day of device readings as lines against the plant's clock: the first unit on the start axis, a second
 * unit on the end axis (e.g. W and %), gaps left where a reading is missing. A time axis keeps readings at
 * their true spacing (a gateway that reported every 5 minutes, then every 10 s, draws evenly); each time is
 * shifted to the plant's wall clock and drawn in UTC, so the axis shows the plant's hours wherever the reader is.
 */
export function dayLineOption(
  points: readonly DayPoint[],
  lines: readonly ChartLine[],
  tz: string,
  rtl: boolean,
): ChartOption {
  const units = [...new Set(lines.map((l) => l.unit))].slice(0, 2);
  const wall = (ts: number) => ts + zoneOffsetMinutes(ts, tz) * 60_000;
  return {
    animation: false,
    useUTC: true,
    grid: { left: 56, right: 56, top: 56, bottom: 32 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    xAxis: {
      type: 'time',
      inverse: rtl,
      axisLabel: { formatter: '{HH}:{mm}', hideOverlap: true },
    },
    yAxis: units.map((unit, i) => ({
      type: 'value' as const,
      name: unit,
      position: (i === 0) !== rtl ? ('left' as const) : ('right' as const),
      splitLine: { show: i === 0 },
      scale: true,
      // The canvas follows the page's direction: in right-to-left text "-20,000" would read "20,000-".
      ...(rtl ? { axisLabel: { formatter: (v: number) => `\u200e${AXIS_NUMBER.format(v)}` } } : {}),
    })),
    series: lines
      .filter((l) => units.includes(l.unit))
      .map((l) => ({
        id: l.key,
        name: l.unit ? `${l.label} (${l.unit})` : l.label,
        type: 'line' as const,
        showSymbol: false,
        connectNulls: false,
        yAxisIndex: Math.max(0, units.indexOf(l.unit)),
        itemStyle: { color: l.color },
        lineStyle: { width: 2, color: l.color },
        data: points.map((p) => [wall(p.ts), p.values[l.key] ?? null]),
      })),
  };
}
