import { z } from 'zod';
import { serialNumber } from '../gateway-protocol.js';
import { meterSettingsInput, meterSettingsSchema } from '../meter-settings.js';
import {
  dayQuery,
  daySeriesShape,
  deviceExportQuery,
  deviceListOf,
  deviceListQuery,
  deviceRowShape,
  statusCountsShape,
} from './device-list.js';
import { chartParamList, indexedRows } from './devices.js';
import { emptyAnswer } from './empty.js';
import { contracts } from './route.js';

/** Energy meters of spec §7: list, counts, export, detail, the console-kept parameters, alias and delete. */
const sn = serialNumber;

export const meterRow = deviceRowShape.extend({ master: z.boolean() });
export type MeterRow = z.infer<typeof meterRow>;
export const meterDetail = meterRow.extend({
  phases: indexedRows,
  settings: meterSettingsSchema,
});
export type MeterDetail = z.infer<typeof meterDetail>;
export const meterList = deviceListOf(meterRow);

export const meterContracts = contracts({
  'GET /meters': { query: deviceListQuery, answer: meterList },
  'GET /meter/status/count': { answer: statusCountsShape },
  'GET /meters/download': { query: deviceExportQuery, answer: null },
  'GET /meter/params': { query: z.object({ sn }), answer: meterSettingsSchema },
  'POST /meter/params': { body: meterSettingsInput.extend({ sn }), answer: meterSettingsSchema },
  'GET /meter/params/day': {
    query: dayQuery.extend({ sn, params: chartParamList.optional() }),
    answer: daySeriesShape,
  },
  'GET /meter/:sn': { answer: meterDetail },
  'POST /meter/:sn/alias': {
    body: z.object({ alias: z.string().max(64) }),
    answer: z.object({ alias: z.string().nullable() }),
  },
  'POST /meter/:sn/delete': { answer: emptyAnswer },
});
