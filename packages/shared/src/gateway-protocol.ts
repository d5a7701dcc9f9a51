import { z } from 'zod';

/**
 * The gateway protocol over MQTT (docs/gateway-protocol.md is the full text). Gateways connect with
 * client id = username = serial number and password = connection password, and may touch only topics under
 * `hg/v1/<sn>/`. Every payload is UTF-8 JSON. Times are Unix milliseconds (UTC).
 */
export const PROTOCOL_ROOT = 'hg/v1';

export function gatewayTopics(sn: string) {
  const base = `${PROTOCOL_ROOT}/${sn}`;
  return {
    base,
    /** gateway → server, QoS 1: a batch of readings; answered on down/ack once committed. */
    telemetry: `${base}/up/telemetry`,
    /** gateway → server, QoS 1: alarms and faults raised or cleared. */
    event: `${base}/up/event`,
    /** gateway → server, QoS 1: command results and upgrade progress. */
    commandResult: `${base}/up/ack`,
    /** gateway → server, retained, QoS 1: online/offline (the last will says offline). */
    status: `${base}/status`,
    /** server → gateway, QoS 1: commands. */
    command: `${base}/down/cmd`,
    /** server → gateway, QoS 1: a telemetry batch (or event) was committed and may be dropped. */
    batchAck: `${base}/down/ack`,
  } as const;
}

/** Parses `hg/v1/<sn>/<rest>`; undefined for anything else. */
export function parseGatewayTopic(topic: string): { sn: string; channel: string } | undefined {
  const m = /^hg\/v1\/([A-Za-z0-9_-]{1,64})\/(.+)$/.exec(topic);
  return m?.[1] && m[2] ? { sn: m[1], channel: m[2] } : undefined;
}

