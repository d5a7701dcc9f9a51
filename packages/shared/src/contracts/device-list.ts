import { z } from 'zod';
import { dayParam } from '../request-params.js';
import { countsOf } from './counts.js';
import { deviceLive, metricsShape, plantRef } from './fields.js';

/**
 * The device lists of the storage side (batteries, meters, weather stations): one device kind seen through
 * its gateway, its page query, rows, status statistics and a day of readings.
 */
export const LIST_STATUSES = ['normal', 'warning', 'fault', 'offline'] as const;

export const deviceListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(LIST_STATUSES).optional(),
  plantId: z.uuid().optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;
/** The list's filters without the page: the export's query. */
export const deviceExportQuery = deviceListQuery.omit({ page: true, size: true });

export { metricsShape };
export type Metrics = z.infer<typeof metricsShape>;

export const statusCountsShape = countsOf(['all', ...LIST_STATUSES]);
export type StatusCounts = z.infer<typeof statusCountsShape>;

export const deviceRowShape = z.object({
  id: z.string(),
  sn: z.string(),
  alias: z.string().nullable(),
  model: z.string(),
  brand: z.string(),
  firmware: z.string().nullable(),
  capacityKwh: z.number().nullable(),
  ratedW: z.number().nullable(),
  ...plantRef,
  timezone: z.string(),
  gatewaySn: z.string(),
  ...deviceLive,
  parentId: z.string().nullable(),
});
export type DeviceRow = z.infer<typeof deviceRowShape>;

/** A page of one kind's devices with the status statistics of the same search. */
export const deviceListOf = <T extends z.ZodType>(row: T) =>
  z.object({ total: z.number(), rows: z.array(row), counts: statusCountsShape });
export const deviceList = deviceListOf(deviceRowShape);
export type DeviceList = z.infer<typeof deviceList>;

/** The list, status count and export every storage-side kind answers (same schemas, under its own paths). */
export const kindListRoutes = {
  list: { query: deviceListQuery, answer: deviceList },
  count: { answer: statusCountsShape },
  download: { query: deviceExportQuery, answer: null },
} as const;

export const dayQuery = z.object({ date: dayParam.optional() });
export const dayPoint = z.object({ ts: z.number(), values: metricsShape });
export type DayPoint = z.infer<typeof dayPoint>;
export const daySeriesShape = z.array(dayPoint);
