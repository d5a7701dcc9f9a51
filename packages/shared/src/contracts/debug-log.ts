import { z } from 'zod';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * The debug log (issue 14 item 6; spec §2.3 "Logging: … debug logs"): every register read and write sent
 * through remote debug (commands debugRead and debugWrite), to the devices the caller may see, with the
 * device's reply, newest first.
 */
export const DEBUG_LOG_KINDS = ['read', 'write'] as const;
export type DebugLogKind = (typeof DEBUG_LOG_KINDS)[number];

export const debugLogRow = z.object({
  /** The command's id. */
  id: z.string(),
  /** Unix ms, when it was sent. */
  at: z.number().int(),
  deviceSn: z.string(),
  deviceKind: z.string(),
  gatewaySn: z.string(),
  plantName: z.string().nullable(),
  kind: z.enum(DEBUG_LOG_KINDS),
  /** Modbus function code (03/04 read, 06/10 write) and the first register's address. */
  fc: z.number().int().nullable(),
  address: z.number().int().nullable(),
  /** Registers asked for (a read). */
  count: z.number().int().nullable(),
  /** Register values sent (a write). */
  written: z.array(z.number()),
  /** Register values the device answered. */
  registers: z.array(z.number()),
  /** sent, accepted, succeeded, failed, timed_out (the command's status). */
  status: z.string(),
  error: z.string().nullable(),
  /** The account that sent it. */
  by: z.string().nullable(),
});
export type DebugLogRow = z.infer<typeof debugLogRow>;

export const debugLogQuery = z.object({
  /** A device's or gateway's serial number, in part. */
  q: z.string().trim().max(64).optional(),
  kind: z.enum(DEBUG_LOG_KINDS).optional(),
  /** Unix ms, inclusive. */
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  ...pageQuery,
});
export type DebugLogQuery = z.input<typeof debugLogQuery>;

export const debugLogContracts = contracts({
  /** Register reads and writes sent through remote debug, newest first. */
  'GET /log/debug': { query: debugLogQuery, answer: pageOf(debugLogRow) },
});
