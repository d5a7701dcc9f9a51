import { z } from 'zod';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * The communication log of a gateway (issue 14 item 6; spec §2.2 log/commu, §2.3 "communication log"): every
 * message the server received from a gateway and every message it sent to one, with when, which way, on
 * which channel (the topic after `hg/v1/<sn>/`), its size and a short decoded summary; the payload is kept up
 * to COMM_LOG_LIMITS.payloadBytes. Rows are kept COMM_LOG_DAYS days (docs/gateway-protocol.md).
 */
export const COMM_LOG_LIMITS = {
  /** Payload bytes kept per message; the size column still says how big it was. */
  payloadBytes: 4096,
  /** The longest full telemetry recording can be switched on for at once (issue 11: payloads of a fleet). */
  fullTelemetryHours: 24,
} as const;

export const COMM_DIRECTIONS = ['up', 'down'] as const;
export type CommDirection = (typeof COMM_DIRECTIONS)[number];

/** What a message was, as the summary says it (the web words it in the reader's language). */
export const COMM_KINDS = [
  'telemetry',
  'event',
  'result',
  'status',
  'command',
  'batchAck',
  'other',
  'invalid',
] as const;
export type CommKind = (typeof COMM_KINDS)[number];

/**
 * The decoded summary of a message: its kind and the few facts that say what it carried (telemetry: samples and
 * devices; event: code and state; command: type and device; result: command id and status …).
 */
export const commSummary = z.object({
  kind: z.enum(COMM_KINDS),
  /** telemetry: readings in the batch. */
  samples: z.number().int().optional(),
  /** telemetry: devices the readings are of. */
  devices: z.number().int().optional(),
  /** event: its code; */
  code: z.string().optional(),
  /** event: raised or cleared; status: online or offline; result and batch ack: the answer's status. */
  state: z.string().optional(),
  /** command: its type. */
  type: z.string().optional(),
  /** command and event: the device's serial number. */
  device: z.string().optional(),
  /** command and result: the command's id; batch ack: the batch's id. */
  ref: z.string().optional(),
});
export type CommSummary = z.infer<typeof commSummary>;

/** One message of the log, as the list shows it (the payload is fetched on its own). */
export const commMessageRow = z.object({
  id: z.string(),
  /** Unix ms. */
  at: z.number().int(),
  direction: z.enum(COMM_DIRECTIONS),
  /** The topic after `hg/v1/<sn>/`: up/telemetry, up/event, up/ack, status, down/cmd, down/ack. */
  channel: z.string(),
  /** The whole message's size in bytes. */
  size: z.number().int(),
  summary: commSummary,
});
export type CommMessageRow = z.infer<typeof commMessageRow>;

/** One message with its stored payload (at most COMM_LOG_LIMITS.payloadBytes; `truncated` when it was longer). */
export const commMessage = commMessageRow.extend({
  payload: z.string(),
  truncated: z.boolean(),
  /** False: telemetry logged as its summary only (full recording was off for the gateway); payload is empty. */
  kept: z.boolean(),
});
export type CommMessage = z.infer<typeof commMessage>;

export const commMessagesQuery = z.object({
  /** Unix ms, inclusive. */
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  direction: z.enum(COMM_DIRECTIONS).optional(),
  /** A channel, e.g. `up/telemetry`. */
  channel: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z/]+$/)
    .optional(),
  /** Text in the payload (a command id, a device's serial number, an event code …), in part. */
  q: z.string().trim().max(64).optional(),
  ...pageQuery,
});
export type CommMessagesQuery = z.input<typeof commMessagesQuery>;

/** Whether the log keeps a gateway's telemetry in full, and until when (Unix ms; null: summaries only). */
export const commRecording = z.object({ fullUntil: z.number().int().nullable() });
export type CommRecording = z.infer<typeof commRecording>;

/** Keep the gateway's telemetry in full for this many hours from now (0: summaries only from now on). */
export const commRecordingBody = z.object({ hours: z.number().int().min(0).max(COMM_LOG_LIMITS.fullTelemetryHours) });

export const commLogContracts = contracts({
  /** A page of a gateway's messages, newest first. */
  'GET /gateway/:sn/messages': { query: commMessagesQuery, answer: pageOf(commMessageRow) },
  /** One message with its stored payload. */
  'GET /gateway/:sn/message/:id': { answer: commMessage },
  /** Whether the gateway's telemetry is kept in full. */
  'GET /gateway/:sn/comm-log/recording': { answer: commRecording },
  /** Keep the gateway's telemetry in full for some hours, or summaries only. */
  'POST /gateway/:sn/comm-log/recording': { body: commRecordingBody, answer: commRecording },
});
