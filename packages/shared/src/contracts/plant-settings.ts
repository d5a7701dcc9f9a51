import { z } from 'zod';
import { DEVICE_LIMITS } from '../device-rules.js';
import { settingField, type SettingField } from '../inverter-control.js';
import type { FieldRule } from '../messages/index.js';
import { COMMAND_STATUSES, operationLogPage } from './commands.js';
import { settingValues } from './inverters.js';
import { pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * Plant-level parameter pages (spec §2.2 plants/setting, plants/batt-setting, plants/comm-setting; issue 14
 * item 3): one set of values written to many of a plant's devices at once, from the same data-driven forms as
 * the device pages. `inverter`: the inverters' settings forms; `battery`: the battery group of the hybrid
 * inverters' forms; `comm`: the gateways' communication settings.
 */
export const PLANT_SETTING_KINDS = ['inverter', 'battery', 'comm'] as const;
export type PlantSettingKind = (typeof PLANT_SETTING_KINDS)[number];

/** Devices written to in one call, and how many commands are in flight at once. */
export const PLANT_SETTING_LIMITS = { devices: 200, concurrency: 4 } as const;

/** Group of the gateway communication fields. */
export const COMM_SETTINGS_GROUP = 'comm';

/**
 * The communication form of a gateway (what its own page sets one at a time): the upload interval and mesh
 * check, as a settings form so the plant page builds it the same way as the inverter forms.
 */
export const GATEWAY_COMM_SETTINGS: readonly SettingField[] = [
  {
    key: 'uploadIntervalS',
    group: COMM_SETTINGS_GROUP,
    type: 'number',
    min: DEVICE_LIMITS.uploadIntervalMin,
    max: DEVICE_LIMITS.uploadIntervalMax,
    decimals: 0,
    unit: 's',
  },
  { key: 'meshCheck', group: COMM_SETTINGS_GROUP, type: 'boolean' },
];

/** One device of the plant that a form applies to. */
export const plantSettingDevice = z.object({
  sn: z.string(),
  alias: z.string().nullable(),
  model: z.string(),
  /** Device status (normal, warning, fault, offline, upgrading); a gateway is online or offline. */
  status: z.string(),
  gatewaySn: z.string(),
  /** battery: the battery behind the hybrid's gateway. */
  batterySn: z.string().nullable(),
  /** The caller may command this device (write scope), not only see it. */
  writable: z.boolean(),
  /** The values last read from or written to the device. */
  values: z.record(z.string(), z.unknown()),
});
export type PlantSettingDevice = z.infer<typeof plantSettingDevice>;

/** Devices that share one form (same protocol, same fields): one set of values fits them all. */
export const plantSettingGroup = z.object({
  id: z.string(),
  protocol: z.string(),
  fields: z.array(settingField),
  devices: z.array(plantSettingDevice),
});
export type PlantSettingGroup = z.infer<typeof plantSettingGroup>;

export const plantSettingsAnswer = z.object({
  plantId: z.string(),
  plantName: z.string(),
  kind: z.enum(PLANT_SETTING_KINDS),
  groups: z.array(plantSettingGroup),
  /** Inverters whose protocol has no settings form (601 on their own page). */
  unsupported: z.array(plantSettingDevice),
  /** The caller holds the device-level key (inverter.setting, battery.control, gateway.control) to write. */
  canWrite: z.boolean(),
});
export type PlantSettingsAnswer = z.infer<typeof plantSettingsAnswer>;

export const plantSettingsWriteBody = z.object({
  sns: z
    .array(z.string().min(1).max(DEVICE_LIMITS.serialMax))
    .min(1, { message: 'required' satisfies FieldRule })
    .max(PLANT_SETTING_LIMITS.devices, { message: 'invalid' satisfies FieldRule })
    .refine((a) => new Set(a).size === a.length, { message: 'invalid' satisfies FieldRule }),
  values: settingValues,
});
export type PlantSettingsWriteBody = z.infer<typeof plantSettingsWriteBody>;

/** How the write to one device ended. */
export const PLANT_SETTING_RESULTS = ['succeeded', 'failed', 'skipped'] as const;
export type PlantSettingResult = (typeof PLANT_SETTING_RESULTS)[number];

/**
 * Why a device was skipped (nothing sent) or failed: offline, upgrading, a state that forbids settings, a value
 * that contradicts one it already has (reserve above the charge cut-off), not the caller's to command, not a
 * device of the plant with this form; the device refused it, or did not answer in time.
 */
export const PLANT_SETTING_REASONS = [
  'offline',
  'upgrading',
  'state',
  'conflict',
  'readOnly',
  'notInPlant',
  'rejected',
  'timedOut',
] as const;
export type PlantSettingReason = (typeof PLANT_SETTING_REASONS)[number];

export const plantSettingDeviceResult = z.object({
  sn: z.string(),
  result: z.enum(PLANT_SETTING_RESULTS),
  reason: z.enum(PLANT_SETTING_REASONS).nullable(),
  /** The device's own words when it refused. */
  error: z.string().nullable(),
  /** The last command sent to the device, and how it ended (none when skipped). */
  commandId: z.string().nullable(),
  commandStatus: z.enum(COMMAND_STATUSES).nullable(),
});
export type PlantSettingDeviceResult = z.infer<typeof plantSettingDeviceResult>;

export const plantSettingsWriteAnswer = z.object({
  results: z.array(plantSettingDeviceResult),
  succeeded: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type PlantSettingsWriteAnswer = z.infer<typeof plantSettingsWriteAnswer>;

export const plantSettingContracts = contracts({
  'GET /plant/:id/setting/:kind': { answer: plantSettingsAnswer },
  'POST /plant/:id/setting/:kind/write': {
    body: plantSettingsWriteBody,
    answer: plantSettingsWriteAnswer,
  },
  'GET /plant/:id/setting/:kind/log': {
    query: z.object({ ...pageQuery }),
    answer: operationLogPage,
  },
});
