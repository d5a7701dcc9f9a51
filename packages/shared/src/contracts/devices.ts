import { z } from 'zod';
import { DEVICE_KINDS, serialNumber } from '../gateway-protocol.js';
import { commaList, monthParam, yearParam } from '../request-params.js';
import { LIMITS } from '../rules.js';
import { dayQuery, daySeriesShape, metricsShape } from './device-list.js';
import { deviceLive, energyFlows, plantRef } from './fields.js';
import { contracts } from './route.js';

/** Inverters, batteries and meters by serial number (spec §7): readings now, a day, energy, chart parameters. */
export const deviceDetail = z.object({
  id: z.string(),
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  model: z.string(),
  brand: z.string(),
  firmware: z.string().nullable(),
  alias: z.string().nullable(),
  ratedW: z.number().nullable(),
  capacityKwh: z.number().nullable(),
  protocol: z.string(),
  gatewaySn: z.string(),
  ...plantRef,
  timezone: z.string(),
  ...deviceLive,
});
export type DeviceDetail = z.infer<typeof deviceDetail>;

/** Readings per MPPT, phase or cell. */
export const indexedRow = z.object({ index: z.number(), values: metricsShape });
export type IndexedRow = z.infer<typeof indexedRow>;
export const indexedRows = z.array(indexedRow);

export const deviceDaySeries = daySeriesShape;

export const energyRow = z.object({
  key: z.string(),
  ...energyFlows,
});
export type EnergyRow = z.infer<typeof energyRow>;
export const energySeries = z.array(energyRow);

/** `?params=a,b`: chart parameter keys, parsed and bounded by the route schema (one list rule for every route). */
// 48: a protocol column name (at most 40) is a parameter of a bound device, as a metric name is.
export const chartParamList = commaList(z.string().max(48), { max: LIMITS.chartCustomParams, maxLength: 400 });
export const deviceDayQuery = dayQuery.extend({ params: chartParamList.optional() });

/**
 * A kind's chart parameters, or with `sn` one device's: a device bound to a protocol with a `realtime` config
 * charts that config's columns instead of the kind's built-in metrics (docs/protocols.md).
 */
export const chartKindQuery = z.object({ kind: z.enum(DEVICE_KINDS).default('inverter'), sn: serialNumber.optional() });
/** `label`: the column's description in the caller's language (a bound device's columns only). */
export const offeredParam = z.object({ key: z.string(), unit: z.string(), label: z.string().optional() });
export type OfferedParam = z.infer<typeof offeredParam>;
export const chosenParams = z.array(z.string());
export const chosenParamsBody = z.object({
  kind: z.enum(DEVICE_KINDS),
  sn: serialNumber.optional(),
  params: z.array(z.string().max(48)).min(1).max(LIMITS.chartCustomParams),
});

export const deviceContracts = contracts({
  'GET /inverter/:sn': { answer: deviceDetail },
  'GET /inverter/:sn/realtime/input': { answer: indexedRows },
  'GET /inverter/:sn/realtime/output': { answer: indexedRows },
  'GET /inverter/:sn/day': { query: deviceDayQuery, answer: deviceDaySeries },
  'GET /inverter/:sn/month': { query: z.object({ month: monthParam.optional() }), answer: energySeries },
  'GET /inverter/:sn/year': { query: z.object({ year: yearParam.optional() }), answer: energySeries },
  'GET /inverter/:sn/total': { query: z.object({}), answer: energySeries },
  'GET /battery/:sn/realtime': { answer: deviceDetail.extend({ cells: indexedRows }) },
  'GET /battery/:sn/day': { query: deviceDayQuery, answer: deviceDaySeries },
  'GET /meter/:sn/realtime': { answer: deviceDetail.extend({ phases: indexedRows }) },
  'GET /chart/param/equip': { query: chartKindQuery, answer: z.array(offeredParam) },
  'GET /chart/param/custom': { query: chartKindQuery, answer: chosenParams },
  'POST /chart/param/custom': { body: chosenParamsBody, answer: chosenParams },
});
