import { zoneOffsetMinutes } from '@heliograph/shared';
import type { ChartOption } from '../../components/chart/chartTypes';

export interface SeriesData {
  /** Series key (metric or energy column) and its translated name. */
  key: string;
  name: string;
}

const COLORS = ['#f5a623', '#1677ff', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2'];

/**
 * A day of readings as lines over time (W, or % for SOC on a second axis), against the plant's clock: each
 * time is shifted to the plant's wall clock and drawn in UTC, so a Brisbane inverter's day runs 00:00–24:00
 * for a reader in Lisbon too (as the battery and meter day charts do).
 */
export function lineOption(
  rows: { ts: number; values: Record<string, number | null> }[],
  series: SeriesData[],
  opts: { unit: string; percentKeys?: readonly string[]; rtl: boolean; tz: string },
): ChartOption {
  const percent = new Set(opts.percentKeys ?? []);
  const hasPercent = series.some((s) => percent.has(s.key));
  const wall = (ts: number) => ts + zoneOffsetMinutes(ts, opts.tz) * 60_000;
  return {
    color: COLORS,
    useUTC: true,
    grid: { left: 56, right: hasPercent ? 48 : 24, top: 40, bottom: 56 },
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis' },
    dataZoom: [{ type: 'inside' }, { type: 'slider', height: 18, bottom: 8 }],
    xAxis: {
      type: 'time',
      inverse: opts.rtl,
      axisLabel: { formatter: '{HH}:{mm}', hideOverlap: true },
    },
    yAxis: [
      { type: 'value', name: opts.unit, position: opts.rtl ? 'right' : 'left' },
      ...(hasPercent
        ? [
            {
              type: 'value' as const,
              name: '%',
              min: 0,
              max: 100,
              position: opts.rtl ? ('left' as const) : ('right' as const),
            },
          ]
        : []),
    ],
    series: series.map((s) => ({
      id: s.key,
      name: s.name,
      type: 'line' as const,
      showSymbol: false,
      sampling: 'lttb' as const,
      yAxisIndex: percent.has(s.key) ? 1 : 0,
      data: rows.map((r) => [wall(r.ts), r.values[s.key] ?? null]),
    })),
  };
}

/** Energy per day, month or year as grouped bars (kWh). */
export function barOption(
  rows: { key: string; values: Record<string, number | null> }[],
  series: SeriesData[],
  opts: { unit: string; rtl: boolean },
): ChartOption {
  return {
    color: COLORS,
    grid: { left: 56, right: 24, top: 40, bottom: 32 },
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', inverse: opts.rtl, data: rows.map((r) => r.key) },
    yAxis: { type: 'value', name: opts.unit, position: opts.rtl ? 'right' : 'left' },
    series: series.map((s) => ({
      id: s.key,
      name: s.name,
      type: 'bar' as const,
      data: rows.map((r) =>
        r.values[s.key] === null || r.values[s.key] === undefined ? 0 : Math.round((r.values[s.key] ?? 0) * 100) / 100,
      ),
    })),
  };
}
