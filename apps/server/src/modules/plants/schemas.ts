import {
  DEVICE_STATUSES,
  FLOW_STATES,
  PLANT_CAPACITY_MAX_KW,
  PLANT_GROUPS,
  PLANT_LIST_MAX_SIZE,
  PLANT_SORTS,
  PLANT_TYPES,
} from '@heliograph/shared';
import { ValidationError } from '../../http/errors.js';
import { z } from 'zod';

export const plantId = z.object({ id: z.string().max(64) });
// Real calendar values in a sane range, written once in packages/shared (request-params.ts).
export { dayParam as dayString, monthParam as monthString, yearParam as yearString } from '@heliograph/shared';
export const paging = {
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

export const energyPeriod = z.object({
  pv: z.number(),
  purchase: z.number(),
  feedIn: z.number(),
  charge: z.number(),
  discharge: z.number(),
  load: z.number(),
  income: z.number(),
  selfConsumption: z.number().nullable(),
  selfSufficiency: z.number().nullable(),
});

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

export const powerPoint = z.object({
  ts: z.number(),
  pv: z.number().nullable(),
  load: z.number().nullable(),
  grid: z.number().nullable(),
  battery: z.number().nullable(),
  soc: z.number().nullable(),
});

export const realtime = z.object({
  status: z.enum(DEVICE_STATUSES),
  ts: z.number().nullable(),
  powerW: powerPoint,
  flow: z.object({
    pv: z.enum(FLOW_STATES),
    grid: z.enum(FLOW_STATES),
    battery: z.enum(FLOW_STATES),
    load: z.enum(FLOW_STATES),
  }),
  today: energyPeriod,
  month: energyPeriod,
  total: energyPeriod,
  capacityKw: z.number(),
  currency: z.string(),
});

export const deviceSummary = z.object({
  id: z.string(),
  sn: z.string(),
  kind: z.string(),
  model: z.string(),
  alias: z.string().nullable(),
  ratedW: z.number().nullable(),
  gatewaySn: z.string(),
  status: z.enum(DEVICE_STATUSES),
  lastSeen: z.number().nullable(),
  metrics: z.record(z.string(), z.number().nullable()),
});

export const eventRow = z.object({
  id: z.string(),
  code: z.string(),
  level: z.string(),
  message: z.string().nullable(),
  raisedAt: z.number(),
  clearedAt: z.number().nullable(),
  deviceSn: z.string(),
  deviceKind: z.string(),
  /** What the code means and what to do, in the caller's language; null for a code the console does not know. */
  meaning: z.string().nullable(),
  solution: z.string().nullable(),
});

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

export const plantListQuery = plantFilterQuery.extend({
  page: paging.page,
  size: z.coerce.number().int().min(1).max(PLANT_LIST_MAX_SIZE).default(20),
  sort: z.enum(PLANT_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});

/** A capacity range whose minimum is above its maximum matches nothing: say so instead of an empty list. */
export function checkCapacityRange<T extends { capacityMin?: number | undefined; capacityMax?: number | undefined }>(
  q: T,
): T {
  if (q.capacityMin !== undefined && q.capacityMax !== undefined && q.capacityMin > q.capacityMax)
    throw new ValidationError([{ field: 'capacityMin', rule: 'invalid' }]);
  return q;
}

const count = z.number().int();
export const statusCounts = z.object({
  all: count,
  normal: count,
  warning: count,
  fault: count,
  offline: count,
  upgrading: count,
  protect: count,
});

export const plantListAnswer = z.object({
  total: z.number().int(),
  rows: z.array(plantSummary.extend({ writable: z.boolean() })),
  stats: statusCounts,
  groups: z.object({ all: count, mine: count, installed: count, shared: count }) satisfies z.ZodType<
    Record<(typeof PLANT_GROUPS)[number], number>
  >,
});

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
