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
