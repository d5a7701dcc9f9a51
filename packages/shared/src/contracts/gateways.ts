import { z } from 'zod';
import {
  IMPORT_PROBLEMS,
  connPasswordSchema,
  deviceAliasSchema,
  deviceImportSchema,
  uploadIntervalSchema,
} from '../device-rules.js';
import { commandOutcome } from './commands.js';
import { deviceNaming, plantRef } from './fields.js';
import { pageQuery } from './paging.js';
import { contracts } from './route.js';

/** One row of an import check: its spreadsheet row (1 for a single import) and what is wrong with it. */
export const checkedRow = z.object({
  row: z.number(),
  sn: z.string(),
  registrationKey: z.string(),
  problems: z.array(z.enum(IMPORT_PROBLEMS)),
});
export type CheckedRow = z.infer<typeof checkedRow>;

/** The answer of an import (gateways and AC switches): how many rows were saved, and each refused row's problems. */
export const importAnswer = z.object({ saved: z.number(), rows: z.array(checkedRow) });
export type ImportAnswer = z.infer<typeof importAnswer>;

/** Counts by status for a list's statistics bar, `all` included. */
export const statusCounts = z.record(z.string(), z.number());

/** Answer and body of the mesh-check routes (gateways and AC switches). */
export const meshCheckState = z.object({ enabled: z.boolean() });
/** A new connection password (gateways and AC switches), kept hashed. */
export const connPasswordBody = z.object({ password: connPasswordSchema });

export const GATEWAY_STATUSES = ['online', 'offline', 'locked', 'unbound'] as const;
export type GatewayStatusFilter = (typeof GATEWAY_STATUSES)[number];

export const gatewayFilters = z.object({
  q: z.string().trim().max(64).optional(),
  status: z.enum(GATEWAY_STATUSES).optional(),
  commType: z.string().max(16).optional(),
  plantId: z.string().max(64).optional(),
});
export type GatewayFilters = z.infer<typeof gatewayFilters>;

/** What every row of something that connects on its own (a gateway, an AC switch) says of its place and link. */
export const connectedFields = {
  sn: z.string(),
  alias: z.string().nullable(),
  ...plantRef,
  online: z.boolean(),
  locked: z.boolean(),
};

export const gatewayRow = z.object({
  id: z.string(),
  ...connectedFields,
  commType: z.string(),
  rssi: z.number().nullable(),
  uploadIntervalS: z.number(),
  firmware: z.string().nullable(),
  deviceCount: z.number(),
  lastSeen: z.number().nullable(),
});
export type GatewayRow = z.infer<typeof gatewayRow>;

export const gatewayPage = z.object({ total: z.number(), rows: z.array(gatewayRow), counts: statusCounts });
export type GatewayPage = z.infer<typeof gatewayPage>;

export const gatewayDevice = z.object({
  ...deviceNaming,
  status: z.string(),
  lastSeen: z.number().nullable(),
});
export type GatewayDevice = z.infer<typeof gatewayDevice>;

export const gatewayInfo = gatewayRow.extend({
  customerAccount: z.string().nullable(),
  /** Only for callers who may import (and so bind) gateways: the key is what binds an unbound one. */
  registrationKey: z.string().optional(),
  protocol: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
  iccid: z.string().nullable(),
  serverAddress: z.string().nullable(),
  serverPort: z.number().nullable(),
  meshCheck: z.boolean(),
  batteryType: z.string().nullable(),
  boundAt: z.number().nullable(),
  createdAt: z.number(),
  devices: z.array(gatewayDevice),
  /** Protocol configs pushed to the gateway (protocolUpdate) and the version it acknowledged, with when. */
  protocolUpdates: z.array(
    z.object({ protocol: z.string(), config: z.string(), version: z.number().int(), ackedAt: z.number() }),
  ),
});
export type GatewayInfo = z.infer<typeof gatewayInfo>;

export const gatewayContracts = contracts({
  'GET /gateways': { query: gatewayFilters.extend(pageQuery), answer: gatewayPage },
  'GET /gateways/count': { query: gatewayFilters, answer: statusCounts },
  'GET /gateways/download': { query: gatewayFilters, answer: null },
  'GET /gateways/import/template': { answer: null },
  'POST /gateways/import': { body: deviceImportSchema, answer: importAnswer },
  /** Multipart: the .xlsx under "file". */
  'POST /gateways/import/check': { answer: importAnswer },
  'POST /gateways/import/batch': { answer: importAnswer },
  'GET /gateway/:sn': { answer: gatewayInfo },
  'POST /gateway/:sn/alias': { body: z.object({ alias: deviceAliasSchema }), answer: z.null() },
  'POST /gateway/:sn/restart': { answer: commandOutcome },
  'POST /gateway/:sn/unbind': { answer: z.null() },
  'POST /gateway/:sn/lock': { body: z.object({ locked: z.boolean() }), answer: z.null() },
  'GET /gateway/:sn/uploadCycle': { answer: z.object({ seconds: z.number() }) },
  'POST /gateway/:sn/uploadCycle': { body: z.object({ seconds: uploadIntervalSchema }), answer: commandOutcome },
  'GET /gateway/:sn/meshCheck/read': { answer: meshCheckState },
  'POST /gateway/:sn/meshCheck/set': { body: meshCheckState, answer: commandOutcome },
  'POST /gateway/:sn/connPassword': { body: connPasswordBody, answer: z.null() },
});
