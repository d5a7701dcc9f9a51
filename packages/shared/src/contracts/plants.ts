import { z } from 'zod';
import { DEVICE_STATUSES, FLOW_STATES, PLANT_TYPES } from '../plant.js';
import type { FieldRule } from '../messages/index.js';
import {
  MAP_CLUSTER_MAX_ZOOM,
  MAP_POINT_RADIUS_MAX_KM,
  MAP_ZOOM_MAX,
  parseMapBbox,
  PLANT_CAPACITY_MAX_KW,
  PLANT_GROUPS,
  PLANT_LIST_MAX_SIZE,
  PLANT_SORTS,
} from '../plant-list.js';
import { monthParam, yearParam } from '../request-params.js';
import { countsOf } from './counts.js';
import { dayQuery } from './device-list.js';
import { deviceEvent, deviceLive, deviceNaming, energyFlows } from './fields.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * The plant reads of spec §7 (apps/server/src/modules/plants): My Plants, the map and the overview's figures.
 * Powers in W (grid + buying, − selling; battery + discharging, − charging), energies in kWh.
 */

export const energyPeriod = z.object({
  ...energyFlows,
  income: z.number(),
  selfConsumption: z.number().nullable(),
  selfSufficiency: z.number().nullable(),
});
export type EnergyPeriod = z.infer<typeof energyPeriod>;

/** One bar of the month (key YYYY-MM-DD), year (YYYY-MM) or total (YYYY) series. */
export const energyBucket = energyPeriod.extend({ key: z.string() });
export type EnergyBucket = z.infer<typeof energyBucket>;
const energySeries = z.array(energyBucket);

export const plantSummary = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PLANT_TYPES),
  inverterKind: z.string(),
  capacityKw: z.number(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string(),
  currency: z.string(),
  commissionedOn: z.string(),
  status: z.enum(DEVICE_STATUSES),
  powerW: z.number().nullable(),
  todayKwh: z.number(),
  totalKwh: z.number(),
  todayIncome: z.number(),
  totalIncome: z.number(),
  picture: z.string().nullable(),
});
export type PlantSummary = z.infer<typeof plantSummary>;

export const powerPoint = z.object({
  ts: z.number(),
  pv: z.number().nullable(),
  load: z.number().nullable(),
  grid: z.number().nullable(),
  battery: z.number().nullable(),
  soc: z.number().nullable(),
});
export type PowerPoint = z.infer<typeof powerPoint>;

export const plantFlowStates = z.object({
  pv: z.enum(FLOW_STATES),
  grid: z.enum(FLOW_STATES),
  battery: z.enum(FLOW_STATES),
  load: z.enum(FLOW_STATES),
});
export type FlowStates = z.infer<typeof plantFlowStates>;

export const plantRealtime = z.object({
  status: z.enum(DEVICE_STATUSES),
  ts: z.number().nullable(),
  powerW: powerPoint,
  flow: plantFlowStates,
  today: energyPeriod,
  month: energyPeriod,
  total: energyPeriod,
  capacityKw: z.number(),
  currency: z.string(),
});
export type PlantRealtime = z.infer<typeof plantRealtime>;

/** The energy-flow diagram alone (plant/energy/{id}/flow). */
export const plantFlow = plantRealtime.pick({ status: true, ts: true, powerW: true, flow: true });

/** Where a day's PV went (load, battery, grid) and where the load came from (PV, battery, grid), in kWh. */
export const generationUse = z.object({
  generation: z.object({ load: z.number(), battery: z.number(), grid: z.number() }),
  use: z.object({ pv: z.number(), battery: z.number(), grid: z.number() }),
});
export type GenerationUse = z.infer<typeof generationUse>;

export const plantDevice = z.object({
  id: z.string(),
  ...deviceNaming,
  ratedW: z.number().nullable(),
  gatewaySn: z.string(),
  ...deviceLive,
});
export type PlantDevice = z.infer<typeof plantDevice>;

export const plantEvent = deviceEvent.extend({
  deviceSn: z.string(),
  deviceKind: z.string(),
  /** What the code means and what to do, in the caller's language; null for a code the console does not know. */
  meaning: z.string().nullable(),
  solution: z.string().nullable(),
});
export type PlantEvent = z.infer<typeof plantEvent>;
export const plantEventPage = pageOf(plantEvent);
export type PlantEventPage = z.infer<typeof plantEventPage>;

const optionalNumber = z.coerce.number().min(0).max(PLANT_CAPACITY_MAX_KW).optional();

/** GET /plants: search, filters, group, sort and page (the console keeps the same words in its URL). */
export const plantFilterQuery = z.object({
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  type: z.enum(PLANT_TYPES).optional(),
  capacityMin: optionalNumber,
  capacityMax: optionalNumber,
  group: z.enum(PLANT_GROUPS).default('all'),
});
/** What narrows the plant list and the map (spec §2.2 My Plants): the same words in both. */
export type PlantFilter = Partial<z.output<typeof plantFilterQuery>>;

