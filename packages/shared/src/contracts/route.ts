import type { z } from 'zod';

/**
 * One call of /api/v1 as both sides see it. The key of a contract is `METHOD /path` with `:name` for path
 * parameters (the server's route, without the /api/v1 prefix). `answer` is the `data` of the call's envelope
 * `{code, data, msg}`; `null` marks a call whose answer is not JSON (a file or an event stream).
 * `query` and `body`, where given, are the schemas the server validates with, so the web's arguments are
 * typed by the same rule.
 */
export interface Contract {
  readonly answer: z.ZodType | null;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** A JSON answer outside the envelope (only the broker's auth protocol has one); `answer` is then null. */
  readonly bare?: z.ZodType;
}

/** Keeps each contract's literal types (the route table is typed from them) while checking the shape. */
export const contracts = <T extends Record<`${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`, Contract>>(table: T): T =>
  table;