export const DEVICE_KINDS = ['inverter', 'battery', 'meter', 'weather', 'switch', 'lora'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** A gateway or device serial number (in topics, paths and queries alike). */
export const serialNumber = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const serial = serialNumber;
const timestamp = z.number().int().min(946_684_800_000).max(4_102_444_800_000);

/** A raw block of registers as polled, decoded on the server with the device's protocol configuration. */
export const rawBlockSchema = z.object({
  /** Modbus function code the block was read with (3 holding, 4 input registers). */
  fc: z.union([z.literal(3), z.literal(4)]),
  start: z.number().int().min(0).max(65_535),
  // One check over the whole block instead of three per register: a 10,000-plant fleet sends millions of
  // registers a minute, and per-element checks were a tenth of the server's main thread (issue 11).
  registers: z
    .array(z.number())
    .min(1)
    .max(125)
    .refine((regs) => regs.every(isWord), { message: 'registers are whole numbers from 0 to 65535' }),
});

function isWord(w: number): boolean {
  return Number.isInteger(w) && w >= 0 && w <= 65_535;
}
export type RawBlock = z.infer<typeof rawBlockSchema>;

export const sampleSchema = z
  .object({
    /** The device's serial number. */
    device: serial,
    ts: timestamp,
    /** Decoded readings by metric name (see METRICS); null for a value the device does not have. */
    metrics: z.record(z.string().max(48), z.number().finite().nullable()).optional(),
    raw: z.array(rawBlockSchema).max(32).optional(),
  })
  .refine((s) => s.metrics !== undefined || s.raw !== undefined, { message: 'metrics or raw', path: ['metrics'] });
export type Sample = z.infer<typeof sampleSchema>;

export const telemetryBatchSchema = z.object({
  /** Unique per gateway; a replay keeps the id (and its samples keep their timestamps). */
  id: z.string().min(1).max(64),
  samples: z.array(sampleSchema).min(1).max(2000),
});
export type TelemetryBatch = z.infer<typeof telemetryBatchSchema>;

export const EVENT_LEVELS = ['info', 'warning', 'fault'] as const;
export type EventLevel = (typeof EVENT_LEVELS)[number];

export const eventSchema = z.object({
  id: z.string().min(1).max(64),
  device: serial,
  ts: timestamp,
  /** The device's own alarm code, e.g. "F023" or "W104". */
  code: z.string().min(1).max(32),
  level: z.enum(EVENT_LEVELS),
  /** raised when it starts, cleared when it ends. */
  state: z.enum(['raised', 'cleared']),
  message: z.string().max(200).optional(),
});
export type GatewayEvent = z.infer<typeof eventSchema>;

export const statusSchema = z.object({
  state: z.enum(['online', 'offline']),
  ts: timestamp,
  firmware: z.string().max(32).optional(),
  /** The gateway's model (product name), which firmware is made for (issue 13). */
  model: z.string().max(64).optional(),
  rssi: z.number().int().min(-150).max(0).optional(),
  /** Seconds between telemetry batches (the upload interval); offline after three missed. */
  interval: z.number().int().min(10).max(3600).optional(),
});
export type GatewayStatus = z.infer<typeof statusSchema>;

export const batchAckSchema = z.object({
  id: z.string(),
  status: z.enum(['committed', 'rejected']),
  reason: z.string().optional(),
});
export type BatchAck = z.infer<typeof batchAckSchema>;

export const COMMAND_TYPES = [
  'restart',
  'uploadInterval',
  'meshCheck',
  'debugRead',
  'debugWrite',
  'settingsRead',
  'settingsWrite',
  'boot',
  'shutdown',
  'switchOn',
  'switchOff',
  'timingTask',
  'selfCheck',
  'ivScan',
  'upgrade',
  'cancelUpgrade',
  'serverAddress',
  'logRead',
  'sunspecScan',
  'protocolUpdate',
  'batterySchedule',
] as const;
export type CommandType = (typeof COMMAND_TYPES)[number];

export const commandSchema = z.object({
  cmdId: z.string().min(1).max(64),
  type: z.enum(COMMAND_TYPES),
  device: serial.optional(),
  params: z.record(z.string(), z.unknown()).default({}),
  /** The command is void after this time (the gateway answers failed: expired). */
  expiresAt: timestamp,
});
export type GatewayCommand = z.infer<typeof commandSchema>;

export const commandResultSchema = z.object({
  cmdId: z.string().min(1).max(64),
  status: z.enum(['accepted', 'progress', 'succeeded', 'failed']),
  progress: z.number().min(0).max(100).optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.string().max(200).optional(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// batterySchedule (issue 17): the optimiser's plan, sent to a hybrid inverter as a whole

/** 48 hours of quarter hours: the longest plan the optimiser makes. */
export const BATTERY_SCHEDULE_MAX_SLOTS = 192;

/**
 * One slot of a hybrid inverter's schedule. The inverter follows the slot covering the present moment on its
 * own, so a console that goes quiet leaves a device that keeps to its plan until the plan ends, then returns
 * to self-use (as Victron's dynamic ESS and the time-of-use periods of hybrid inverters do).
 */
export const batteryScheduleSlotSchema = z.object({
  start: timestamp,
  minutes: z.union([z.literal(15), z.literal(30), z.literal(60)]),
  /** Battery power at its terminals, W: positive discharging, negative charging (within what it can take). */
  batteryW: z.number().int().min(-1_000_000).max(1_000_000),
  /** The most the plant may export in the slot, W (0: none, at a negative or unpaid price); null: no limit. */
  exportLimitW: z.number().int().min(0).max(1_000_000).nullable(),
});
export type BatteryScheduleSlot = z.infer<typeof batteryScheduleSlotSchema>;

/** batterySchedule's params: slots in order without overlap; none returns the inverter to self-use. */
export const batteryScheduleParamsSchema = z.object({
  slots: z
    .array(batteryScheduleSlotSchema)
    .max(BATTERY_SCHEDULE_MAX_SLOTS)
    .refine(
      (slots) => slots.every((s, i) => i === 0 || s.start >= slots[i - 1]!.start + slots[i - 1]!.minutes * 60_000),
      {
        message: 'slots overlap or are out of order',
      },
    ),
});
export type BatteryScheduleParams = z.infer<typeof batteryScheduleParamsSchema>;

/** The slot of a schedule covering `now`, if any. */
export function scheduleSlotAt(slots: readonly BatteryScheduleSlot[], now: number): BatteryScheduleSlot | undefined {
  return slots.find((s) => s.start <= now && now < s.start + s.minutes * 60_000);
}

// ---------------------------------------------------------------------------------------------------------
// settingsRead / settingsWrite of a device bound to a register-map protocol (docs/protocols.md)

const registerAddress = z.number().int().min(0).max(0xffff);
const registerValue = z.number().int().min(0).max(0xffff);

/** One block to read: `fc` 1 coils or 3 holding registers, `count` of them from `start`. */
export const registerReadSchema = z
  .object({
    fc: z.union([z.literal(1), z.literal(3)]),
    start: registerAddress,
    count: z.number().int().min(1).max(125),
  })
  .refine((r) => r.start + r.count - 1 <= 0xffff, { message: 'past FFFF' });
export type RegisterReadBlock = z.infer<typeof registerReadSchema>;

/**
 * One write: `fc` 5 one coil (`registers` [0] or [1]), 6 one holding register, 16 several holding registers
 * from `start`.
 */
export const registerWriteSchema = z
  .object({
    fc: z.union([z.literal(5), z.literal(6), z.literal(16)]),
    start: registerAddress,
    registers: z.array(registerValue).min(1).max(123),
  })
  .refine((w) => (w.fc === 5 ? w.registers.length === 1 && w.registers[0]! <= 1 : true), { message: 'coil' })
  .refine((w) => (w.fc === 6 ? w.registers.length === 1 : true), { message: 'one register' })
  .refine((w) => w.start + w.registers.length - 1 <= 0xffff, { message: 'past FFFF' });
export type RegisterWriteBlock = z.infer<typeof registerWriteSchema>;

/** `settingsRead` params of a bound device: the form's keys and the blocks that hold them. */
export const settingsReadParamsSchema = z.object({
  keys: z.array(z.string()).optional(),
  reads: z.array(registerReadSchema).min(1).max(64),
});
/** What the device answers (`result` of a succeeded up/ack): each block read, in the order asked. */
export const settingsReadResultSchema = z.object({
  blocks: z.array(z.object({ fc: z.number().int(), start: registerAddress, registers: z.array(registerValue) })),
});
/** `settingsWrite` params of a bound device: the values as the person entered them and the encoded writes. */
export const settingsWriteParamsSchema = z.object({
  values: z.record(z.string(), z.unknown()).optional(),
  writes: z.array(registerWriteSchema).min(1).max(64),
});

// ---------------------------------------------------------------------------------------------------------
// ivScan: a PV I-V curve sweep of an inverter's MPPT inputs

/** How many points a scanned curve has: enough to see a knee, few enough for one MQTT message. */
export const IV_SCAN_POINTS = { min: 20, max: 100 } as const;
/** MPPT inputs one scan may report (a micro inverter reports one per panel). */
export const IV_SCAN_MAX_MPPTS = 64;

export const ivPointSchema = z.object({
  /** Voltage across the input, V. */
  v: z.number().min(0).max(2000),
  /** Current out of the panels, A (never negative: the sweep stops at open circuit). */
  i: z.number().min(0).max(1000),
});
export type IvPoint = z.infer<typeof ivPointSchema>;

export const ivMpptCurveSchema = z.object({
  /** The input's number, as in the `mppt<n>_*` metrics (1-based). */
  index: z.number().int().min(1).max(IV_SCAN_MAX_MPPTS),
  /** The sweep, voltage strictly ascending from (near) short circuit to open circuit. */
  points: z
    .array(ivPointSchema)
    .min(IV_SCAN_POINTS.min)
    .max(IV_SCAN_POINTS.max)
    .refine((ps) => ps.every((p, k) => k === 0 || p.v > (ps[k - 1]?.v ?? -1)), { message: 'ascending' }),
  /** Open-circuit voltage V, short-circuit current A, maximum power point V, A and W. */
  voc: z.number().min(0),
  isc: z.number().min(0),
  vmp: z.number().min(0),
  imp: z.number().min(0),
  pmax: z.number().min(0),
});
export type IvMpptCurve = z.infer<typeof ivMpptCurveSchema>;

/** The most lines a gateway answers to `logRead` (its own log, newest last). */
export const GATEWAY_LOG_LINES = 200;
export const GATEWAY_LOG_LEVELS = ['info', 'warn', 'error'] as const;

/** One line of a gateway's own log. */
export const gatewayLogLineSchema = z.object({
  /** Unix ms. */
  at: z.number().int(),
  level: z.enum(GATEWAY_LOG_LEVELS),
  message: z.string().max(500),
});
export type GatewayLogLine = z.infer<typeof gatewayLogLineSchema>;

/** What a gateway answers to `logRead` (params `{ lines }`, at most GATEWAY_LOG_LINES): its newest log lines. */
export const gatewayLogResultSchema = z.object({
  lines: z.array(gatewayLogLineSchema).max(GATEWAY_LOG_LINES),
});
export type GatewayLogResult = z.infer<typeof gatewayLogResultSchema>;

/** What a gateway answers to `ivScan` (in `result` of a succeeded up/ack): one curve per input with panels. */
export const ivScanResultSchema = z.object({
  mppts: z
    .array(ivMpptCurveSchema)
    .min(1)
    .max(IV_SCAN_MAX_MPPTS)
    .refine((ms) => new Set(ms.map((m) => m.index)).size === ms.length, { message: 'unique' }),
});
export type IvScanResult = z.infer<typeof ivScanResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// sunspecScan: the SunSpec model chain of a device behind the gateway (issue 14 item 4)

/** Params of `sunspecScan`: the device (its serial; default the gateway's first SunSpec device), its Modbus unit, the base address. */
export const sunspecScanParamsSchema = z.object({
  device: serial.optional(),
  unitId: z.number().int().min(1).max(247).optional(),
  /** Where to look for "SunS": 40000, 50000 or 0; default each of them in that order. */
  base: z.union([z.literal(40000), z.literal(50000), z.literal(0)]).optional(),
});
export type SunspecScanParams = z.infer<typeof sunspecScanParamsSchema>;

/** What a gateway answers to `sunspecScan`: the marker's address and each model header in the chain. */
export const sunspecScanResultSchema = z.object({
  device: serial,
  unitId: z.number().int().min(1).max(247),
  base: z.number().int().min(0).max(65_535),
  models: z
    .array(
      z.object({
        /** The SunSpec model number (1 common, 103 three-phase inverter …). */
        id: z.number().int().min(1).max(65_534),
        /** The address of the model's ID register. */
        address: z.number().int().min(0).max(65_535),
        /** L: the registers after the ID and L registers. */
        length: z.number().int().min(0).max(65_535),
      }),
    )
    .max(100),
});
export type SunspecScanResult = z.infer<typeof sunspecScanResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// protocolUpdate: a protocol config pushed to the gateways whose devices use it (issue 14 item 5)

/** A column as a gateway needs it to read and decode the value (addresses as numbers). */
export const protocolUpdateColumnSchema = z.object({
  name: z.string().min(1).max(200),
  fc: z.number().int().min(1).max(4),
  address: z.number().int().min(0).max(65_535),
  count: z.number().int().min(1).max(125),
  dataType: z.string().min(1).max(16),
  byteSwap: z.boolean(),
  registerSwap: z.boolean(),
  scale: z.number(),
  base: z.number(),
  /** The column holding the scale-factor exponent, when there is one (SunSpec sunssf). */
  scaleFactor: z.string().max(64).nullable(),
  skipBytes: z.number().int().min(0),
  unit: z.string().max(64),
});
export type ProtocolUpdateColumn = z.infer<typeof protocolUpdateColumnSchema>;

export const protocolUpdateParamsSchema = z.object({
  /** The protocol's code, as the devices' `protocol` names it (compared without case). */
  protocol: z.string().min(1).max(64),
  config: z.string().min(1).max(64),
  version: z.number().int().min(1),
  columns: z.array(protocolUpdateColumnSchema).max(500),
  /**
   * The gateway's devices bound to the protocol when it was sent: a gateway reports the `realtime` config's
   * columns of these devices as readings keyed by column name (docs/gateway-protocol.md). Absent: none named.
   */
  devices: z.array(serialNumber).max(1000).optional(),
});
export type ProtocolUpdateParams = z.infer<typeof protocolUpdateParamsSchema>;

/** The answer's `result`: the config and the version the gateway now holds. */
export const protocolUpdateResultSchema = z.object({
  protocol: z.string(),
  config: z.string(),
  version: z.number().int().min(1),
});
export type ProtocolUpdateResult = z.infer<typeof protocolUpdateResultSchema>;

/** cmdId of a protocolUpdate command: this prefix and the push row's id (modules/protocols/push.ts). */
export const PROTOCOL_PUSH_CMD_PREFIX = 'ppu-';
