import { ERROR_CODES, type MapClusterQuery, type PlantFilter, type PlantListQuery } from '@heliograph/shared';
import { call, routeUrl } from './call';

/**
 * The plant calls of spec §7 the console reads; their answers are the contracts of
 * packages/shared/src/contracts/plants.ts.
 */

export const DEVICE_KIND_ORDER = ['inverter', 'battery', 'meter', 'weather'] as const;

export const plantApi = {
  list: (q: PlantListQuery) => call('GET /plants', { query: q }),
  /** The visible box at a zoom; a newer view aborts the request of the one before (TanStack's signal). */
  mapClusters: (q: MapClusterQuery, signal?: AbortSignal) => call('GET /plants/mapClusters', { query: q }, { signal }),
  mapCount: (q: PlantFilter) => call('GET /plants/mapCount', { query: q }),
  near: (id: string) => call('GET /plants/queryStationByPoint', { query: { id } }),
  mapConfig: () => call('GET /plants/mapConfig'),
  inChina: () => call('GET /anonymous/inChina', {}, { silent: true }),
  /** Logical delete (spec §5); 700 when it is already gone, which the caller reports itself. */
  remove: (id: string) => call('POST /plant/:id/delete', { params: { id } }, { tolerate: [ERROR_CODES.plantNotFound] }),
  summary: (id: string) => call('GET /plant/:id', { params: { id } }),
  // The summary, asked at the same time, already says when the plant does not exist: one toast is enough.
  realtime: (id: string) =>
    call('GET /plant/:id/realtime', { params: { id } }, { tolerate: [ERROR_CODES.plantNotFound] }),
  day: (id: string, date: string) => call('GET /plant/:id/power/day', { params: { id }, query: { date } }),
  month: (id: string, month: string) => call('GET /plant/:id/power/month', { params: { id }, query: { month } }),
  year: (id: string, year: string) => call('GET /plant/:id/power/year', { params: { id }, query: { year } }),
  total: (id: string) => call('GET /plant/:id/power/total', { params: { id } }),
  generationUse: (id: string, date: string) =>
    call('GET /plant/energy/:id/generation/use', { params: { id }, query: { date } }),
  devices: (id: string) => call('GET /plant/:id/devices', { params: { id } }),
  events: (id: string, q: { page: number; size: number; open?: boolean }) =>
    call('GET /plant/:id/events', { params: { id }, query: q }),
};

/** TanStack query keys: everything about one plant sits under ['plant', id], so a live update refreshes it all. */
export const plantKeys = {
  /** Everything about the list and the map: a delete refreshes it all. */
  lists: ['plants'] as const,
  list: (q: PlantListQuery) => ['plants', 'list', q] as const,
  mapClusters: (q: PlantFilter, view: { bbox: string; zoom: number }) => ['plants', 'mapClusters', q, view] as const,
  mapCount: (q: PlantFilter) => ['plants', 'mapCount', q] as const,
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
export const livePlantPath = (id: string) => routeUrl('GET /live/plant/:id', { id });
