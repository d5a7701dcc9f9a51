import {
  ERROR_CODES,
  type DeviceStatus,
  type FlowState,
  type PlantGroup,
  type PlantSort,
  type PlantType,
} from '@heliograph/shared';
import { api } from './client';

/**
 * The plant calls of spec §7 the console reads, with the shapes of apps/server/src/modules/plants/schemas.ts.
 * Powers in W (grid + buying, − selling; battery + discharging, − charging), energies in kWh.
 */

export interface PlantSummary {
  id: string;
  name: string;
  type: PlantType;
  inverterKind: string;
  capacityKw: number;
  address: string;
  latitude: number;
  longitude: number;
  timezone: string;
  currency: string;
  commissionedOn: string;
  status: DeviceStatus;
  powerW: number | null;
  todayKwh: number;
  totalKwh: number;
  todayIncome: number;
  totalIncome: number;
  picture: string | null;
}

export interface Page<T> {
  total: number;
  rows: T[];
}

/** The filters the list and the map share (the server's plantFilterQuery). */
export interface PlantFilterQuery {
  keyword?: string;
  status?: DeviceStatus;
  type?: PlantType;
  capacityMin?: number;
  capacityMax?: number;
  group?: PlantGroup;
}

export interface PlantListQuery extends PlantFilterQuery {
  page: number;
  size: number;
  sort?: PlantSort;
  order?: 'asc' | 'desc';
}

export type StatusCounts = Record<'all' | DeviceStatus, number>;

export interface PlantListRow extends PlantSummary {
  /** False for a guest share or the visitor role: no edit or delete (spec §6). */
  writable: boolean;
}

export interface PlantListAnswer {
  total: number;
  rows: PlantListRow[];
  /** By status under every filter but the status one. */
  stats: StatusCounts;
  groups: Record<PlantGroup, number>;
}

export interface MapPlant {
  id: string;
  name: string;
  type: PlantType;
  lat: number;
  lon: number;
  status: DeviceStatus;
  capacityKw: number;
  todayKwh: number;
}

export interface MapConfig {
  /** Leaflet URL templates; null: the built-in offline world map. */
  tileUrl: string | null;
  tileUrlCn: string | null;
  attribution: string;
}

export interface EnergyPeriod {
  pv: number;
  purchase: number;
  feedIn: number;
  charge: number;
  discharge: number;
  load: number;
  income: number;
  selfConsumption: number | null;
  selfSufficiency: number | null;
}

/** One bar of the month (key YYYY-MM-DD), year (YYYY-MM) or total (YYYY) series. */
export interface EnergyBucket extends EnergyPeriod {
  key: string;
}

export interface PowerPoint {
  ts: number;
  pv: number | null;
  load: number | null;
  grid: number | null;
  battery: number | null;
  soc: number | null;
}

export interface FlowStates {
  pv: FlowState;
  grid: FlowState;
  battery: FlowState;
  load: FlowState;
}

export interface PlantRealtime {
  status: DeviceStatus;
  ts: number | null;
  powerW: PowerPoint;
  flow: FlowStates;
  today: EnergyPeriod;
  month: EnergyPeriod;
  total: EnergyPeriod;
  capacityKw: number;
  currency: string;
}

export const DEVICE_KIND_ORDER = ['inverter', 'battery', 'meter', 'weather'] as const;

export interface PlantDevice {
  id: string;
  sn: string;
  kind: string;
  model: string;
  alias: string | null;
  ratedW: number | null;
  gatewaySn: string;
  status: DeviceStatus;
  lastSeen: number | null;
  metrics: Record<string, number | null>;
}

/** Where a day's PV went (load, battery, grid) and where the load came from (PV, battery, grid), in kWh. */
export interface GenerationUse {
  generation: { load: number; battery: number; grid: number };
  use: { pv: number; battery: number; grid: number };
}

export type EventLevel = 'info' | 'warning' | 'fault';

export interface PlantEvent {
  id: string;
  code: string;
  level: string;
  message: string | null;
  raisedAt: number;
  clearedAt: number | null;
  deviceSn: string;
  deviceKind: string;
}

const V1 = '/api/v1';
const plant = (id: string) => `${V1}/plant/${encodeURIComponent(id)}`;

export const plantApi = {
  list: (q: PlantListQuery) => api.get<PlantListAnswer>(`${V1}/plants`, { ...q }),
  map: (q: PlantFilterQuery) => api.get<MapPlant[]>(`${V1}/plants/map`, { ...q }),
  near: (id: string) => api.get<(PlantSummary & { distanceKm: number })[]>(`${V1}/plants/queryStationByPoint`, { id }),
  mapConfig: () => api.get<MapConfig>(`${V1}/plants/mapConfig`),
  inChina: () => api.get<{ inChina: 0 | 1 }>(`${V1}/anonymous/inChina`, undefined, { silent: true }),
  /** Logical delete (spec §5); 700 when it is already gone, which the caller reports itself. */
  remove: (id: string) => api.post<null>(`${plant(id)}/delete`, {}, { tolerate: [ERROR_CODES.plantNotFound] }),
  summary: (id: string) => api.get<PlantSummary>(plant(id)),
  // The summary, asked at the same time, already says when the plant does not exist: one toast is enough.
  realtime: (id: string) =>
    api.get<PlantRealtime>(`${plant(id)}/realtime`, undefined, { tolerate: [ERROR_CODES.plantNotFound] }),
  day: (id: string, date: string) => api.get<PowerPoint[]>(`${plant(id)}/power/day`, { date }),
  month: (id: string, month: string) => api.get<EnergyBucket[]>(`${plant(id)}/power/month`, { month }),
  year: (id: string, year: string) => api.get<EnergyBucket[]>(`${plant(id)}/power/year`, { year }),
  total: (id: string) => api.get<EnergyBucket[]>(`${plant(id)}/power/total`),
  generationUse: (id: string, date: string) =>
    api.get<GenerationUse>(`${V1}/plant/energy/${encodeURIComponent(id)}/generation/use`, { date }),
  devices: (id: string) => api.get<PlantDevice[]>(`${plant(id)}/devices`),
  events: (id: string, q: { page: number; size: number; open?: boolean }) =>
    api.get<Page<PlantEvent>>(`${plant(id)}/events`, { ...q }),
};

/** TanStack query keys: everything about one plant sits under ['plant', id], so a live update refreshes it all. */
export const plantKeys = {
  /** Everything about the list and the map: a delete refreshes it all. */
  lists: ['plants'] as const,
  list: (q: PlantListQuery) => ['plants', 'list', q] as const,
  map: (q: PlantFilterQuery) => ['plants', 'map', q] as const,
  mapConfig: ['plants', 'mapConfig'] as const,
  inChina: ['anonymous', 'inChina'] as const,
  all: (id: string) => ['plant', id] as const,
  summary: (id: string) => ['plant', id, 'summary'] as const,
  realtime: (id: string) => ['plant', id, 'realtime'] as const,
  day: (id: string, date: string) => ['plant', id, 'day', date] as const,
  month: (id: string, month: string) => ['plant', id, 'month', month] as const,
  year: (id: string, year: string) => ['plant', id, 'year', year] as const,
  total: (id: string) => ['plant', id, 'total'] as const,
  generationUse: (id: string, date: string) => ['plant', id, 'generationUse', date] as const,
  devices: (id: string) => ['plant', id, 'devices'] as const,
  events: (id: string, open: boolean | 'all') => ['plant', id, 'events', open] as const,
};

/** The live stream of a plant (server-sent events, `event: plant` on new data). */
export const livePlantPath = (id: string) => `${V1}/live/plant/${encodeURIComponent(id)}`;
