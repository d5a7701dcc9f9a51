import { MAP_CLUSTER_MAX_ZOOM, parseMapBbox, type DeviceStatus, type MapBbox, type MapPlant } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { CELL_ZOOM_OFFSET, clusterPlants, inBbox } from './map-clusters.js';

/**
 * The map's clusters (issue 11): what a person zooming the plant map sees — every plant in view counted once,
 * bubbles where plants crowd, single plants where they stand apart, and a box across the antimeridian working
 * like any other.
 */

const STATUSES: DeviceStatus[] = ['normal', 'normal', 'normal', 'offline', 'warning', 'fault'];

function plant(i: number, lat: number, lon: number, status: DeviceStatus = 'normal'): MapPlant {
  return { id: `p${i}`, name: `Plant ${i}`, type: 'grid', lat, lon, status, capacityKw: 10, todayKwh: 1 };
}

/** A deterministic scatter (no Math.random: a failure must replay). */
function scatter(n: number, around: { lat: number; lon: number }, spreadDeg: number): MapPlant[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: n }, (_, i) => {
    const lat = Math.max(-89, Math.min(89, around.lat + (next() - 0.5) * spreadDeg));
    let lon = around.lon + (next() - 0.5) * spreadDeg;
    if (lon > 180) lon -= 360;
    if (lon < -180) lon += 360;
    return plant(i, lat, lon, STATUSES[i % STATUSES.length]);
  });
}

const WORLD: MapBbox = { west: -180, south: -90, east: 180, north: 90 };
const box = (raw: string): MapBbox => {
  const b = parseMapBbox(raw);
  if (!b) throw new Error(`not a box: ${raw}`);
  return b;
};

/** Web-mercator cell of a position at a grid of 2^level cells, as the map draws them. */
function cell(lat: number, lon: number, level: number): [number, number] {
  const n = 2 ** level;
  const s = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
  return [Math.min(n - 1, Math.floor(((lon + 180) / 360) * n)), Math.min(n - 1, Math.floor(y * n))];
}

