/**
 * Chart option types without loading ECharts: pure option builders import these, the EChart component
 * (lazily loaded) brings the library itself.
 */
export type { ChartOption } from './echartsSetup';

/** What a tooltip formatter receives per series (a subset of ECharts' callback parameters). */
export interface TooltipItem {
  seriesId?: string;
  seriesName?: string;
  dataIndex: number;
  value?: unknown;
  axisValue?: unknown;
  color?: unknown;
}
