import type { FastifyInstance } from 'fastify';
import { ValidationError } from './errors.js';

/** Where the first string holding a NUL byte sits (`name`, `rows.2.alias`), or null when there is none. */
function nulPath(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const here = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here;
    const found = nulPath(inner, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL byte, so one in any path, query or body string would fail deep in a
 * query as a 500. Refuse it for every route, before its own schema runs, as a validation error naming the field.
 */
export function refuseNulBytes(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = nulPath(part, '', 0);
      if (field !== null) throw new ValidationError([{ field: field || 'body', rule: 'invalid' }]);
    }
  });
}
