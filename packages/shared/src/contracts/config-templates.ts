import { z } from 'zod';
import { serialNumber } from '../gateway-protocol.js';
import { SETTINGS_PROTOCOLS, settingField } from '../inverter-control.js';
import { LIMITS } from '../rules.js';
import { emptyAnswer } from './empty.js';
import { settingValues } from './inverters.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * Inverter parameter configuration templates (device/setting/recommend; spec §7 inverter/config/*): named
 * sets of setting values of one protocol, applied to one or many inverters as settingsWrite commands.
 */
export const templateBody = z.object({
  name: z.string().trim().min(1).max(64),
  protocol: z.enum(SETTINGS_PROTOCOLS),
  /** The inverter model the template is meant for; empty for any model of the protocol. */
  model: z.string().trim().max(64).default(''),
  values: settingValues,
});
export type TemplateInput = z.input<typeof templateBody>;

export const configTemplate = z.object({
  id: z.string(),
  name: z.string(),
  protocol: z.enum(SETTINGS_PROTOCOLS),
  model: z.string(),
  values: z.record(z.string(), z.union([z.number(), z.string(), z.boolean()])),
  updatedAt: z.number(),
});
export type ConfigTemplate = z.infer<typeof configTemplate>;

export const applyResult = z.object({
  sn: z.string(),
  /** The command's end, or `refused` with the error code (600 unknown inverter, 601 other protocol, 1201 …). */
  status: z.enum(['sent', 'accepted', 'progress', 'succeeded', 'failed', 'timed_out', 'refused']),
  code: z.number().nullable(),
  error: z.string().nullable(),
  commandId: z.string().nullable(),
});
export type ApplyResult = z.infer<typeof applyResult>;

export const configTemplateContracts = contracts({
  'GET /inverter/config/fields': {
    query: z.object({ protocol: z.enum(SETTINGS_PROTOCOLS) }),
    answer: z.array(settingField),
  },
  'GET /inverter/config/templates': {
    query: z.object({ q: z.string().max(64).optional(), ...pageQuery }),
    answer: pageOf(configTemplate),
  },
  'GET /inverter/config/template/:id': { answer: configTemplate },
  'POST /inverter/config/template': { body: templateBody, answer: configTemplate },
  'POST /inverter/config/template/:id': { body: templateBody, answer: configTemplate },
  'POST /inverter/config/template/:id/delete': { answer: emptyAnswer },
  'POST /inverter/config/template/:id/apply': {
    body: z.object({ sns: z.array(serialNumber).min(1).max(LIMITS.batchInverterUpgrade) }),
    answer: z.array(applyResult),
  },
});
