import path from 'node:path';

/**
 * Configuration from the environment, with the defaults of the README's table. Read once at start;
 * tests pass their own values to buildApp instead of touching process.env.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in DATA_DIR/db. */
  databaseUrl: string | undefined;
  /** Unset: mails are written to the log and DATA_DIR/outbox/. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Overrides the generated demo passwords (for tests and demos). */
  demoPassword: string | undefined;
  /** Seed the demo company and accounts on first start. */
  seedDemo: boolean;
  logLevel: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Where the built console is served from. */
  webDist: string;
  /** Port of the embedded MQTT broker (when MQTT_URL is unset); 0 picks a free one. */
  mqttPort: number;
  /** An external broker (Mosquitto, EMQX …): the server becomes its client and consumes a shared subscription. */
  mqttUrl: string | undefined;
  /** Shared secret the external broker sends to the HTTP auth/ACL endpoints (header x-mqtt-auth-secret). */
  mqttAuthSecret: string | undefined;
  /** Run the simulated demo fleet in this process. */
  simulate: boolean;
  /** Plants in the simulated demo fleet. */
  fleetSize: number;
  /** Days of history the simulated fleet backfills on its first start. */
  backfillDays: number;
  /** Ingest transactions that may run at once on PostgreSQL (PGlite always uses one). */
  ingestLanes: number;
  /** How long a command waits for the gateway's answer before it counts as timed out. */
  commandTimeoutMs: number;
  /** Seconds between the simulated gateways' telemetry batches (a real gateway's default is 300). */
  simulateIntervalSec: number;
  /**
   * Tile map of the plant map: a Leaflet URL template ({z}/{x}/{y}, optional {s}); unset, the console draws
   * its built-in offline world map. The China URL serves consoles whose in-China check says 1 (spec §4).
   */
  mapTileUrl: string | undefined;
  mapTileUrlCn: string | undefined;
  /** Credit the tile provider requires (e.g. "© OpenStreetMap contributors"), shown on the map. */
  mapTileAttribution: string;
  /** The in-China check of spec §4 (GET anonymous/inChina): set by whoever deploys the server. */
  inChina: boolean;
  /** On SIGTERM, how long /readyz answers 503 (while serving as usual) before the server stops accepting. */
  shutdownGraceMs: number;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

const here = path.dirname(new URL(import.meta.url).pathname);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed `npm start`.
  const cwd = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(cwd, env.DATA_DIR ?? './data');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Heliograph <no-reply@heliograph.local>',
    demoPassword: env.DEMO_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 900),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL, 30 * 24 * 3600),
    mqttPort: int(env.MQTT_PORT, 1883),
    mqttUrl: env.MQTT_URL || undefined,
    mqttAuthSecret: env.MQTT_AUTH_SECRET || undefined,
    simulate: env.SIMULATE !== 'false',
    fleetSize: int(env.FLEET_SIZE, 24),
    backfillDays: int(env.BACKFILL_DAYS, 90),
    simulateIntervalSec: int(env.SIMULATE_INTERVAL, 60),
    ingestLanes: Math.max(1, int(env.INGEST_LANES, 8)),
    commandTimeoutMs: Math.max(1, int(env.COMMAND_TIMEOUT_S, 15)) * 1000,
    mapTileUrl: env.MAP_TILE_URL || undefined,
    mapTileUrlCn: env.MAP_TILE_URL_CN || undefined,
    mapTileAttribution: env.MAP_TILE_ATTRIBUTION ?? '',
    inChina: env.IN_CHINA === 'true' || env.IN_CHINA === '1',
    shutdownGraceMs: int(env.SHUTDOWN_GRACE_S, 5) * 1000,
    webDist: env.WEB_DIST ? path.resolve(cwd, env.WEB_DIST) : path.join(here, '../../web/dist'),
  };
}
