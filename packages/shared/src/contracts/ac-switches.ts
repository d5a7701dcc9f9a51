import { z } from 'zod';
import {
  deviceAliasSchema,
  deviceImportSchema,
  reportMinutesSchema,
  serverAddressSchema,
  socRuleSchema,
  switchLimitsSchema,
  timingTasksSchema,
} from '../device-rules.js';
import { serialNumber } from '../gateway-protocol.js';
import { commaList } from '../request-params.js';
import { commandOutcome } from './commands.js';
import { connPasswordBody, connectedFields, importAnswer, meshCheckState, statusCounts } from './gateways.js';
import { pageQuery } from './paging.js';
import { contracts } from './route.js';

/** Smart AC switches (spec §7 "Smart AC switches", acSwitch/*). */
export const SWITCH_STATUSES = ['on', 'off', 'online', 'offline', 'unbound'] as const;
export type SwitchStatus = (typeof SWITCH_STATUSES)[number];

export const switchFilters = z.object({
  q: z.string().trim().max(64).optional(),
  status: z.enum(SWITCH_STATUSES).optional(),
  plantId: z.string().max(64).optional(),
});
export type SwitchFilters = z.infer<typeof switchFilters>;

const snBody = z.object({ sn: serialNumber });
const snList = z.array(serialNumber).min(1).max(100);

export const switchRow = z.object({
  id: z.string(),
  gatewayId: z.string(),
  ...connectedFields,
  on: z.boolean(),
  /** Turned off at the switch itself: it cannot be turned on remotely (spec §4). */
  localOff: z.boolean(),
  status: z.string(),
  powerW: z.number().nullable(),
  leakageMa: z.number().nullable(),
  associatedUser: z.string().nullable(),
  lastSeen: z.number().nullable(),
});
export type SwitchRow = z.infer<typeof switchRow>;

export const switchPage = z.object({ total: z.number(), rows: z.array(switchRow), counts: statusCounts });
export type SwitchPage = z.infer<typeof switchPage>;

/** What the console keeps for a switch, as the detail answers it (see SwitchSettings). */
export const switchSettings = z.object({
  limits: switchLimitsSchema,
  timingTasks: timingTasksSchema,
  socRule: z.object({ enabled: z.boolean(), batterySn: z.string(), onAtSoc: z.number(), offAtSoc: z.number() }),
  reportMinutes: z.number(),
  on: z.boolean(),
  localOff: z.boolean(),
  associatedUserId: z.string().nullable(),
});

export const switchInfo = switchRow.extend({
  settings: switchSettings,
  localAreaCode: z.string().nullable(),
  serverAddress: z.string().nullable(),
  serverPort: z.number().nullable(),
  meshCheck: z.boolean(),
  model: z.string(),
  firmware: z.string().nullable(),
});
export type SwitchInfo = z.infer<typeof switchInfo>;

/** Each switch's outcome of a batch command (an offline one fails on its own). */
export const switchBatchOutcome = z.object({ sn: z.string(), status: z.string(), error: z.string().nullable() });
export type SwitchBatchOutcome = z.infer<typeof switchBatchOutcome>;

/** The local area code a switch is created with (optional). */
const areaQuery = z.object({
  localAreaCode: z
    .string()
    .regex(/^[A-Za-z0-9]{0,16}$/)
    .optional(),
});
const accountBody = z.object({ account: z.string().trim().max(120) });

export const acSwitchContracts = contracts({
  'GET /acSwitch/page': { query: switchFilters.extend(pageQuery), answer: switchPage },
  'GET /acSwitch/download': { query: switchFilters, answer: null },
  'GET /acSwitch/:sn/info': { answer: switchInfo },
  'GET /acSwitch/:sn/state': { answer: z.object({ outcome: commandOutcome, on: z.boolean(), localOff: z.boolean() }) },
  'POST /acSwitch/setSwitch': { body: snBody.extend({ on: z.boolean() }), answer: commandOutcome },
  'POST /acSwitch/:sn/selfCheck': { answer: commandOutcome },
  'POST /acSwitch/:sn/timingTask': { body: z.object({ tasks: timingTasksSchema }), answer: commandOutcome },
  'POST /acSwitch/:sn/updateFrequency': { body: z.object({ minutes: reportMinutesSchema }), answer: commandOutcome },
  'GET /acSwitch/:sn/meshCheck/read': { answer: meshCheckState },
  'POST /acSwitch/:sn/meshCheck/set': { body: meshCheckState, answer: commandOutcome },
  'GET /acSwitch/meshCheck/read/batch': {
    query: z.object({ sns: commaList(serialNumber, { max: 100 }) }),
    answer: z.array(z.object({ sn: z.string(), enabled: z.boolean() })),
  },
  'POST /acSwitch/meshCheck/set/batch': {
    body: z.object({ sns: snList, enabled: z.boolean() }),
    answer: z.array(switchBatchOutcome),
  },
  'GET /acSwitch/setting/:sn/read': { answer: switchLimitsSchema },
  'POST /acSwitch/setting/:sn/set': { body: switchLimitsSchema, answer: z.null() },
  'POST /acSwitch/:sn/socRule': { body: socRuleSchema, answer: z.null() },
  'POST /acSwitch/:sn/updateAssociateUser': { body: accountBody, answer: z.null() },
  'POST /acSwitch/updateAssociateUser/batch': { body: accountBody.extend({ sns: snList }), answer: z.null() },
  'POST /acSwitch/:sn/updateServerAddr': { body: serverAddressSchema, answer: z.null() },
  'POST /acSwitch/updateServerAddr/batch': { body: serverAddressSchema.extend({ sns: snList }), answer: z.null() },
  'POST /acSwitch/:sn/connPassword': { body: connPasswordBody, answer: z.null() },
  'POST /acSwitch/create': { body: deviceImportSchema.extend(areaQuery.shape), answer: importAnswer },
  /** Multipart: the .xlsx under "file". */
  'POST /acSwitch/import/batch/check': { answer: importAnswer },
  'POST /acSwitch/import/batch': { query: areaQuery, answer: importAnswer },
  'POST /acSwitch/create/batch': { query: areaQuery, answer: importAnswer },
  'GET /acSwitch/import/template': { answer: null },
  'POST /acSwitch/bind': { body: snBody.extend({ plantId: z.string().max(64) }), answer: z.null() },
  'POST /acSwitch/unbind': { body: snBody, answer: z.null() },
  'POST /acSwitch/setAlias': { body: snBody.extend({ alias: deviceAliasSchema }), answer: z.null() },
  'POST /acSwitch/:sn/delete': { answer: z.null() },
});
