import { MAP_ZOOM_MAX, type MapBbox, type MapClusterAnswer } from '@heliograph/shared';

/** What the map asks the server for: the visible box (`west,south,east,north`) and a whole zoom level. */
export interface MapViewRequest {
  bbox: string;
  zoom: number;
}

/** The view asked before the map has framed anything: the whole world, far out, to learn where plants are. */
export const WORLD_REQUEST: MapViewRequest = { bbox: '-180,-90,180,90', zoom: 0 };

/** Moves and zooms settle this long before the visible box is asked for, so a drag asks once, not per frame. */
export const VIEW_DEBOUNCE_MS = 250;

/** A web-mercator tile is 256 px: at zoom z the 360° of the world are 256·2^z px wide. */
const TILE_PX = 256;

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));
/** Six decimals are 0.1 m: enough for a box, and the same box spells the same query key. */
const round = (v: number): number => Math.round(v * 1e6) / 1e6;

/**
 * The request for a visible box. Longitudes are passed as the map reports them (beyond ±180 on a world copy;
 * the server brings them back), latitudes are kept on the globe. The zoom is the map's own where it has one
 * (Leaflet), otherwise the zoom at which a mercator map of `widthPx` would show that many degrees.
 */
export function viewRequest(box: MapBbox, widthPx: number, zoom?: number): MapViewRequest {
  const span = box.west <= box.east ? box.east - box.west : box.east - box.west + 360;
  const derived = Math.log2((360 * Math.max(widthPx, 1)) / (TILE_PX * Math.max(span, 1e-9)));
  const z = clamp(Math.floor(zoom ?? derived), 0, MAP_ZOOM_MAX);
  const south = clamp(box.south, -90, 90);
  const north = clamp(box.north, south, 90);
  return { bbox: [box.west, south, box.east, north].map(round).join(','), zoom: z };
}

/** Where the answer's plants are: the box around its single plants and its clusters' plants; null if none. */
export function extentOf(answer: MapClusterAnswer): MapBbox | null {
  const boxes: MapBbox[] = [
    ...answer.plants.map((p) => ({ west: p.lon, east: p.lon, south: p.lat, north: p.lat })),
    ...answer.clusters.map((c) => c.bounds),
  ];
  if (boxes.length === 0) return null;
  return {
    west: Math.min(...boxes.map((b) => b.west)),
    east: Math.max(...boxes.map((b) => b.east)),
    south: Math.min(...boxes.map((b) => b.south)),
    north: Math.max(...boxes.map((b) => b.north)),
  };
}

/**
 * The copy of a longitude nearest the middle of the view: a map scrolled across the antimeridian shows
 * Fiji's 179.9° and -179.9° side by side, not at both ends of the world.
 */
export function nearestCopy(lon: number, centre: number): number {
  return lon + 360 * Math.round((centre - lon) / 360);
}

/** Bubble diameter in px: grows with the count's order of magnitude, so 10 and 10,000 both fit on screen. */
export function bubbleSize(count: number): number {
  return Math.round(24 + 6 * Math.log10(Math.max(count, 1)));
}

/**
 * A request to move the map: frame `bounds` (the whole world when null), at least at `minZoom` (a cluster's
 * expansion zoom, so a click on a bubble always opens it). `seq` tells a new request from a repeated one.
 */
export interface MapFocus {
  seq: number;
  bounds: MapBbox | null;
  minZoom?: number;
}
