import type { FeatureCollection, Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature } from 'topojson-client';
import { registerMap } from 'echarts/core';

export const WORLD_MAP = 'hg-world';

/** Antarctica (ISO 3166 numeric 010) holds no plant and would take a fifth of the map's height. */
const LEFT_OUT = new Set(['010']);

let registered: Promise<void> | null = null;

type Ring = number[][];

/**
 * A ring that jumps across the antimeridian (Chukotka, Fiji) would be drawn as a line across the whole map;
 * its western part is moved east and flattened onto the 180° edge instead.
 */
export function fixAntimeridian(ring: Ring): Ring {
  const jumps = ring.some((p, i) => i > 0 && Math.abs((p[0] ?? 0) - (ring[i - 1]?.[0] ?? 0)) > 180);
  if (!jumps) return ring;
  return ring.map(([lon = 0, lat = 0]) => [Math.min(180, lon < 0 ? lon + 360 : lon), lat]);
}

function fixGeometry(geometry: Geometry | null): Geometry | null {
  if (geometry?.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map(fixAntimeridian) };
  if (geometry?.type === 'MultiPolygon')
    return { ...geometry, coordinates: geometry.coordinates.map((poly) => poly.map(fixAntimeridian)) };
  return geometry;
}

/**
 * The offline world map: Natural Earth 1:110m countries as packaged by world-atlas (TopoJSON), turned into
 * GeoJSON with topojson-client and registered with ECharts once. It ships in the map's own chunk, so the
 * console draws plants on a map with no network and no map service.
 */
export function ensureWorldMap(): Promise<void> {
  registered ??= import('world-atlas/countries-110m.json').then((mod) => {
    const topology = (mod as { default: unknown }).default as Topology<{ countries: GeometryCollection }>;
    const countries = feature(topology, topology.objects.countries) as FeatureCollection;
    const kept: FeatureCollection = {
      type: 'FeatureCollection',
      features: countries.features
        .filter((f) => !LEFT_OUT.has(String(f.id)))
        .map((f) => ({ ...f, geometry: fixGeometry(f.geometry) as Geometry })),
    };
    // ECharts' GeoJSON type is its own; the shape is the standard one.
    registerMap(WORLD_MAP, kept as unknown as Parameters<typeof registerMap>[1]);
  });
  return registered;
}