export const plantListQuery = plantFilterQuery.extend({
  page: pageQuery.page,
  size: z.coerce.number().int().min(1).max(PLANT_LIST_MAX_SIZE).default(20),
  sort: z.enum(PLANT_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type PlantListQuery = Partial<z.output<typeof plantListQuery>> & { page: number; size: number };

const count = z.number().int();
export const plantStatusCounts = countsOf(
  ['all', 'normal', 'warning', 'fault', 'offline', 'upgrading', 'protect'],
  count,
);
export type PlantStatusCounts = z.infer<typeof plantStatusCounts>;

export const plantListRow = plantSummary.extend({
  /** False for a guest share or the visitor role: no edit or delete (spec §6). */
  writable: z.boolean(),
});
export type PlantListRow = z.infer<typeof plantListRow>;

export const plantListAnswer = z.object({
  total: z.number().int(),
  rows: z.array(plantListRow),
  /** Plants by status under every filter except the status one (the statistics bar above the list). */
  stats: plantStatusCounts,
  /** Plants per group under search, type and capacity (the counts on the group tabs). */
  groups: countsOf(PLANT_GROUPS, count),
});
export type PlantListAnswer = z.infer<typeof plantListAnswer>;

export const mapPlant = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(PLANT_TYPES),
  lat: z.number(),
  lon: z.number(),
  status: z.enum(DEVICE_STATUSES),
  capacityKw: z.number(),
  todayKwh: z.number(),
});
export type MapPlant = z.infer<typeof mapPlant>;

const invalid: { message: FieldRule } = { message: 'invalid' };

/** plants/mapClusters: the list's filters, the visible box (`west,south,east,north`) and the map's zoom. */
export const mapClusterQuery = plantFilterQuery.extend({
  bbox: z
    .string()
    .max(100)
    .refine((v) => parseMapBbox(v) !== null, invalid),
  zoom: z.coerce.number().int(invalid).min(0, invalid).max(MAP_ZOOM_MAX, invalid),
});
/** What a caller sends: the filters as the list takes them, the box and a whole zoom. */
export type MapClusterQuery = PlantFilter & { bbox: string; zoom: number };

/**
 * Plants close together on screen, drawn as one counted bubble at their mean position. `worst` colours it
 * (the status that most needs attention, see MAP_STATUS_SEVERITY); `bounds` is the box of its plants and
 * `expansionZoom` the zoom at which it splits, so a click can zoom in.
 */
export const mapCluster = z.object({
  lat: z.number(),
  lon: z.number(),
  count: count,
  worst: z.enum(DEVICE_STATUSES),
  counts: countsOf(DEVICE_STATUSES, count),
  bounds: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }),
  expansionZoom: z.number().int().min(0).max(MAP_CLUSTER_MAX_ZOOM),
});
export type MapCluster = z.infer<typeof mapCluster>;

/** The visible part of the map: plants alone where they stand apart, clusters where they crowd. */
export const mapClusterAnswer = z.object({
  /** Plants in the box under the filters (the clusters' counts and the single plants add up to it). */
  total: count,
  clusters: z.array(mapCluster),
  plants: z.array(mapPlant),
});
export type MapClusterAnswer = z.infer<typeof mapClusterAnswer>;

export const mapConfig = z.object({
  /** Leaflet URL templates; null: the built-in offline world map. */
  tileUrl: z.string().nullable(),
  tileUrlCn: z.string().nullable(),
  attribution: z.string(),
});
export type MapConfig = z.infer<typeof mapConfig>;

/** Open events across the caller's plants, by level (overview/eventCount). */
export const openEventCounts = countsOf(['total', 'fault', 'warning', 'info']);
export type OpenEventCounts = z.infer<typeof openEventCounts>;

const countsByStatus = z.record(z.string(), z.number());
const monthQuery = z.object({ month: monthParam.optional() });
const yearQuery = z.object({ year: yearParam.optional() });

export const plantContracts = contracts({
  'GET /plants': { query: plantListQuery, answer: plantListAnswer },
  'GET /plant/:id': { answer: plantSummary },
  'GET /plant/:id/realtime': { answer: plantRealtime },
  'GET /plant/:id/power/day': { query: dayQuery, answer: z.array(powerPoint) },
  'GET /plant/:id/power/month': { query: monthQuery, answer: energySeries },
  'GET /plant/:id/power/year': { query: yearQuery, answer: energySeries },
  'GET /plant/:id/power/total': { query: z.object({}), answer: energySeries },
  'GET /plant/energy/:id/day': { query: dayQuery, answer: energyPeriod },
  'GET /plant/energy/:id/month': { query: monthQuery, answer: energyPeriod },
  'GET /plant/energy/:id/year': { query: yearQuery, answer: energyPeriod },
  'GET /plant/energy/:id/total': { answer: energyPeriod },
  'GET /plant/energy/:id/flow': { answer: plantFlow },
  'GET /plant/energy/:id/generation/use': { query: dayQuery, answer: generationUse },
  'GET /plant/:id/devices': { answer: z.array(plantDevice) },
  'GET /plant/:id/inverters': { answer: z.array(plantDevice) },
  'GET /plant/:id/inverterCount': { answer: countsByStatus },
  'GET /plant/:id/events': {
    query: z.object({ ...pageQuery, open: z.enum(['true', 'false']).optional() }),
    answer: plantEventPage,
  },
  'GET /plant/:id/eventCount': { answer: z.object({ open: z.number(), total: z.number() }) },
  'GET /overview/plantCount': { answer: countsByStatus },
  'GET /overview/eventCount': { answer: openEventCounts },
  'GET /plants/map': { query: plantFilterQuery, answer: z.array(mapPlant) },
  'GET /plants/mapClusters': { query: mapClusterQuery, answer: mapClusterAnswer },
  'GET /plants/mapCount': { query: plantFilterQuery, answer: plantStatusCounts },
  'GET /plants/queryStationByPoint': {
    query: z.object({
      id: z.string().max(64).optional(),
      lat: z.coerce.number().optional(),
      lon: z.coerce.number().optional(),
      radiusKm: z.coerce.number().positive().max(MAP_POINT_RADIUS_MAX_KM).optional(),
    }),
    answer: z.array(plantSummary.extend({ distanceKm: z.number() })),
  },
  'GET /plants/mapConfig': { answer: mapConfig },
  'GET /anonymous/inChina': { answer: z.object({ inChina: z.union([z.literal(0), z.literal(1)]) }) },
});
