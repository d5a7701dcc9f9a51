import { z } from 'zod';
import { dayQuery, daySeriesShape, deviceRowShape, kindListRoutes } from './device-list.js';
import { emptyAnswer } from './empty.js';
import { contracts } from './route.js';

/** Batteries of spec §7: list, counts, export, BMS info, cells, work data and delete. */
export const linkedBattery = z.object({
  sn: z.string(),
  alias: z.string().nullable(),
  status: z.string(),
  soc: z.number().nullable(),
});
export type LinkedBattery = z.infer<typeof linkedBattery>;

export const batteryInfo = deviceRowShape.extend({
  bmsSn: z.string().nullable(),
  role: z.enum(['master', 'slave']),
  master: linkedBattery.nullable(),
  slaves: z.array(linkedBattery),
  soc: z.number().nullable(),
  soh: z.number().nullable(),
  cycles: z.number().nullable(),
  fullAh: z.number().nullable(),
  residualAh: z.number().nullable(),
  relays: z.object({ charge: z.boolean().nullable(), discharge: z.boolean().nullable() }),
});
export type BatteryInfo = z.infer<typeof batteryInfo>;

/**
 * A BMS's per-cell readings (cellN_v, cellN_t) as a list with the extremes and spread the cell view shows:
 * a pack is as good as its weakest cell, and a spread that grows is the first sign of imbalance.
 */
export const cellStats = z.object({
  min: z.number(),
  max: z.number(),
  spread: z.number(),
  average: z.number(),
  minCell: z.number().int(),
  maxCell: z.number().int(),
});
export type CellStats = z.infer<typeof cellStats>;
export const cellsShape = z.object({
  cells: z.array(
    z.object({ index: z.number().int(), voltage: z.number().nullable(), temperature: z.number().nullable() }),
  ),
  voltage: cellStats.nullable(),
  temperature: cellStats.nullable(),
});
export type Cells = z.infer<typeof cellsShape>;

export const batteryWorkData = z.object({
  date: z.string(),
  chargeKwh: z.number(),
  dischargeKwh: z.number(),
  series: daySeriesShape,
});
export type BatteryWorkData = z.infer<typeof batteryWorkData>;

export const batteryContracts = contracts({
  'GET /batteries': kindListRoutes.list,
  'GET /batteries/count': kindListRoutes.count,
  'GET /batteries/download': kindListRoutes.download,
  'GET /battery/:sn/info': { answer: batteryInfo },
  'GET /battery/:sn/cells': { answer: cellsShape },
  'GET /battery/:sn/batteryWorkData': { query: dayQuery, answer: batteryWorkData },
  'POST /battery/:id/delete': { answer: emptyAnswer },
});
