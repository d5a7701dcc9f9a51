/**
 * Tells an unavailable database (down, restarting, unreachable, out of connections) from a database that
 * answered and refused the data. The first is never the sender's fault: whoever wrote should wait and try
 * again. Only the second may be answered with "rejected".
 */

// SQLSTATE classes of PostgreSQL that are about the server, not the statement: 08 connection exception,
// 53 insufficient resources (disk full, out of memory, too many connections), 57P operator intervention
// (admin or crash shutdown, cannot connect now), 58 system error (I/O).
const UNAVAILABLE_SQLSTATE = /^(08|53|57P|58)/;

// What Node's sockets say when the server is gone or unreachable.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
]);

// node-postgres and PGlite raise these as plain errors, without a code.
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection error and is not queryable/i,
  /client was closed and is not queryable/i,
  /cannot use a pool after calling end/i,
  /pglite is closed/i,
];

export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code)) return true;
    if (/^[0-9A-Z]{5}$/.test(e.code) && UNAVAILABLE_SQLSTATE.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(e.message as string))) return true;
  // Drizzle wraps the driver's error as `cause`; a connect to several addresses fails as an AggregateError.
  if (isDatabaseUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1));
}
