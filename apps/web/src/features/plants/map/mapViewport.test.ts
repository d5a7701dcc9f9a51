import { parseMapBbox } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { zoomedView } from './mapView';
import { bubbleSize, extentOf, nearestCopy, viewRequest } from './mapViewport';

describe('the map view the console asks the server for', () => {
  it('asks for the box the map shows, at the map’s zoom, in a form the server accepts', () => {
    const r = viewRequest({ west: 13.123456789, south: 52.3, east: 13.8, north: 52.7 }, 1200, 10.6);
    expect(r).toEqual({ bbox: '13.123457,52.3,13.8,52.7', zoom: 10 });
    expect(parseMapBbox(r.bbox)).not.toBeNull();
  });

  it('derives a zoom from the width in degrees where the map has none, and keeps latitudes on the globe', () => {
    // 360° over 1024 px is zoom 2 (four 256-px tiles across).
    expect(viewRequest({ west: -180, south: -120, east: 180, north: 120 }, 1024)).toEqual({
      bbox: '-180,-90,180,90',
      zoom: 2,
    });
    expect(viewRequest({ west: 13, south: 52, east: 13.01, north: 52.01 }, 1000).zoom).toBe(17);
    expect(viewRequest({ west: 13, south: 52, east: 13.0000001, north: 52.0000001 }, 1000).zoom).toBe(22);
  });

  it('passes a view across the antimeridian on as the map reports it', () => {
    const r = viewRequest({ west: 170, south: -30, east: 190, north: 0 }, 800, 5);
    expect(parseMapBbox(r.bbox)).toEqual({ west: 170, south: -30, east: -170, north: 0 });
  });

  it('frames the plants of an answer, and nothing when there is none', () => {
    const plant = { id: 'a', name: 'A', type: 'grid' as const, status: 'normal' as const, capacityKw: 1, todayKwh: 0 };
    const counts = { normal: 2, offline: 0, warning: 0, fault: 0, upgrading: 0, protect: 0 };
    expect(extentOf({ total: 0, clusters: [], plants: [] })).toBeNull();
    expect(
      extentOf({
        total: 3,
        plants: [{ ...plant, lat: 40, lon: -3 }],
        clusters: [
          {
            lat: 52,
            lon: 13,
            count: 2,
            worst: 'normal',
            counts,
            bounds: { west: 12, south: 51, east: 14, north: 53 },
            expansionZoom: 5,
          },
        ],
      }),
    ).toEqual({ west: -3, south: 40, east: 14, north: 53 });
  });

  it('draws Fiji on the side of the antimeridian the view is on', () => {
    expect(nearestCopy(-179.9, 179)).toBeCloseTo(180.1, 6);
    expect(nearestCopy(179.9, -179)).toBeCloseTo(-180.1, 6);
    expect(nearestCopy(13.4, 10)).toBe(13.4);
  });

  it('grows bubbles with the count but keeps them on screen', () => {
    expect(bubbleSize(2)).toBeLessThan(bubbleSize(100));
    expect(bubbleSize(10_000)).toBeLessThanOrEqual(60);
  });

  it('zooms the offline map far enough in to open a cluster', () => {
    // Two plants at one address: the view still reaches the cluster's expansion zoom.
    const b = zoomedView({ west: 13.4, south: 52.5, east: 13.4, north: 52.5 }, 16, 900, 0.6);
    const [[w, n], [e, s]] = b;
    expect(viewRequest({ west: w, south: s, east: e, north: n }, 900).zoom).toBeGreaterThanOrEqual(16);
    // A wide cluster is shown whole, with a margin.
    const wide = zoomedView({ west: 10, south: 50, east: 14, north: 52 }, 5, 900, 0.6);
    expect(wide[0][0]).toBeLessThan(10);
    expect(wide[1][0]).toBeGreaterThan(14);
    expect(
      viewRequest({ west: wide[0][0], south: wide[1][1], east: wide[1][0], north: wide[0][1] }, 900).zoom,
    ).toBeGreaterThanOrEqual(5);
  });
});
