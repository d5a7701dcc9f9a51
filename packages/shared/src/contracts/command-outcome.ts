import { z } from 'zod';

/** The answer of every route that sends a command: its state and, once final, the gateway's result. */
export const commandOutcome = z.object({
  id: z.string(),
  status: z.enum(['sent', 'accepted', 'progress', 'succeeded', 'failed', 'timed_out']),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
});
export type CommandOutcome = z.infer<typeof commandOutcome>;
export type CommandStatus = CommandOutcome['status'];
