import { ScatterChart, type ScatterSeriesOption } from 'echarts/charts';
import { GeoComponent, type GeoComponentOption } from 'echarts/components';
import { registerMap, use as registerECharts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The map picker's part of ECharts (geo + one scatter point), loaded with the picker only. */
registerECharts([GeoComponent, ScatterChart, CanvasRenderer]);

export type MapOption = ComposeOption<GeoComponentOption | ScatterSeriesOption>;
export { init, type ECharts } from 'echarts/core';

export const WORLD_MAP = 'hg-world';
let registered: Promise<void> | null = null;

/**
 * The world's countries from world-atlas (Natural Earth 1:110m, shipped with the app), registered once as an
 * ECharts geo map: the picker works with no tile server and no network beyond the console itself.
 */
export function registerWorldMap(): Promise<void> {
  registered ??= Promise.all([import('world-atlas/countries-110m.json'), import('topojson-client')]).then(
    ([atlas, topojson]) => {
      const topology = (atlas.default ?? atlas) as unknown as Topology<{ countries: GeometryCollection }>;
      const countries = topojson.feature(topology, topology.objects.countries);
      registerMap(WORLD_MAP, countries as unknown as Parameters<typeof registerMap>[1]);
    },
  );
  return registered;
}
