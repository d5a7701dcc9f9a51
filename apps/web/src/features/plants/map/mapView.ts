/** The part of the world the offline map starts on, as ECharts geo `boundingCoords`: [[west, north], [east, south]]. */
export type Bounds = [[number, number], [number, number]];

/** What the world map holds: every longitude, and latitudes from Tierra del Fuego to the Arctic islands. */
const WORLD = { west: -180, east: 180, south: -58, north: 84 };
/** ECharts draws a degree of longitude 0.75 as wide as a degree of latitude (geo aspectScale). */
const ASPECT_SCALE = 0.75;

/**
 * Frames the plants: their extent with a margin, widened to the box's shape (height / width = `aspect`) so
 * what is drawn around them is map rather than blank, and slid back inside the world where it would cross
 * its edge. With no plant the whole world.
 */
export function initialView(points: readonly { lat: number; lon: number }[], aspect: number): Bounds {
  const boxRatio = 1 / Math.max(aspect, 0.1);
  let west = WORLD.west;
  let east = WORLD.east;
  let south = WORLD.south;
  let north = WORLD.north;
  if (points.length > 0) {
    const lons = points.map((p) => p.lon);
    const lats = points.map((p) => p.lat);
    west = Math.min(...lons);
    east = Math.max(...lons);
    south = Math.min(...lats);
    north = Math.max(...lats);
  }
  let lonSpan = Math.max(east - west, 8) * (points.length > 0 ? 1.4 : 1);
  let latSpan = Math.max(north - south, 4) * (points.length > 0 ? 1.4 : 1);
  // Widen the narrower side to the box's shape.
  if ((lonSpan * ASPECT_SCALE) / latSpan < boxRatio) lonSpan = (latSpan * boxRatio) / ASPECT_SCALE;
  else latSpan = (lonSpan * ASPECT_SCALE) / boxRatio;
  // Never more than the world: shrink both sides alike, keeping the shape.
  const shrink = Math.max(1, lonSpan / (WORLD.east - WORLD.west), latSpan / (WORLD.north - WORLD.south));
  lonSpan /= shrink;
  latSpan /= shrink;
  const slide = (mid: number, half: number, lo: number, hi: number): number =>
    Math.min(hi - half, Math.max(lo + half, mid));
  const midLon = slide((west + east) / 2, lonSpan / 2, WORLD.west, WORLD.east);
  const midLat = slide((south + north) / 2, latSpan / 2, WORLD.south, WORLD.north);
  return [
    [midLon - lonSpan / 2, midLat + latSpan / 2],
    [midLon + lonSpan / 2, midLat - latSpan / 2],
  ];
}

/**
 * Frames a cluster's plants close enough that the cluster opens: their box with a margin, shaped like the
 * map's box (height / width = `aspect`), but never wider than the map is at `minZoom` (the cluster's
 * expansion zoom, read as a web-mercator zoom over `widthPx`), so plants at one address still come apart.
 */
export function zoomedView(
  b: { west: number; south: number; east: number; north: number },
  minZoom: number,
  widthPx: number,
  aspect: number,
): Bounds {
  const boxRatio = 1 / Math.max(aspect, 0.1);
  // 2 % inside the zoom's width, so rounding never reads it as the zoom below.
  const widest = ((360 * Math.max(widthPx, 1)) / (256 * 2 ** minZoom)) * 0.98;
  const wanted = Math.max((b.east - b.west) * 1.4, ((b.north - b.south) * 1.4 * boxRatio) / ASPECT_SCALE, 1e-4);
  const lonSpan = Math.min(wanted, widest);
  const latSpan = (lonSpan * ASPECT_SCALE) / boxRatio;
  const midLon = (b.west + b.east) / 2;
  const midLat = (b.south + b.north) / 2;
  return [
    [midLon - lonSpan / 2, midLat + latSpan / 2],
    [midLon + lonSpan / 2, midLat - latSpan / 2],
  ];
}
