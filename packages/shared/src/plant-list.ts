import type { DeviceStatus } from './plant.js';

/**
 * The My Plants list (spec §2.2 "plants", §7 GET plants, plants/map, mapCount, queryStationByPoint): the
 * words its query uses, shared by the server's validation and the console's URL state.
 */

/**
 * The four plant groups of the list (spec §1 client state "plant lists in four groups"), as tabs:
 * - all: every plant the caller may see;
 * - mine: plants the caller owns or created — an owner's or installer's own portfolio;
 * - installed: plants where the caller is the installer, which installers and O&M companies work through
 *   (FusionSolar and SEMS both let an installer narrow the list to the plants they installed);
 * - shared: plants shared to the caller as a guest or maintainer (spec §6), kept apart because they are
 *   someone else's and may be read-only.
 * Favourites would be a fifth habit of those consoles, but need a per-user table the schema does not hold.
 */
export const PLANT_GROUPS = ['all', 'mine', 'installed', 'shared'] as const;
export type PlantGroup = (typeof PLANT_GROUPS)[number];

/** Sort fields of the plant list. `power` is the current PV power, `todayEnergy` today's generation. */
export const PLANT_SORTS = ['name', 'capacity', 'power', 'todayEnergy', 'created'] as const;
export type PlantSort = (typeof PLANT_SORTS)[number];

/** The status statistics the list shows (spec §2.2: all, normal, warning, fault, offline). */
export const PLANT_LIST_STATUSES = ['normal', 'warning', 'fault', 'offline'] as const satisfies readonly DeviceStatus[];

/**
 * Statuses from the one that most needs attention to the least: a cluster on the map takes the colour of its
 * worst plant, so one fault among a thousand plants still shows red. A plant that does not report (offline)
 * needs a visit more than one that is updating or in grid protection, which recover by themselves.
 */
export const MAP_STATUS_SEVERITY = [
  'fault',
  'warning',
  'offline',
  'protect',
  'upgrading',
  'normal',
] as const satisfies readonly DeviceStatus[];

/** Largest page of the list API (spec §9 pagination; the console offers 10/20/50/100). */
export const PLANT_LIST_MAX_SIZE = 100;
export const PLANT_LIST_PAGE_SIZES = [10, 20, 50, 100] as const;

/** Largest plant capacity a filter accepts (spec §5: installed capacity 0–50,000 kW). */
export const PLANT_CAPACITY_MAX_KW = 50_000;

/** queryStationByPoint: the default and largest search radius around a point, in km. */
export const MAP_POINT_RADIUS_KM = 5;
export const MAP_POINT_RADIUS_MAX_KM = 500;

/** Whether a latitude/longitude pair is on the globe (spec §8 code 10 otherwise). */
export function validCoordinates(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/** The map's zoom levels (web-mercator tiles, as Leaflet counts them): 0 is the whole world in one tile. */
export const MAP_ZOOM_MAX = 22;
/**
 * From this zoom on the map answers single plants only: a street-level view holds few plants, and two plants
 * at one address would otherwise stay one bubble that no zoom could open.
 */
export const MAP_CLUSTER_MAX_ZOOM = 16;

/** The visible part of the map in degrees. `west > east` means the box crosses the antimeridian. */
export interface MapBbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * Reads `west,south,east,north` as the map reports its bounds. A map scrolled past the antimeridian reports
 * longitudes beyond ±180 (Leaflet's world copies): they are brought back onto the globe, so a box from 170 to
 * 190 becomes 170 → -170 (west > east: it crosses the antimeridian), and a box 360° wide or wider is every
 * longitude. Latitudes must be on the globe with south ≤ north. Null when it is not such a box.
 */
export function parseMapBbox(raw: string): MapBbox | null {
  const parts = raw.split(',');
  if (parts.length !== 4 || parts.some((p) => p.trim() === '')) return null;
  const [w, s, e, n] = parts.map(Number) as [number, number, number, number];
  if (![w, s, e, n].every(Number.isFinite)) return null;
  if (Math.abs(s) > 90 || Math.abs(n) > 90 || s > n) return null;
  // Bounds a map reports stay within a few world copies; anything further is not a map's view.
  if (Math.abs(w) > 1080 || Math.abs(e) > 1080) return null;
  const width = w <= e ? e - w : e - w + 360;
  if (width >= 360) return { west: -180, south: s, east: 180, north: n };
  const wrap = (lon: number): number => ((((lon + 180) % 360) + 360) % 360) - 180;
  const west = wrap(w);
  const east = wrap(west + width);
  // A box ending exactly on the antimeridian ends at 180, not at -180.
  return { west, south: s, east: east === -180 && width > 0 ? 180 : east, north: n };
}
