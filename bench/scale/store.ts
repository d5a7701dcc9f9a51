import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { ensureDemoFleet, fleetFile } from '../../apps/server/src/modules/demo/fleet.js';
import { seedDemo } from '../../apps/server/src/modules/demo/seed.js';
import type { ScaleRun } from './options.js';
import { scratchDatabase } from '../../apps/server/src/test/scratch-database.js';

export const BENCH_PASSWORD = 'Bench2026pass';

export interface PreparedStore {
  /** What every server instance of the run is started with for its database. */
  env: Record<string, string>;
  /** DATA_DIR/fleet.json: the simulator's plants and gateway passwords. */
  fleetFile: string;
  seconds: number;
  drop(): Promise<void>;
}

/**
 * A fresh database with the demo accounts and a simulated fleet of `run.plants` plants in it, made before
 * any server starts (the fleet's plants, gateways and devices are provisioned as the demo fleet is).
 * Embedded: PGlite in `dir`/db, closed again before the server opens it. PostgreSQL: a new database on
 * `postgresUrl`'s server, dropped by `drop`.
 */
export async function prepareStore(run: ScaleRun, dir: string, postgresUrl: string): Promise<PreparedStore> {
  const started = performance.now();
  let url: string | undefined;
  let drop = async (): Promise<void> => undefined;
  if (run.store === 'postgres') {
    const scratch = await scratchDatabase(postgresUrl, 'hg_scale');
    url = scratch.url;
    drop = scratch.drop;
  }
  const database = await openDatabase(url ? { url } : { dataDir: path.join(dir, 'db') });
  try {
    await seedDemo(database.db, { dataDir: dir, demoPassword: BENCH_PASSWORD });
    const fleet = await ensureDemoFleet(database.db, { dataDir: dir, size: run.plants });
    if (!fleet) throw new Error('the demo fleet was not made (the database was not empty)');
    // Fresh statistics, as a database that has been running has: right after a bulk load the planner knows
    // nothing of the new rows and picks plans that take a minute (seen with 10,000 plants).
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
  return {
    env: url ? { DATABASE_URL: url } : {},
    fleetFile: fleetFile(dir),
    seconds: (performance.now() - started) / 1000,
    drop,
  };
}
