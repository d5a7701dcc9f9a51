import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/** Rows of a raw query: node-postgres and PGlite both answer `{ rows }`. */
export async function query<T>(db: Pick<Db, 'execute'>, q: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(q));
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

export const toMs = (v: unknown): number => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());

/** A date column as YYYY-MM-DD, whichever type the driver hands back. */
export const toDay = (v: unknown): string =>
  typeof v === 'string' ? v.slice(0, 10) : new Date(toMs(v)).toISOString().slice(0, 10);

export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** An ILIKE pattern matching text that contains `s` as typed: its own `%`, `_` and `\\` match themselves. */
export function containing(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Any of the columns contains `s` (case-insensitive): the search box of the lists. */
export function anyContains(s: string, columns: readonly SQL[]): SQL {
  const like = containing(s);
  return sql`(${sql.join(
    columns.map((c) => sql`${c} ilike ${like}`),
    sql` or `,
  )})`;
}

/**
 * Whether a failed statement broke a unique constraint (SQLSTATE 23505), on PostgreSQL and PGlite alike (the
 * driver's error may sit in `cause` of Drizzle's). Catch it where the row is inserted and answer what the
 * sequential path answers: two requests racing past the same check must not end in a 500.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const err = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (err.code === '23505')
      // With a name: only that unique index (PostgreSQL names it in `constraint`, PGlite in the message).
      return (
        constraint === undefined ||
        err.constraint === constraint ||
        (typeof err.message === 'string' && err.message.includes(constraint))
      );
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Holds a transaction-scoped advisory lock named by `key` until the transaction ends: transactions taking
 * the same key run their check-then-write one after another (e.g. a name that must be unique without case).
 */
export async function lockName(tx: Pick<Db, 'execute'>, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}