describe('map clusters', () => {
  const fleet = [
    ...scatter(3000, { lat: 50, lon: 10 }, 20),
    ...scatter(2000, { lat: 35, lon: -100 }, 30),
    ...scatter(500, { lat: -33, lon: 151 }, 5),
  ].map((p, i) => ({ ...p, id: `f${i}` }));

  it('counts every plant in view exactly once, at every zoom', () => {
    for (let zoom = 0; zoom <= MAP_CLUSTER_MAX_ZOOM + 1; zoom++) {
      const a = clusterPlants(fleet, WORLD, zoom);
      const inClusters = a.clusters.reduce((n, c) => n + c.count, 0);
      expect(a.total).toBe(fleet.length);
      expect(inClusters + a.plants.length).toBe(fleet.length);
      expect(new Set(a.plants.map((p) => p.id)).size).toBe(a.plants.length);
      for (const c of a.clusters) {
        expect(c.count).toBeGreaterThan(1);
        expect(Object.values(c.counts).reduce((n, x) => n + x, 0)).toBe(c.count);
      }
    }
  });

  it('puts no plant in two clusters: clusters of one view never share a cell', () => {
    for (const zoom of [0, 3, 6, 9, 12]) {
      const a = clusterPlants(fleet, WORLD, zoom);
      const cells = a.clusters.map((c) => cell(c.lat, c.lon, zoom + CELL_ZOOM_OFFSET).join('/'));
      const singles = a.plants.map((p) => cell(p.lat, p.lon, zoom + CELL_ZOOM_OFFSET).join('/'));
      expect(new Set([...cells, ...singles]).size).toBe(cells.length + singles.length);
      // A cluster stands in its plants' cell and holds every plant of that cell: the cells partition the plants.
      for (const c of a.clusters) {
        const here = cell(c.lat, c.lon, zoom + CELL_ZOOM_OFFSET).join('/');
        expect(cell(c.bounds.north, c.bounds.west, zoom + CELL_ZOOM_OFFSET).join('/')).toBe(here);
        expect(cell(c.bounds.south, c.bounds.east, zoom + CELL_ZOOM_OFFSET).join('/')).toBe(here);
        expect(fleet.filter((p) => cell(p.lat, p.lon, zoom + CELL_ZOOM_OFFSET).join('/') === here)).toHaveLength(
          c.count,
        );
      }
    }
  });

  it('places a cluster at the mean of its plants, inside its bounds', () => {
    const berlin = [plant(1, 52.5, 13.4), plant(2, 52.52, 13.42), plant(3, 52.48, 13.38, 'fault')];
    const a = clusterPlants(berlin, WORLD, 2);
    expect(a.plants).toEqual([]);
    const [c] = a.clusters;
    expect(c?.count).toBe(3);
    expect(c?.lat).toBeCloseTo(52.5, 6);
    expect(c?.lon).toBeCloseTo(13.4, 6);
    expect(c?.bounds).toEqual({ west: 13.38, south: 52.48, east: 13.42, north: 52.52 });
    // One fault among them colours the bubble.
    expect(c?.worst).toBe('fault');
    expect(c?.counts).toMatchObject({ normal: 2, fault: 1, warning: 0, offline: 0 });
  });

  it('splits a cluster when zooming in to its expansion zoom, and shows single plants from the last zoom on', () => {
    const pair = [plant(1, 52.5, 13.4, 'warning'), plant(2, 52.5, 13.45, 'offline')];
    const far = clusterPlants(pair, WORLD, 3);
    const [c] = far.clusters;
    if (!c) throw new Error('expected one cluster');
    expect(c.worst).toBe('warning');
    expect(c.expansionZoom).toBeGreaterThan(3);
    expect(clusterPlants(pair, WORLD, c.expansionZoom - 1).clusters).toHaveLength(1);
    const near = clusterPlants(pair, WORLD, c.expansionZoom);
    expect(near.clusters).toEqual([]);
    expect(near.plants.map((p) => p.id).sort()).toEqual(['p1', 'p2']);

    // Two plants at one address never split by distance; the last zoom shows both.
    const twins = [plant(1, 48.1, 11.6), plant(2, 48.1, 11.6)];
    const t = clusterPlants(twins, WORLD, 10).clusters[0];
    expect(t?.expansionZoom).toBe(MAP_CLUSTER_MAX_ZOOM);
    expect(clusterPlants(twins, WORLD, MAP_CLUSTER_MAX_ZOOM).plants).toHaveLength(2);
  });

  it('only ever splits when zooming in: more bubbles and plants, never fewer', () => {
    let shown = 0;
    for (let zoom = 0; zoom <= MAP_CLUSTER_MAX_ZOOM; zoom++) {
      const a = clusterPlants(fleet, WORLD, zoom);
      const now = a.clusters.length + a.plants.length;
      expect(now).toBeGreaterThanOrEqual(shown);
      shown = now;
    }
    expect(shown).toBe(fleet.length);
  });

  it('answers only the plants inside the box', () => {
    const europe = box('-10,35,30,60');
    const a = clusterPlants(fleet, europe, 5);
    const expected = fleet.filter((p) => p.lat >= 35 && p.lat <= 60 && p.lon >= -10 && p.lon <= 30).length;
    expect(a.total).toBe(expected);
    expect(a.total).toBeLessThan(fleet.length);
    for (const p of a.plants) expect(inBbox(p, europe)).toBe(true);
    for (const c of a.clusters) {
      expect(inBbox({ lat: c.bounds.south, lon: c.bounds.west }, europe)).toBe(true);
      expect(inBbox({ lat: c.bounds.north, lon: c.bounds.east }, europe)).toBe(true);
    }
    expect(clusterPlants(fleet, box('-60,-80,-50,-70'), 5)).toEqual({ total: 0, clusters: [], plants: [] });
  });

  it('handles a view across the antimeridian, however the map spells it', () => {
    const pacific = [plant(1, -17.7, 178.4), plant(2, -17.8, -179.9), plant(3, -18, 179.9), plant(4, 10, 0)];
    // Fiji seen from a map scrolled east past 180° (Leaflet's world copy), or west past -180°, or wrapped.
    for (const raw of ['170,-30,190,0', '-190,-30,-170,0', '170,-30,-170,0', '530,-30,550,0']) {
      const b = box(raw);
      expect(b.west).toBeGreaterThan(b.east);
      const a = clusterPlants(pacific, b, 8);
      expect(a.total).toBe(3);
      // The antimeridian is a cell edge: plants either side of it are never averaged into the middle of the map.
      for (const c of a.clusters) expect(Math.abs(c.lon)).toBeGreaterThan(170);
      expect(a.clusters.reduce((n, c) => n + c.count, 0) + a.plants.length).toBe(3);
    }
    // A box as wide as the world, or wider, is the whole world.
    expect(box('-200,-90,200,90')).toEqual({ west: -180, south: -90, east: 180, north: 90 });
    expect(clusterPlants(pacific, box('-540,-90,180,90'), 1).total).toBe(4);
  });

  it('refuses what is not a box', () => {
    for (const raw of ['', '1,2,3', '1,2,3,4,5', 'a,b,c,d', '0,10,10,5', '0,-95,10,10', '0,0,1e9,1', '0,,1,1']) {
      expect(parseMapBbox(raw)).toBeNull();
    }
    expect(parseMapBbox('0,0,180,10')).toEqual({ west: 0, south: 0, east: 180, north: 10 });
  });
});
