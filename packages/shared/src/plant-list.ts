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
