import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { DEVICE_KINDS, serialNumber } from '../gateway-protocol.js';
import { BYTE_ORDER_NAMES, PROTOCOL_DATA_TYPES, PROTOCOL_LIMITS, REGISTER_TYPES } from '../protocol.js';
import { emptyAnswer } from './empty.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * Protocols and register maps as data (issue 14 item 1, spec §3 "Protocol and config", §7 "Protocols"). A
 * protocol holds configs; a config is versioned (each version a snapshot of its columns, the newest one
 * editable); a column says where a value lies and how to read it. docs/protocols.md shows an example.
 */

const text = z.string().trim().max(PROTOCOL_LIMITS.textMax);

export const protocolBody = z.object({
  /** The protocol code, its name: 6-12 letters, digits, dashes or underscores (spec §5). */
  code: z.string().trim().max(64),
  manufacturer: text.min(1),
  protocolVersion: text.min(1),
  configureVersion: text.default(''),
});
export type ProtocolInput = z.input<typeof protocolBody>;

export const protocolRow = z.object({
  id: z.string(),
  code: z.string(),
  manufacturer: z.string(),
  protocolVersion: z.string(),
  configureVersion: z.string(),
  creator: z.string(),
  /** Shipped with the console (SunSpec and vendor maps): editable like any other. */
  builtin: z.boolean(),
  /** Configs (their newest versions). */
  configs: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ProtocolRow = z.infer<typeof protocolRow>;

export const protocolListQuery = z.object({
  /** Code or manufacturer, in part. */
  q: z.string().trim().max(64).optional(),
  ...pageQuery,
});

export const configRow = z.object({
  id: z.string(),
  protocolId: z.string(),
  name: z.string(),
  version: z.number().int(),
  /** Only the newest version of a config is edited; older ones are kept as they were. */
  latest: z.boolean(),
  note: z.string(),
  columns: z.number().int(),
  creator: z.string(),
  createdAt: z.number(),
});
export type ConfigRow = z.infer<typeof configRow>;

export const configBody = z.object({
  protocolId: z.uuid(),
  name: z.string().trim().max(64),
  note: z.string().trim().max(200).default(''),
});
export const configVersionBody = z.object({ note: z.string().trim().max(200).default('') });

const descriptions = z.partialRecord(z.enum(LANGUAGES), z.string().trim().max(500));

/** A column as the editor sends it; its rules are packages/shared protocol.ts `columnProblems`. */
export const columnBody = z.object({
  name: z.string().trim().max(200),
  functionCode: z.number().int(),
  /** Four hex digits. */
  startAddress: z.string().trim().max(16),
  registerCount: z.number().int(),
  unit: z.string().trim().max(64).default(''),
  registerType: z.string().max(16),
  dataType: z.string().max(16),
  byteSwap: z.boolean().default(false),
  registerSwap: z.boolean().default(false),
  base: z.number().default(0),
  scale: z.number().default(1),
  scaleFactor: z.string().trim().max(64).nullable().default(null),
  skipBytes: z.number().int().default(0),
  required: z.boolean().default(false),
  descriptions,
});
export type ColumnBody = z.input<typeof columnBody>;

export const columnRow = columnBody.extend({
  id: z.string(),
  configId: z.string(),
  position: z.number().int(),
  unit: z.string(),
  byteSwap: z.boolean(),
  registerSwap: z.boolean(),
  base: z.number(),
  scale: z.number(),
  scaleFactor: z.string().nullable(),
  skipBytes: z.number().int(),
  required: z.boolean(),
});
export type ColumnRow = z.infer<typeof columnRow>;

/** One bad row of an import: its row number in the sheet (the heading is row 1), the field and why. */
export const protocolImportProblem = z.object({
  row: z.number().int(),
  field: z.string(),
  rule: z.string(),
  message: z.string(),
});
export type ProtocolImportProblem = z.infer<typeof protocolImportProblem>;

export const importResult = z.object({
  /** True when the rows were saved (never with a problem, never in a check). */
  saved: z.boolean(),
  rows: z.number().int(),
  /** The config versions the import makes (or made): each config named in the sheet gets a new version. */
  configs: z.array(z.object({ name: z.string(), version: z.number().int(), columns: z.number().int() })),
  problems: z.array(protocolImportProblem),
});
export type ImportResult = z.infer<typeof importResult>;

export const importQuery = z.object({
  protocolId: z.uuid(),
  /** "true": check only, save nothing (the console shows the bad rows before the user confirms). */
  check: z.enum(['true', 'false']).default('true'),
});

export const decodeBody = z.object({
  configId: z.uuid(),
  /** Hex bytes (spaces allowed): an RTU or TCP read response, or bare registers (4 hex digits each). */
  frame: z.string().max(PROTOCOL_LIMITS.frameBytesMax * 3),
  /** How to read the frame; `auto` tries TCP (MBAP length must match), then RTU (CRC must match; a bad CRC is refused), then registers. */
  kind: z.enum(['auto', 'rtu', 'tcp', 'registers']).default('auto'),
  /** The address of the frame's first register, four hex digits; default the config's lowest address. */
  start: z.string().trim().max(16).optional(),
});
export type DecodeInput = z.input<typeof decodeBody>;

export const decodedValue = z.union([
  z.number(),
  z.string(),
  z.null(),
  z.array(z.number()),
  z.record(z.string(), z.boolean()),
]);

export const decodeResult = z.object({
  kind: z.enum(['rtu', 'tcp', 'registers']),
  unitId: z.number().int().nullable(),
  functionCode: z.number().int().nullable(),
  /** Four hex digits. */
  start: z.string(),
  registers: z.array(z.number().int()),
  values: z.array(
    z.object({
      name: z.string(),
      /** In the caller's language (English when the column has none in it). */
      description: z.string(),
      address: z.string(),
      unit: z.string(),
      /** Scaled; null for SunSpec's "not implemented" patterns (0x8000, 0xFFFF …). */
      value: decodedValue,
      required: z.boolean(),
    }),
  ),
  /** Columns of the config the frame does not hold, or that could not be read. */
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});
export type DecodeResult = z.infer<typeof decodeResult>;

/** Scan a device behind a gateway for SunSpec models (issue 14 item 4): the gateway answers the model chain. */
export const discoverScanBody = z.object({
  gatewaySn: z.string().trim().max(64),
  /** The device's serial number; default the gateway's first SunSpec device. */
  device: z.string().trim().max(64).optional(),
  unitId: z.number().int().min(1).max(247).optional(),
  base: z.union([z.literal(40000), z.literal(50000), z.literal(0)]).optional(),
});
export type DiscoverScanInput = z.input<typeof discoverScanBody>;

export const discoveredModel = z.object({
  id: z.number().int(),
  /** The address of the model's ID register. */
  address: z.number().int(),
  length: z.number().int(),
  /** The model's name and label in the SunSpec definitions; null when the console does not know the model. */
  name: z.string().nullable(),
  label: z.string().nullable(),
});

/** A config the console proposes for a model found: the same columns the shipped SunSpec maps are made of. */
export const proposedConfig = z.object({
  name: z.string(),
  model: z.number().int(),
  address: z.number().int(),
  note: z.string(),
  columns: z.array(columnBody),
});

export const discoverScanAnswer = z.object({
  /** The command's outcome: `failed` with `error` when the gateway found no SunSpec device. */
  id: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  gatewaySn: z.string(),
  device: z.string().nullable(),
  unitId: z.number().int().nullable(),
  base: z.number().int().nullable(),
  models: z.array(discoveredModel),
  proposal: z.object({ manufacturer: z.string(), protocolVersion: z.string(), configs: z.array(proposedConfig) }),
});
export type DiscoverScanAnswer = z.infer<typeof discoverScanAnswer>;

/** Save a proposal as a new protocol: the models (by number and address) become its configs. */
export const discoverSaveBody = protocolBody.extend({
  models: z
    .array(z.object({ id: z.number().int().min(1).max(65_534), address: z.number().int().min(0).max(65_535) }))
    .min(1)
    .max(50),
  /** Where it was found, for the configs' notes. */
  gatewaySn: z.string().trim().max(64).optional(),
});
export type DiscoverSaveInput = z.input<typeof discoverSaveBody>;

/** The push of one config to one gateway (issue 14 item 5): what it was sent and what it acknowledged. */
export const protocolPushRow = z.object({
  gatewaySn: z.string(),
  gatewayAlias: z.string().nullable(),
  online: z.boolean(),
  config: z.string(),
  /** The version last queued for it. */
  version: z.number().int(),
  state: z.enum(['waiting', 'sent', 'acknowledged', 'failed']),
  /** The version the gateway acknowledged, and when; null before its first answer. */
  ackedVersion: z.number().int().nullable(),
  ackedAt: z.number().nullable(),
  error: z.string().nullable(),
});
export type ProtocolPushRow = z.infer<typeof protocolPushRow>;

export const protocolPushStatus = z.object({
  configs: z.array(
    z.object({
      name: z.string(),
      /** The newest version. */
      version: z.number().int(),
      /** Gateways with a device whose protocol is this protocol's code. */
      gateways: z.number().int(),
      /** Of those, how many acknowledged the newest version. */
      current: z.number().int(),
    }),
  ),
  gateways: z.array(protocolPushRow),
});
export type ProtocolPushStatus = z.infer<typeof protocolPushStatus>;

/** The enums the register-map editor offers (GET dict/protocolRelated), from packages/shared/src/protocol.ts. */
export const protocolRelated = z.object({
  /** Each read function code with the register type it reads. */
  functionCodes: z.array(z.object({ value: z.number().int(), registerType: z.enum(REGISTER_TYPES) })),
  registerTypes: z.array(z.enum(REGISTER_TYPES)),
  /** Each data type with the registers it needs (a string: per register, two characters). */
  dataTypes: z.array(z.object({ value: z.enum(PROTOCOL_DATA_TYPES), registers: z.number().int() })),
  /** The byte and register orders, with the two flags each sets. */
  orders: z.array(
    z.object({
      value: z.enum(BYTE_ORDER_NAMES),
      byteSwap: z.boolean(),
      registerSwap: z.boolean(),
    }),
  ),
});
export type ProtocolRelated = z.infer<typeof protocolRelated>;

/**
 * A gateway product (GET iotProduct/getOne?model=): a gateway model as the caller's fleet has it — how many of
 * the caller's gateways are that model, the firmware they run, the devices behind them, and which protocols
 * those devices use (a data protocol's code, or the built-in metrics and sunspec).
 */
export const iotProduct = z.object({
  model: z.string(),
  gateways: z.number().int(),
  online: z.number().int(),
  firmware: z.array(z.object({ version: z.string(), gateways: z.number().int() })),
  devices: z.array(z.object({ kind: z.enum(DEVICE_KINDS), count: z.number().int() })),
  protocols: z.array(
    z.object({
      protocol: z.string(),
      devices: z.number().int(),
      /** A register map of the protocol table (false: a built-in one). */
      data: z.boolean(),
    }),
  ),
});
export type IotProduct = z.infer<typeof iotProduct>;

/** The protocol library import (POST protocast/fullData/import): per protocol code, what it makes. */
export const protocastImportResult = z.object({
  saved: z.boolean(),
  rows: z.number().int(),
  protocols: z.array(
    z.object({
      code: z.string(),
      /** A protocol this console does not have yet: created with the sheet's header cells. */
      created: z.boolean(),
      configs: z.array(z.object({ name: z.string(), version: z.number().int(), columns: z.number().int() })),
    }),
  ),
  problems: z.array(protocolImportProblem),
});
export type ProtocastImportResult = z.infer<typeof protocastImportResult>;

/** A device's chart parameter sheet (equip/custom/param/*): the device (or kind) whose chart it is. */
export const equipParamQuery = z.object({
  kind: z.enum(DEVICE_KINDS).default('inverter'),
  sn: serialNumber.optional(),
});
export const equipParamImportQuery = equipParamQuery.extend({
  check: z.enum(['true', 'false']).default('true'),
});
/** What a parameter sheet chooses: the chosen keys in row order; saved only with check=false and no problem. */
export const equipParamImportResult = z.object({
  saved: z.boolean(),
  rows: z.number().int(),
  params: z.array(z.string()),
  problems: z.array(protocolImportProblem),
});
export type EquipParamImportResult = z.infer<typeof equipParamImportResult>;

export const protocolContracts = contracts({
  'GET /dict/protocolRelated': { answer: protocolRelated },
  'GET /iotProduct/getOne': { query: z.object({ model: z.string().trim().min(1).max(64) }), answer: iotProduct },
  /** Every protocol with its configs' newest versions (.xlsx): the library, to copy to another console. */
  'GET /protocast/fullData/download': { answer: null },
  /** Multipart "file" (.xlsx of protocast/fullData/download): checked first; saves all or nothing. */
  'POST /protocast/fullData/import': {
    query: z.object({ check: z.enum(['true', 'false']).default('true') }),
    answer: protocastImportResult,
  },
  /** A device's (or kind's) chart parameters as .xlsx, the chosen ones marked: the sheet to choose in. */
  'GET /equip/custom/param/download': { query: equipParamQuery, answer: null },
  /** Multipart "file" (that sheet): the rows marked chosen become the caller's choice, checked first. */
  'POST /equip/custom/param/export': { query: equipParamImportQuery, answer: equipParamImportResult },

  'GET /protocol': { query: protocolListQuery, answer: pageOf(protocolRow) },
  'POST /protocol': { body: protocolBody, answer: protocolRow },
  /** Whether a code may be used (spec §5 server-side checks): 0, or 1501 when another protocol has it. */
  'GET /protocol/check': {
    query: z.object({ code: z.string().trim().max(64), protocolId: z.uuid().optional() }),
    answer: emptyAnswer,
  },
  'GET /protocol/:protocolId': { answer: protocolRow },
  'POST /protocol/:protocolId': { body: protocolBody, answer: protocolRow },
  'POST /protocol/:protocolId/delete': { answer: emptyAnswer },

  /** The newest version of each config of a protocol. */
  'GET /protocol/configs': { query: z.object({ protocolId: z.uuid() }), answer: z.array(configRow) },
  'POST /protocol/config': { body: configBody, answer: configRow },
  /** Whether a config name is free in a protocol: 0, or a validation answer naming `name`. */
  'GET /protocol/config/check': {
    query: z.object({ protocolId: z.uuid(), name: z.string().trim().max(64) }),
    answer: emptyAnswer,
  },
  'GET /protocol/config/versions': {
    query: z.object({ protocolId: z.uuid(), name: z.string().trim().max(64) }),
    answer: z.array(configRow),
  },
  /** A new version of a config: a copy of this version's columns, which becomes the newest. */
  'POST /protocol/configs/:configId': { body: configVersionBody, answer: configRow },
  'POST /protocol/configs/:configId/delete': { answer: emptyAnswer },

  'GET /protocol/columns': { query: z.object({ configId: z.uuid() }), answer: z.array(columnRow) },
  'POST /protocol/config/:configId/column': { body: columnBody, answer: columnRow },
  'POST /protocol/columns/:columnId': { body: columnBody, answer: columnRow },
  'POST /protocol/columns/:columnId/delete': { answer: emptyAnswer },

  /** The import template: the headings of a columns sheet (.xlsx). */
  'GET /protocol/columns/download': { answer: null },
  /** Every config of a protocol (newest versions) with its columns (.xlsx), in the import's layout. */
  'GET /protocol/fullData/download': { query: z.object({ protocolId: z.uuid() }), answer: null },
  /** Multipart: field "file" (.xlsx). Checks every row first; saves nothing if one is bad. */
  'POST /protocol/fullData/import': { query: importQuery, answer: importResult },

  'POST /protocol/decodeMessage': { body: decodeBody, answer: decodeResult },

  /** SunSpec discovery: scans a device behind a gateway and proposes configs from the models found. */
  'POST /protocol/discover/scan': { body: discoverScanBody, answer: discoverScanAnswer },
  /** Saves a discovered proposal as a new protocol. */
  'POST /protocol/discover/save': { body: discoverSaveBody, answer: protocolRow },

  /** Protocol updates: per config, the gateways using it and the version each acknowledged. */
  'GET /protocol/push/status': { query: z.object({ protocolId: z.uuid() }), answer: protocolPushStatus },
  /** Queues the newest version of every config of a protocol to every gateway using it. */
  'POST /protocol/push/:protocolId': { answer: z.object({ queued: z.number().int() }) },
});
