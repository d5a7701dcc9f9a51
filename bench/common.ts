import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type HeliographApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { scratchDatabase } from '../apps/server/src/test/scratch-database.js';

export function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

/** A fresh database: PGlite in a directory, or a new database on the PostgreSQL server of `url`. */
export async function freshDatabase(
  kind: 'pglite' | 'postgres',
  dir?: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dataDir = dir ?? mkdtempSync(path.join(tmpdir(), 'hg-bench-'));
    return { database: await openDatabase({ dataDir }), drop: async () => undefined };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const scratch = await scratchDatabase(url, 'hg_bench');
  const database = await openDatabase({ url: scratch.url, poolSize: Number(process.env.INGEST_LANES || 8) + 8 });
  return { database, drop: scratch.drop };
}

export async function benchApp(database: Database, env: Record<string, string> = {}): Promise<HeliographApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hg-bench-app-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      MQTT_PORT: '0',
      SIMULATE: 'false',
      LOG_LEVEL: 'warn',
      INGEST_LANES: process.env.INGEST_LANES ?? '8',
      ...env,
    }),
    webDist: path.join(dataDir, 'none'),
  };
  const built = await buildApp({ config, database, logger: process.env.BENCH_LOG === '1' });
  await built.app.ready();
  return built;
}
