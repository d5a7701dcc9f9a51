import { describe, expect, it } from 'vitest';
import { initialView } from './mapView';

describe('initial map view', () => {
  it('shows the whole world when there is no plant', () => {
    expect(initialView([], 0.5).zoom).toBe(1);
  });

  it('zooms in on plants close together and centres on them', () => {
    const v = initialView(
      [
        { lat: 52.5, lon: 13.4 },
        { lat: 48.1, lon: 11.6 },
      ],
      0.5,
    );
    expect(v.zoom).toBeGreaterThan(5);
    expect(v.center[0]).toBeCloseTo(12.5, 0);
    expect(v.center[1]).toBeCloseTo(50.3, 0);
  });

  it('keeps the world filling the box when the plants span continents', () => {
    const v = initialView(
      [
        { lat: 48.1, lon: 11.6 },
        { lat: -27.5, lon: 153 },
      ],
      0.5,
    );
    // Half the visible longitudes on either side of the centre stay within ±180°.
    const halfLon = 360 / 2 / v.zoom;
    expect(v.center[0] + halfLon).toBeLessThanOrEqual(180.0001);
    expect(v.center[0] - halfLon).toBeGreaterThanOrEqual(-180.0001);
  });

  it('zooms further on a narrow phone box than on a wide one for the same plants', () => {
    const pts = [
      { lat: 1.3, lon: 103.8 },
      { lat: 31.2, lon: 121.5 },
    ];
    expect(initialView(pts, 1).zoom).toBeLessThanOrEqual(initialView(pts, 0.4).zoom * 2);
  });
});
