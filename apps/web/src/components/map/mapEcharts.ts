import { ScatterChart, type ScatterSeriesOption } from 'echarts/charts';
import {
  GeoComponent,
  TooltipComponent,
  type GeoComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { use as registerECharts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/** Only what the plant maps (plant list, large screens) draw: a geo map with scatter points and tooltips, on canvas. */
registerECharts([GeoComponent, ScatterChart, TooltipComponent, CanvasRenderer]);

export type MapOption = ComposeOption<ScatterSeriesOption | GeoComponentOption | TooltipComponentOption>;

export { init, type ECharts } from 'echarts/core';
