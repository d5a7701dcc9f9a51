import { errorMessage, type Envelope } from '@heliograph/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** The success answer of every route: `{code: 0, data, msg}` with msg in the caller's language. */
export function ok<T>(req: FastifyRequest, data: T): Envelope<T> {
  return { code: 0, data, msg: errorMessage('ok', req.lang) };
}

/** The zod schema of an envelope around `data`, for route response schemas and the OpenAPI document. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), data, msg: z.string() });
}

export const emptyEnvelope = envelope(z.null());
