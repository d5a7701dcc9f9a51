import { DEVICE_STATUSES, FLOW_STATES, PLANT_TYPES } from '@heliograph/shared';
import { z } from 'zod';

export const plantId = z.object({ id: z.string().max(64) });
export const dayString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const monthString = z.string().regex(/^\d{4}-\d{2}$/);
export const yearString = z.string().regex(/^\d{4}$/);
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
