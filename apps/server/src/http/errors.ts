import { ERROR_CODES, type ErrorKey, type FieldError, type FieldRule } from '@heliograph/shared';

/**
 * A failure a user can cause: it becomes `{code, data, msg}` with the message in the caller's language.
 * Throw it from a handler or service; the error handler renders it and nothing is written after it.
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly code: number;
  readonly data: unknown;
  readonly httpStatus: number;
  /** Sent as Retry-After (a 429 of a rate limit). */
  readonly retryAfterS: number | undefined;

  constructor(key: ErrorKey, opts: { data?: unknown; httpStatus?: number; retryAfterS?: number } = {}) {
    super(key);
    this.key = key;
    this.code = ERROR_CODES[key];
    this.data = opts.data ?? null;
    this.httpStatus = opts.httpStatus ?? 200;
    this.retryAfterS = opts.retryAfterS;
  }
}

/** Code 4 naming the offending fields (messages are filled in by the error handler, in the caller's language). */
export class ValidationError extends AppError {
  readonly fields: { field: string; rule: FieldRule }[];
  constructor(fields: { field: string; rule: FieldRule }[]) {
    super('validation', { httpStatus: 400 });
    this.fields = fields;
  }
}

export type { FieldError };
