import {
  DEVICE_STATUSES,
  MAP_CLUSTER_MAX_ZOOM,
  MAP_STATUS_SEVERITY,
  type DeviceStatus,
  type MapBbox,
  type MapCluster,
  type MapClusterAnswer,
  type MapPlant,
} from '@heliograph/shared';

/**
 * Grid clustering of map points (issue 11: a 10,000-plant fleet on one map). The world is cut into the cells
 * of a web-mercator tile grid CELL_ZOOM_OFFSET levels finer than the map's zoom, so a cell is half a 256-px
 * tile (128 px) on screen whatever the zoom; the plants of one cell become one cluster at their mean
 * position. A grid rather than distance-based clustering: one pass, no order dependence, and a plant is in
 * exactly one cell by construction. Cells start at -180°, so none straddles the antimeridian.
 */

/**
 * Cells are half a tile: 128 px, about three bubbles wide. Neighbouring cells' bubbles can still meet at a
 * shared edge; with 64-px cells they overlapped on most zoomed-out views (seen on the 10,000-plant map).
 */
export const CELL_ZOOM_OFFSET = 1;
/** Web mercator stops here; plants nearer the poles sit in the edge row. */
const MERCATOR_MAX_LAT = 85.0511287798;

/** A longitude on the grid: 0 at -180°, 1 at 180°. */
const gridX = (lon: number): number => (lon + 180) / 360;

/** A latitude on the grid: 0 at the top (north), 1 at the bottom (web mercator). */
function gridY(lat: number): number {
  const clamped = Math.max(-MERCATOR_MAX_LAT, Math.min(MERCATOR_MAX_LAT, lat));
  const s = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
}

/** The cell's column or row at a grid of 2^level cells across; the far edge belongs to the last cell. */
const cellOf = (t: number, level: number): number => {
  const n = 2 ** level;
  return Math.min(n - 1, Math.floor(t * n));
};

/** Whether a plant is in the box; a box with west > east crosses the antimeridian. */
export function inBbox(p: { lat: number; lon: number }, b: MapBbox): boolean {
  if (p.lat < b.south || p.lat > b.north) return false;
  return b.west <= b.east ? p.lon >= b.west && p.lon <= b.east : p.lon >= b.west || p.lon <= b.east;
}

/** What clustering needs of a plant: where it is and how it is. */
export interface MapPoint {
  lat: number;
  lon: number;
  status: DeviceStatus;
}

interface Cell<P extends MapPoint> {
  plants: P[];
}

/**
 * The zoom at which plants of one cell first fall into different cells: where the corners of their extent
 * do. Every plant lies between those corners, so while the corners share a cell all of them do.
 */
function expansionZoom(fromZoom: number, extent: { minX: number; maxX: number; minY: number; maxY: number }): number {
  for (let z = fromZoom + 1; z < MAP_CLUSTER_MAX_ZOOM; z++) {
    const level = z + CELL_ZOOM_OFFSET;
    if (cellOf(extent.minX, level) !== cellOf(extent.maxX, level)) return z;
    if (cellOf(extent.minY, level) !== cellOf(extent.maxY, level)) return z;
  }
  return MAP_CLUSTER_MAX_ZOOM;
}

function worstOf(counts: Record<DeviceStatus, number>): DeviceStatus {
  return MAP_STATUS_SEVERITY.find((s) => counts[s] > 0) ?? 'normal';
}

function clusterOf(plants: readonly MapPoint[], zoom: number): MapCluster {
  const counts = Object.fromEntries(DEVICE_STATUSES.map((s) => [s, 0])) as Record<DeviceStatus, number>;
  let lat = 0;
  let lon = 0;
  let west = Infinity;
  let east = -Infinity;
  let south = Infinity;
  let north = -Infinity;
  for (const p of plants) {
    counts[p.status] += 1;
    lat += p.lat;
    lon += p.lon;
    west = Math.min(west, p.lon);
    east = Math.max(east, p.lon);
    south = Math.min(south, p.lat);
    north = Math.max(north, p.lat);
  }
  return {
    // The mean of positions inside one cell is inside it: the cell is a range of longitudes and latitudes.
    lat: lat / plants.length,
    lon: lon / plants.length,
    count: plants.length,
    worst: worstOf(counts),
    counts,
    bounds: { west, south, east, north },
    expansionZoom: expansionZoom(zoom, {
      minX: gridX(west),
      maxX: gridX(east),
      minY: gridY(north),
      maxY: gridY(south),
    }),
  };
}

/**
 * The plants inside `bbox` at `zoom`: alone where a plant has its cell to itself, otherwise one cluster per
 * cell; from MAP_CLUSTER_MAX_ZOOM on every plant alone. Clusters and plants come in a stable order (by
 * cell, then as given), so the same view draws the same way.
 */
export function clusterPlants<P extends MapPoint = MapPlant>(
  points: readonly P[],
  bbox: MapBbox,
  zoom: number,
): Omit<MapClusterAnswer, 'plants'> & { plants: P[] } {
  const visible = points.filter((p) => inBbox(p, bbox));
  if (zoom >= MAP_CLUSTER_MAX_ZOOM) return { total: visible.length, clusters: [], plants: visible };
  const level = Math.floor(zoom) + CELL_ZOOM_OFFSET;
  const cells = new Map<number, Cell<P>>();
  for (const p of visible) {
    // Column and row packed in one number: at most 2^17 cells each way, well inside 2^53.
    const key = cellOf(gridY(p.lat), level) * 2 ** 20 + cellOf(gridX(p.lon), level);
    const cell = cells.get(key);
    if (cell) cell.plants.push(p);
    else cells.set(key, { plants: [p] });
  }
  const clusters: MapCluster[] = [];
  const plants: P[] = [];
  for (const key of [...cells.keys()].sort((a, b) => a - b)) {
    const cell = cells.get(key);
    if (!cell) continue;
    const [only] = cell.plants;
    if (cell.plants.length === 1 && only) plants.push(only);
    else clusters.push(clusterOf(cell.plants, Math.floor(zoom)));
  }
  return { total: visible.length, clusters, plants };
}
