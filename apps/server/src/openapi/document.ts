import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';

/** Object keys sorted at every level, so the same routes always print the same text (a diff shows real changes). */
export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/**
 * The OpenAPI document the server generates from its route schemas, as stable text: the app is built without
 * listening (no simulator, an in-memory PGlite, a temporary DATA_DIR, the broker on a free port), nothing in
 * the document depends on the time or the port.
 */
export async function openApiText(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hg-openapi-'));
  const database = await openDatabase({});
  try {
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, MQTT_PORT: '0', SIMULATE: 'false' }),
      webDist: path.join(dataDir, 'no-web'),
    };
    const { app } = await buildApp({ config, logger: false, database, mailer: { send: async () => {} } });
    await app.ready();
    const doc = app.swagger();
    await app.close();
    return `${JSON.stringify(sortKeys(doc), null, 2)}\n`;
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Leaf values by JSON pointer, to name what differs between two documents. */
function leaves(value: unknown, at = '', out = new Map<string, string>()): Map<string, string> {
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) leaves(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
  } else out.set(at, JSON.stringify(value));
  return out;
}

/** A short summary of how the committed document differs from the generated one (at most `limit` lines). */
export function diffSummary(committed: string, generated: string, limit = 20): string[] {
  let old: unknown;
  try {
    old = JSON.parse(committed);
  } catch {
    return ['the committed document is not valid JSON'];
  }
  const a = leaves(old);
  const b = leaves(JSON.parse(generated));
  const lines: string[] = [];
  for (const [k, v] of b) if (!a.has(k)) lines.push(`+ ${k} = ${v.slice(0, 80)}`);
  for (const k of a.keys()) if (!b.has(k)) lines.push(`- ${k}`);
  for (const [k, v] of b)
    if (a.has(k) && a.get(k) !== v) lines.push(`~ ${k}: ${a.get(k)?.slice(0, 40)} → ${v.slice(0, 40)}`);
  if (lines.length === 0) return ['same values, different formatting'];
  return lines.length > limit ? [...lines.slice(0, limit), `… and ${lines.length - limit} more`] : lines;
}
