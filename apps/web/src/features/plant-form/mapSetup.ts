import { ScatterChart, type ScatterSeriesOption } from 'echarts/charts';
import { GeoComponent, type GeoComponentOption } from 'echarts/components';
import { registerMap, use as registerECharts, type ComposeOption } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** The map picker's part of ECharts (geo + one scatter point), loaded with the picker only. */
registerECharts([GeoComponent, ScatterChart, CanvasRenderer]);

export type MapOption = ComposeOption<GeoComponentOption | ScatterSeriesOption>;
export { init, type ECharts } from 'echarts/core';

export const WORLD_MAP = 'hg-world';

/** Russia and Fiji: their rings cross the 180th meridian, which an equirectangular map draws as a long line. */
const ACROSS_180 = new Set(['643', '242']);

/** Moves the few points just past 180°E (stored as −180…−169) onto the meridian; a sliver of land is lost. */
function foldEast(geometry: Geometry | null): void {
  if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons) {
    for (const ring of polygon) {
      for (const point of ring) if ((point[0] ?? 0) < 0) point[0] = 180;
    }
  }
}
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
      for (const f of countries.features) if (ACROSS_180.has(String(f.id))) foldEast(f.geometry);
      registerMap(WORLD_MAP, countries as unknown as Parameters<typeof registerMap>[1]);
    },
  );
  return registered;
}
