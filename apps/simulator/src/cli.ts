/**
 * npm run simulate -- --fleet <fleet.json> --mqtt mqtt://host:1883 [--interval 300] [--backfill-days 90]
 *                     [--dense-days 2] [--stats-every 30] [--stats-json]
 *                     [--manifest-key-url http://host:8080/api/v1/upgrade/manifestKey]
 *
 * Runs the fleet described by fleet.json ({ "plants": PlantDef[], "credentials": { "<gatewaySn>": "<password>" } },
 * which the server writes for its demo fleet) against a broker until interrupted. With --manifest-key-url the
 * gateways trust the platform key found there (fetched once, at start) for upgrades; without it they refuse
 * every upgrade with 'bad signature'.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startFleet } from './fleet/run.js';
import type { PlantDef } from './fleet/types.js';
import type { Logger } from './gateway/logger.js';

const USAGE =
  'usage: npm run simulate -- --fleet <fleet.json> --mqtt mqtt://host:1883 [--interval 300] [--backfill-days 90] ' +
  '[--dense-days 2] [--stats-every 30] [--stats-json] [--manifest-key-url <url>]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function integer(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) fail(`--${name} must be an integer from ${min} to ${max}`);
  return n;
}

/** Checks the shape the runner relies on; the rest of a PlantDef is trusted as the server wrote it. */
function readFleet(path: string): { plants: PlantDef[]; credentials: Record<string, string> } {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    fail(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof json !== 'object' || json === null || !('plants' in json) || !('credentials' in json)) {
    fail(`${path} must hold { "plants": [...], "credentials": {...} }`);
  }
  const { plants, credentials } = json;
  const isPlant = (p: unknown) => typeof p === 'object' && p !== null && 'gateways' in p && Array.isArray(p.gateways);
  if (!Array.isArray(plants) || !(plants as unknown[]).every(isPlant)) {
    fail(`${path}: "plants" must be a list of plants, each with "gateways"`);
  }
  if (
    typeof credentials !== 'object' ||
    credentials === null ||
    Object.values(credentials).some((v) => typeof v !== 'string')
  ) {
    fail(`${path}: "credentials" must map gateway serial numbers to passwords`);
  }
  return { plants: plants as PlantDef[], credentials: credentials as Record<string, string> };
}

const { values } = parseArgs({
  options: {
    fleet: { type: 'string' },
    mqtt: { type: 'string' },
    interval: { type: 'string' },
    'backfill-days': { type: 'string' },
    'dense-days': { type: 'string' },
    'stats-every': { type: 'string' },
    /** Stats as one JSON line each (`stats {...}`), for the scale benchmark that reads them. */
    'stats-json': { type: 'boolean' },
    /** GET /api/v1/upgrade/manifestKey of the server: the key upgrade manifests are signed with. */
    'manifest-key-url': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!values.fleet) fail('--fleet is required');
if (!values.mqtt || !/^mqtts?:\/\//.test(values.mqtt)) fail('--mqtt must be an mqtt:// or mqtts:// URL');

// `npm run simulate` from the repository root runs this in apps/simulator; paths are meant from where it was typed.
const { plants, credentials } = readFleet(resolve(process.env.INIT_CWD ?? process.cwd(), values.fleet));
const log: Logger = (level, message) => {
  const line = `${new Date().toISOString()} ${level.padEnd(5)} ${message}\n`;
  (level === 'info' ? process.stdout : process.stderr).write(line);
};

const manifestKeyUrl = values['manifest-key-url'];
if (manifestKeyUrl !== undefined && !/^https?:\/\//.test(manifestKeyUrl))
  fail('--manifest-key-url must be an http(s) URL');
const manifestKey = manifestKeyUrl === undefined ? undefined : await fetchManifestKey(manifestKeyUrl);

const statsEvery = integer(values['stats-every'], 'stats-every', 1, 3600) ?? 30;
const fleet = startFleet({
  plants,
  credentials,
  mqttUrl: values.mqtt,
  intervalSec: integer(values.interval, 'interval', 10, 3600),
  backfillDays: integer(values['backfill-days'], 'backfill-days', 0, 3650),
  denseDays: integer(values['dense-days'], 'dense-days', 0, 3650),
  log,
  manifestKey,
});
log(
  'info',
  `${plants.length} plants, ${plants.reduce((n, p) => n + p.gateways.length, 0)} gateways, broker ${values.mqtt}`,
);

const report = setInterval(() => {
  const s = fleet.stats();
  if (values['stats-json']) {
    process.stdout.write(`stats ${JSON.stringify({ at: Date.now(), ...s })}\n`);
    return;
  }
  log(
    'info',
    `connected ${s.connected}/${s.gateways}; live ${s.live.batches} batches; backfill ${s.backfill.samples} samples` +
      `${s.backfill.done ? ' (done)' : ''}; committed ${s.committed}, rejected ${s.rejected}, buffered ${s.buffered}`,
  );
}, statsEvery * 1000);

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
  log('info', `${signal}: stopping (gateways say offline)`);
  clearInterval(report);
  fleet.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
/**
 * The platform key, asked for once: a server that is still starting gets a few tries, a wrong URL or answer
 * stops the simulator (better than a fleet that silently refuses every upgrade).
 */
async function fetchManifestKey(url: string): Promise<string> {
  let last = '';
  for (let attempt = 0; attempt < 5; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 2000 * attempt));
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) {
        last = `HTTP ${response.status}`;
        if (response.status < 500) break;
        continue;
      }
      const json: unknown = await response.json();
      const body = json as { data?: { publicKey?: unknown }; publicKey?: unknown };
      // The server wraps answers as { code, msg, data }; a bare { publicKey } is taken too.
      const key = body.data?.publicKey ?? body.publicKey;
      if (typeof key === 'string' && key.includes('BEGIN PUBLIC KEY')) return key;
      last = 'no publicKey (SPKI PEM) in the answer';
      break;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
  }
  fail(`--manifest-key-url ${url}: ${last}`);
}

process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
