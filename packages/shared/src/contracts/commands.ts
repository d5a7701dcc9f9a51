import { z } from 'zod';
import { pageQuery } from './paging.js';
import { contracts } from './route.js';

/** What a command comes to: sent → accepted/progress → succeeded | failed | timed_out (spec §4). */
export const COMMAND_STATUSES = ['sent', 'accepted', 'progress', 'succeeded', 'failed', 'timed_out'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/** The answer of every route that sends a command: its state and, once final, the gateway's result. */
export const commandOutcome = z.object({
  id: z.string(),
  status: z.enum(COMMAND_STATUSES),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});
export type CommandOutcome = z.infer<typeof commandOutcome>;

/** One line of the operation log: who did what to a gateway, device or plant. */
export const operationRow = z.object({
  id: z.string(),
  at: z.number(),
  operator: z.string().nullable(),
  target: z.string(),
  operation: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  result: z.string(),
  ip: z.string().nullable(),
});
export type OperationRow = z.infer<typeof operationRow>;

/** The operation log of one serial number or plant id, a page at a time. */
export const operationLogQuery = z.object({ target: z.string().min(1).max(64), ...pageQuery });
export const operationLogPage = z.object({ total: z.number(), rows: z.array(operationRow) });
export type OperationLogPage = z.infer<typeof operationLogPage>;

export const commandContracts = contracts({
  'GET /command/:id': { answer: commandOutcome },
  'GET /operation/log': { query: operationLogQuery, answer: operationLogPage },
});
