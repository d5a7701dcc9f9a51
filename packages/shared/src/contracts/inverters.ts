import { z } from 'zod';
import { ivScanResultSchema } from '../gateway-protocol.js';
import { debugRequestSchema, INVERTER_CHART_PERIODS, INVERTER_CHARTS, settingField } from '../inverter-control.js';
import { DEVICE_STATUSES } from '../plant.js';
import { periodKeyParam } from '../request-params.js';
import { commandOutcome } from './commands.js';
import { countsOf } from './counts.js';
import { emptyAnswer } from './empty.js';
import { deviceEvent, metricsShape, plantRef } from './fields.js';
import { pageQuery } from './paging.js';
import { plantFlowStates } from './plants.js';
import { contracts } from './route.js';

/** Inverters (spec §7 "Inverters"): list, export, alias, delete, boot/shutdown, debug, I-V scan, settings, charts. */
export const INVERTER_LIST_STATUSES = ['normal', 'warning', 'fault', 'offline', 'upgrading'] as const;
export type InverterListStatus = (typeof INVERTER_LIST_STATUSES)[number];
export const INVERTER_SORTS = ['sn', 'plant', 'power', 'today', 'lastSeen'] as const;
export type InverterSort = (typeof INVERTER_SORTS)[number];

export const inverterFilter = z.object({
  q: z.string().max(64).optional(),
  status: z.enum(INVERTER_LIST_STATUSES).optional(),
  plantId: z.string().max(64).optional(),
  model: z.string().max(64).optional(),
  brand: z.string().max(64).optional(),
});
export type InverterFilter = z.infer<typeof inverterFilter>;
export const inverterListQuery = inverterFilter.extend({
  ...pageQuery,
  sort: z.enum(INVERTER_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
});
export type InverterListQuery = z.infer<typeof inverterListQuery>;

export const inverterStatusCounts = countsOf(['all', ...INVERTER_LIST_STATUSES]);
export type InverterStatusCounts = z.infer<typeof inverterStatusCounts>;

export const inverterRow = z.object({
  id: z.string(),
  sn: z.string(),
  alias: z.string().nullable(),
  brand: z.string(),
  model: z.string(),
  ratedW: z.number().nullable(),
  protocol: z.string(),
  firmware: z.string().nullable(),
  gatewaySn: z.string(),
  ...plantRef,
  status: z.enum(DEVICE_STATUSES),
  powerW: z.number().nullable(),
  todayKwh: z.number(),
  totalKwh: z.number().nullable(),
  lastSeen: z.number().nullable(),
  writable: z.boolean(),
});
export type InverterRow = z.infer<typeof inverterRow>;

export const inverterFacets = z.object({
  models: z.array(z.string()),
  brands: z.array(z.string()),
  plants: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type InverterFacets = z.infer<typeof inverterFacets>;
export const inverterList = z.object({
  total: z.number(),
  rows: z.array(inverterRow),
  stats: inverterStatusCounts,
  facets: inverterFacets,
});
export type InverterList = z.infer<typeof inverterList>;

/** What flows through the inverter now (signs as the plant's flow). */
export const inverterFlowAnswer = z.object({
  ts: z.number().nullable(),
  ratedW: z.number().nullable(),
  /** Grid and load come from a meter on the inverter's gateway (else grid is the AC output). */
  meter: z.boolean(),
  powerW: z.object({
    pv: z.number().nullable(),
    grid: z.number().nullable(),
    battery: z.number().nullable(),
    load: z.number().nullable(),
    soc: z.number().nullable(),
  }),
  flow: plantFlowStates,
});
export type InverterFlowAnswer = z.infer<typeof inverterFlowAnswer>;

/** What the caller may do with the inverter now. */
export const inverterControl = z.object({
  writable: z.boolean(),
  status: z.string(),
  state: z.number().nullable(),
  protocol: z.string(),
  settings: z.boolean(),
});
export type InverterControl = z.infer<typeof inverterControl>;

/** The hybrid inverter a battery is set through (null when its gateway has none). */
export const batteryInverter = z
  .object({
    sn: z.string(),
    alias: z.string().nullable(),
    model: z.string(),
    protocol: z.string(),
    status: z.string(),
  })
  .nullable();
export type BatteryInverter = NonNullable<z.infer<typeof batteryInverter>>;

export const portChartData = z.object({
  chart: z.enum(INVERTER_CHARTS),
  period: z.enum(INVERTER_CHART_PERIODS),
  unit: z.enum(['W', 'kWh']),
  keys: z.array(z.string()),
  /** Day: `ts` (ms) per reading; month and year: `key` (YYYY-MM-DD or YYYY-MM) per day or month. */
  rows: z.array(
    z.object({
      ts: z.number().optional(),
      key: z.string().optional(),
      values: metricsShape,
    }),
  ),
});
export type PortChartData = z.infer<typeof portChartData>;

export const inverterEvent = deviceEvent;
export type InverterEvent = z.infer<typeof inverterEvent>;

export const debugReply = z.object({
  id: z.string(),
  type: z.string(),
  params: z.record(z.string(), z.unknown()),
  status: z.string(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  at: z.number(),
});
export type DebugReply = z.infer<typeof debugReply>;

export const ivScanOutcome = commandOutcome.extend({
  /** The curves when the scan succeeded and the answer is well formed; null otherwise. */
  iv: ivScanResultSchema.nullable(),
});
export type IvScanOutcome = z.infer<typeof ivScanOutcome>;

/** A register of the inverter's bound protocol, as the debug panel offers it. */
export const protocolPick = z.object({
  config: z.string(),
  name: z.string(),
  description: z.string(),
  functionCode: z.number().int(),
  /** Four hex digits. */
  address: z.string(),
  count: z.number().int(),
  unit: z.string(),
});
export type ProtocolPick = z.infer<typeof protocolPick>;

/** Setting values by key, as written to an inverter or kept in a template. */
export const settingValues = z.record(z.string().max(64), z.union([z.number(), z.string().max(64), z.boolean()]));

export const settingsFormAnswer = z.object({
  protocol: z.string(),
  fields: z.array(settingField),
  values: z.record(z.string(), z.unknown()),
  writable: z.boolean(),
});
export type SettingsFormAnswer = z.infer<typeof settingsFormAnswer>;

export const inverterContracts = contracts({
  'GET /inverters': { query: inverterListQuery, answer: inverterList },
  'GET /inverters/count': { query: inverterFilter, answer: inverterStatusCounts },
  'GET /inverters/download': { query: inverterFilter, answer: null },
  'GET /inverter/:sn/flow': { answer: inverterFlowAnswer },
  'GET /inverter/:sn/control': { answer: inverterControl },
  'GET /battery/:sn/inverter': { answer: batteryInverter },
  'GET /inverter/:sn/chart/:chart/:period': {
    query: z.object({ date: periodKeyParam.optional() }),
    answer: portChartData,
  },
  'GET /inverter/:sn/events': {
    query: z.object(pageQuery),
    answer: z.object({ total: z.number(), rows: z.array(inverterEvent) }),
  },
  'POST /inverter/:sn/alias': { body: z.object({ alias: z.string().max(64) }), answer: emptyAnswer },
  'POST /inverter/:sn/delete': { answer: emptyAnswer },
  /** Binds the inverter to a protocol of GET dict/protocols (a built-in one or a protocol code). */
  'POST /inverter/:sn/protocol': {
    body: z.object({ protocol: z.string().trim().min(1).max(40) }),
    answer: emptyAnswer,
  },
  'POST /inverter/:sn/boot': { answer: commandOutcome },
  'POST /inverter/:sn/shutdown': { answer: commandOutcome },
  'POST /inverter/:sn/debug': { body: debugRequestSchema, answer: commandOutcome },
  'POST /inverter/:sn/pvIVRealtime': { answer: ivScanOutcome },
  /** The registers of the protocol the inverter is bound to (empty for a built-in protocol): debug picks. */
  'GET /inverter/:sn/protocol/columns': { answer: z.array(protocolPick) },
  'GET /inverter/:sn/debug/reply': { query: z.object({ id: z.uuid().optional() }), answer: z.array(debugReply) },
  'GET /inverter/:sn/setting/form': { answer: settingsFormAnswer },
  'POST /inverter/:sn/setting-read': {
    answer: commandOutcome.extend({ values: z.record(z.string(), z.unknown()) }),
  },
  'POST /inverter/:sn/setting-write': { body: z.object({ values: settingValues }), answer: commandOutcome },
});
