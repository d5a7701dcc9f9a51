import { describe, expect, it } from 'vitest';
import { initialView } from './mapView';

const inside = ([[w, n], [e, s]]: ReturnType<typeof initialView>) =>
  w >= -180.0001 && e <= 180.0001 && s >= -58.0001 && n <= 84.0001;

describe('initial map view', () => {
  it('shows the whole world when there is no plant', () => {
    const [[w], [e]] = initialView([], 0.5);
    expect(e - w).toBeCloseTo(360, 5);
    expect(inside(initialView([], 0.5))).toBe(true);
  });

  it('frames plants close together around their middle', () => {
    const b = initialView(
      [
        { lat: 52.5, lon: 13.4 },
        { lat: 48.1, lon: 11.6 },
      ],
      0.5,
    );
    const [[w, n], [e, s]] = b;
    expect(e - w).toBeLessThan(40);
    expect((w + e) / 2).toBeCloseTo(12.5, 0);
    expect((n + s) / 2).toBeCloseTo(50.3, 0);
    // Widened to the box: twice as wide as tall on screen.
    expect(((e - w) * 0.75) / (n - s)).toBeCloseTo(2, 5);
  });

  it('stays inside the world when the plants reach its edge', () => {
    const b = initialView(
      [
        { lat: 48.1, lon: 11.6 },
        { lat: -27.5, lon: 153 },
        { lat: 70, lon: 178 },
      ],
      0.7,
    );
    expect(inside(b)).toBe(true);
    expect(b[1][0]).toBeGreaterThan(153);
  });
});
