import type { ReportFigure, ReportSeries } from '@heliograph/shared';
import type { ChartOption } from '../../components/chart/chartTypes';
import { FIGURE_COLORS } from '../../components/chart/palette';

const ENERGY = ['pv', 'load', 'purchase', 'feedIn', 'charge', 'discharge'] as const;

/**
 * The report's chart: a bar per chosen energy figure by day or month, last year's generation as a line when
 * asked. Right to left, the time axis runs from the right and the value axis stands on the right.
 */
export function reportChartOption(
  series: ReportSeries,
  figures: readonly ReportFigure[],
  label: (key: (typeof ENERGY)[number] | 'lastYear') => string,
  opts: { rtl: boolean; compact: boolean },
): ChartOption {
  const chosen = new Set(figures);
  const bars = ENERGY.filter((k) => chosen.has(k));
  const shown = bars.length > 0 ? bars : (['pv'] as const);
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: opts.rtl ? 16 : 56, right: opts.rtl ? 56 : 16, top: 56, bottom: 32 },
    xAxis: { type: 'category', data: series.buckets.map((b) => (b.length > 7 ? b.slice(8) : b)), inverse: opts.rtl },
    yAxis: { type: 'value', name: 'kWh', position: opts.rtl ? 'right' : 'left' },
    series: [
      ...shown.map((k) => ({
        id: k,
        type: 'bar' as const,
        name: label(k),
        data: series[k].map((v) => Math.round(v * 100) / 100),
        itemStyle: { color: FIGURE_COLORS[k] },
      })),
      ...(chosen.has('lastYear')
        ? [
            {
              id: 'lastYear',
              type: 'line' as const,
              name: label('lastYear'),
              data: series.lastYearPv.map((v) => Math.round(v * 100) / 100),
              itemStyle: { color: '#8c8c8c' },
              symbol: opts.compact ? 'none' : 'circle',
            },
          ]
        : []),
    ],
  };
}
