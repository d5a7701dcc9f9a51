import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.js';
import { letTheLoopTurn } from './pglite-turns.js';
import { watchSlowStatements, type SlowStatement } from './slow-statements.js';

/** One type for both drivers: the same queries run on PGlite and PostgreSQL (DESIGN §1). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when a trivial query answers; /readyz reports it. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(new URL(import.meta.url).pathname), '../../drizzle');

// Any fixed number: instances starting together on one PostgreSQL migrate one at a time.
const MIGRATION_LOCK = 724_311;

/**
 * Opens the database and brings its schema up to date. `url` undefined means PGlite: in `dataDir` when
 * given, in memory otherwise (tests).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string | undefined;
  /** Connections to PostgreSQL at most (default 10). */
  poolSize?: number;
  /** Told when the server ends an idle pooled connection (PostgreSQL only). */
  onIdleError?: (err: Error) => void;
  /**
   * Told of every embedded (PGlite) statement that took at least `slowMs` (0: none): it held the whole process
   * that long. PostgreSQL has its own log_min_duration_statement.
   */
  onSlowStatement?: (slow: SlowStatement) => void;
  slowMs?: number;
}): Promise<Database> {
  if (opts.url) {
    // Each ingest lane holds a connection for its transaction; requests need their own beside them.
    // No JIT: the console's queries are short, and a plan whose estimate counts a correlated subquery for every
    // row (a plant's status, computed only for plants without a current summary) passes jit_above_cost and
    // spent over a second compiling for a query that runs in milliseconds (10,000 plants, issue 11).
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10, options: '-c jit=off' });
    // An idle connection the server ends (a PostgreSQL restart, a failover, an administrator) makes the pool
    // emit 'error'; unhandled, that would bring the whole process down. pg has already dropped the broken
    // client, and the next query opens a new one, so this only needs to be told.
    pool.on('error', (err) => opts.onIdleError?.(err));
    // A connection lost while checked out (mid-transaction) emits 'error' on its client, which the pool only
    // listens to while the client is idle: unheard, it would end the process. The query in flight fails on
    // its own (and ingest waits for the database), so this too only needs to be told.
    pool.on('connect', (client) => client.on('error', (err) => opts.onIdleError?.(err)));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const client = opts.dataDir ? new PGlite(opts.dataDir) : new PGlite({ loadDataDir: await migratedImage() });
  await client.waitReady;
  letTheLoopTurn(client);
  if (opts.onSlowStatement && opts.slowMs) watchSlowStatements(client, opts.slowMs, opts.onSlowStatement);
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    close: () => client.close(),
  };
}

let image: Promise<Blob> | null = null;

/**
 * An empty database with every migration applied, made once per process. Tests open hundreds of in-memory
 * databases; loading this image takes about 0.5 s where initdb and the migrations take about 3 s (measured
 * 2026-11-27), which was most of each API test file's start. The migrations still run on the copy (a no-op).
 */
function migratedImage(): Promise<Blob> {
  image ??= (async () => {
    const fresh = new PGlite();
    await fresh.waitReady;
    await migratePglite(drizzlePglite(fresh, { schema }), { migrationsFolder });
    const dump = await fresh.dumpDataDir('none');
    await fresh.close();
    return dump;
  })().catch((err: unknown) => {
    image = null;
    throw err;
  });
  return image;
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
