/**
 * Where the offline map looks first: the middle of the plants, zoomed so they all fit with a margin, never
 * so far out that the world leaves blank bands beside it. `aspect` is the box's height / width; at zoom 1
 * ECharts fits the whole world (about 360° × 150° once Antarctica is left out) into the box.
 */
export function initialView(
  points: readonly { lat: number; lon: number }[],
  aspect: number,
): { center: [number, number]; zoom: number } {
  // Degrees of longitude and latitude visible at zoom 1 in a box of this shape: the world (drawn 0.75 as wide
  // per degree as it is tall) fills the box's width or its height, and the other way shows some margin.
  const boxRatio = 1 / Math.max(aspect, 0.1);
  const worldLon = Math.max(360, (150 * boxRatio) / 0.75);
  const worldLat = Math.max(150, (360 * 0.75) / boxRatio);
  if (points.length === 0) return { center: [10, 20], zoom: 1 };
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  const spanLon = Math.max(maxLon - minLon, 8) * 1.3;
  const spanLat = Math.max(maxLat - minLat, 4) * 1.3;
  const zoom = Math.min(12, Math.max(1, Math.min(worldLon / spanLon, worldLat / spanLat)));
  const clamp = (v: number, half: number, limit: number): number => Math.min(limit - half, Math.max(-limit + half, v));
  return {
    center: [
      clamp((minLon + maxLon) / 2, Math.min(180, worldLon / 2 / zoom), 180),
      clamp((minLat + maxLat) / 2, Math.min(75, worldLat / 2 / zoom), 84),
    ],
    zoom,
  };
}
