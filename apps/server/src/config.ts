import path from 'node:path';
import { MAX_FLEET_SIZE } from '@heliograph/shared';
import { z } from 'zod';
import type { ObjectStoreConfig } from './modules/files/object-store.js';
import { RATE_LIMIT_RULES, loadRateLimits, rateLimitText, type RateLimits } from './modules/rate-limit/rules.js';

/**
 * Configuration from the environment, with the defaults of the README's table. Read and checked once at
 * start, all in this file; tests pass their own values to buildApp instead of touching process.env.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database in DATA_DIR/db. */
  databaseUrl: string | undefined;
  /**
   * An S3-compatible store for files' bytes (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY,
   * S3_REGION). Unset: files live in the database.
   */
  objectStore: ObjectStoreConfig | undefined;
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
  /**
   * The shared-subscription group the instances of one deployment consume gateway messages in: each message
   * reaches one of them. Another deployment (or test) on the same broker needs a group of its own.
   */
  mqttShareGroup: string;
  /** Request limits (RATE_LIMIT_* variables, modules/rate-limit/rules.ts). */
  rateLimits: RateLimits;
  /**
   * Which proxies' X-Forwarded-For to believe for the client's address (the per-address rate limits and
   * the operation log use it): their addresses/CIDRs, default the private ranges; `true` all, `false` none.
   */
  trustProxy: boolean | string;
  /** Run the simulated demo fleet in this process. */
  simulate: boolean;
  /** Plants in the simulated demo fleet. */
  fleetSize: number;
  /** Days of history the simulated fleet backfills on its first start. */
  backfillDays: number;
  /** Ingest transactions that may run at once on PostgreSQL (PGlite always uses one). */
  ingestLanes: number;
  /** Embedded database: a statement at least this long (ms) is logged as a warning; 0 logs none. */
  slowStatementMs: number;
  /** How long a command waits for the gateway's answer before it counts as timed out. */
  commandTimeoutMs: number;
  /** Days the communication log keeps a gateway's messages (COMM_LOG_DAYS). */
  commLogDays: number;
  /** The bearer token of GET /metrics (METRICS_TOKEN); without it /metrics does not exist. */
  metricsToken: string | undefined;
  /** Seconds between the simulated gateways' telemetry batches (a real gateway's default is 300). */
  simulateIntervalSec: number;
  /**
   * How the simulated devices take an upgrade: their flashing time multiplied by `timeScale` (an inverter
   * takes 20–60 s at 1), and the percentage of installs that fail (issue 13).
   */
  simulateUpgrade: { timeScale: number; failPercent: number };
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
  /** How long a caller's plant list, counts and map answers are reused (http/answer-cache.ts); 0: never. */
  answerCacheMs: number;
  /**
   * Account migration between regions (REGION, REGIONS, REGION_SECRET; modules/migration): this deployment's
   * region, its peers' console addresses by region code, and the secret their server-to-server calls are
   * signed with. Undefined when unset: the feature is off.
   */
  migration: MigrationConfig | undefined;
  /**
   * The console's public origin (PUBLIC_URL), without a trailing slash: gateways download upgrade images from
   * it, so it must be reachable from them. Default http://127.0.0.1:<PORT> (a single machine, the simulator).
   */
  publicUrl: string;
  /** Debian's ffmpeg and ffprobe (FFMPEG_PATH, FFPROBE_PATH): they pull RTSP and write HLS (issue 18). */
  ffmpegPath: string;
  ffprobePath: string;
  /** Live HLS segments and folder storage spaces live below this folder (VIDEO_DIR, default DATA_DIR/video). */
  videoDir: string;
  /** Give the demo fleet's larger plants simulated cameras (SIMULATE_CAMERAS; only with SIMULATE). */
  simulateCameras: boolean;
}

export interface MigrationConfig {
  region: string;
  /** Region code → the peer's base URL (https; http only for a loopback address, as tests use). */
  peers: Record<string, string>;
  secret: string;
  /**
   * The broker address this region's gateways connect to (REGION_MQTT_URL): told to the region an account
   * leaves, which sends it to the account's gateways (command `serverAddress`). Without it they are not told.
   */
  mqttUrl?: string | undefined;
}

/**
 * An external broker without the secret its auth calls carry: the broker-auth endpoints tell whether a gateway
 * password is right, so without a secret anyone could ask. Refused here at start and by buildApp.
 */
export const MISSING_BROKER_SECRET =
  'MQTT_URL is set but MQTT_AUTH_SECRET is not: set MQTT_AUTH_SECRET to the secret your broker sends in the x-mqtt-auth-secret header of its calls to /api/v1/mqtt/auth and /api/v1/mqtt/acl';

/** Pino's levels, which LOG_LEVEL chooses from. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A configuration variable that cannot be used. `lines` has one line per wrong variable, naming it, its value
 * (secrets masked) and what is allowed; main.ts prints them and exits before anything starts.
 */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
    this.name = 'ConfigError';
  }
}

// Booleans: 'true'/'1' and 'false'/'0', nothing else, for every switch alike.
const BOOLEAN_WORDS: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };
const booleanText = 'must be true or false (1 or 0)';

function wholeNumber(min: number, max?: number) {
  const allowed =
    max === undefined ? `must be a whole number of at least ${min}` : `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, allowed)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, allowed)
        .max(max ?? Number.MAX_SAFE_INTEGER, allowed),
    );
}

const port = wholeNumber(0, 65535);
const positive = wholeNumber(1);

const bool = z
  .string()
  .refine((v) => v in BOOLEAN_WORDS, booleanText)
  .transform((v) => BOOLEAN_WORDS[v] === true);

/** A URL whose scheme is one of `schemes` (each with its colon, as URL.protocol has it). */
function url(schemes: readonly string[], example: string) {
  const allowed = `must be a ${schemes.map((s) => s.replace(/:$/, '')).join('/')} URL such as ${example}`;
  return z.string().refine((v) => {
    try {
      return schemes.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, allowed);
}

const tileTemplate = z.string().refine((v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol) && ['{z}', '{x}', '{y}'].every((p) => v.includes(p));
  } catch {
    return false;
  }
}, 'must be an http(s) tile URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png');

const text = z.string();

const regionCode = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,15}$/, 'must be a region code: lower-case letters, digits and -');

/** A peer's address: https, or http on a loopback address (tests and a local pair of instances). */
function peerUrl(v: string): boolean {
  try {
    const u = new URL(v);
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

const regionList = z
  .string()
  .refine(
    (v) =>
      v.split(',').every((entry) => {
        const [code, ...rest] = entry.trim().split('=');
        return regionCode.safeParse(code).success && peerUrl(rest.join('='));
      }),
    'must be a comma-separated list of region=https://address, such as eu=https://eu.example,cn=https://cn.example',
  )
  .transform((v) =>
    Object.fromEntries(
      v.split(',').map((entry) => {
        const [code = '', ...rest] = entry.trim().split('=');
        return [code, rest.join('=').replace(/\/+$/, '')];
      }),
    ),
  );

// A client that reaches the server directly from a public address cannot choose its address by sending
// X-Forwarded-For; a proxy on a private network (the usual load balancer) is believed.
const PRIVATE_PROXIES = 'loopback,linklocal,uniquelocal';
const trustProxy = z
  .string()
  .regex(/^[\w.:/,\s-]+$/, 'must be true, false, or a comma-separated list of proxy addresses or CIDRs')
  .transform((v): boolean | string => (v === 'true' || v === 'false' ? v === 'true' : v));

/** One entry per RATE_LIMIT_* variable of rate-limit/rules.ts, each `count/seconds` or 0. */
const rateLimitVariables = Object.fromEntries(
  Object.values(RATE_LIMIT_RULES).map((rule) => [rule.env, rateLimitText.optional()]),
) as Record<(typeof RATE_LIMIT_RULES)[keyof typeof RATE_LIMIT_RULES]['env'], ReturnType<typeof rateLimitText.optional>>;

/** Every variable the server reads, with what it allows. Unset and empty mean the default. */
const envSchema = z.object({
  PORT: port.default(8080),
  HOST: text.default('0.0.0.0'),
  DATA_DIR: text.default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'postgres://user:pw@host:5432/heliograph').optional(),
  S3_ENDPOINT: url(['http:', 'https:'], 'https://s3.eu-central-1.amazonaws.com').optional(),
  S3_BUCKET: text
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens',
    )
    .optional(),
  S3_REGION: text.default('us-east-1'),
  S3_ACCESS_KEY_ID: text.optional(),
  S3_SECRET_ACCESS_KEY: text.optional(),
  SMTP_URL: url(['smtp:', 'smtps:'], 'smtps://user:pw@mail.example:465').optional(),
  MAIL_FROM: text.default('Heliograph <no-reply@heliograph.local>'),
  DEMO_PASSWORD: text.optional(),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z
    .string()
    .refine((v) => (LOG_LEVELS as readonly string[]).includes(v), `must be one of ${LOG_LEVELS.join(', ')}`)
    .default('info'),
  ACCESS_TOKEN_TTL: positive.default(900),
  REFRESH_TOKEN_TTL: positive.default(30 * 24 * 3600),
  MQTT_PORT: port.default(1883),
  MQTT_URL: url(['mqtt:', 'mqtts:', 'ws:', 'wss:'], 'mqtt://user:pw@broker:1883').optional(),
  MQTT_AUTH_SECRET: text.optional(),
  MQTT_SHARE_GROUP: text.regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only').default('heliograph'),
  ...rateLimitVariables,
  TRUST_PROXY: trustProxy.default(PRIVATE_PROXIES),
  SIMULATE: bool.default(true),
  FLEET_SIZE: wholeNumber(1, MAX_FLEET_SIZE).default(24),
  BACKFILL_DAYS: wholeNumber(0).default(90),
  SIMULATE_INTERVAL: positive.default(60),
  SIMULATE_CAMERAS: bool.default(true),
  FFMPEG_PATH: text.default('ffmpeg'),
  FFPROBE_PATH: text.default('ffprobe'),
  VIDEO_DIR: text.optional(),
  SIMULATE_UPGRADE_PERCENT_TIME: wholeNumber(0, 1000).default(100),
  SIMULATE_UPGRADE_FAIL_PERCENT: wholeNumber(0, 100).default(3),
  INGEST_LANES: positive.default(8),
  SLOW_STATEMENT_MS: wholeNumber(0, 3_600_000).default(1000),
  COMMAND_TIMEOUT_S: positive.default(15),
  COMM_LOG_DAYS: positive.default(7),
  MAP_TILE_URL: tileTemplate.optional(),
  MAP_TILE_URL_CN: tileTemplate.optional(),
  MAP_TILE_ATTRIBUTION: text.default(''),
  IN_CHINA: bool.default(false),
  SHUTDOWN_GRACE_S: wholeNumber(0, 600).default(5),
  ANSWER_CACHE_MS: wholeNumber(0, 60_000).default(2000),
  WEB_DIST: text.optional(),
  REGION: regionCode.optional(),
  REGIONS: regionList.optional(),
  REGION_SECRET: text.min(32, 'must be at least 32 characters (a shared secret of the regions)').optional(),
  METRICS_TOKEN: text.min(16, 'must be at least 16 characters (the bearer token a metrics scraper sends)').optional(),
  REGION_MQTT_URL: url(['mqtt:', 'mqtts:'], 'mqtts://mqtt.eu.example.com:8883').optional(),
  PUBLIC_URL: z
    .string()
    .refine((v) => {
      try {
        const u = new URL(v);
        return ['http:', 'https:'].includes(u.protocol) && !u.search && !u.hash && !u.username;
      } catch {
        return false;
      }
    }, 'must be the console’s public http(s) origin, without query or credentials, such as https://console.example.com')
    .optional(),
});
type EnvName = keyof typeof envSchema.shape;

/** The value as an error shows it: a URL's password (user:pw@) becomes user:***@. */
function shown(value: string): string {
  return JSON.stringify(value.replace(/^([^:/]*:\/\/[^:@/]*:)[^@/]*@/, '$1***@'));
}

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * Reads and checks every variable at once, so a wrong start-up shows all its mistakes in one go. Throws
 * ConfigError; nothing is opened or started here.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const given: Partial<Record<EnvName, string>> = {};
  for (const name of Object.keys(envSchema.shape) as EnvName[]) {
    const value = env[name];
    if (value !== undefined && value !== '') given[name] = value;
  }
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = new Map<string, string>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      // A secret is never printed, not even a wrong one.
      const value = SECRETS.has(name) ? '"***"' : shown(given[name as EnvName] ?? '');
      if (!lines.has(name)) lines.set(name, `${name}=${value} ${issue.message}`);
    }
    throw new ConfigError([...lines.values()]);
  }
  const e = parsed.data;
  if (!e.MQTT_URL && e.PORT !== 0 && e.PORT === e.MQTT_PORT) {
    throw new ConfigError([
      `PORT=${e.PORT} and MQTT_PORT=${e.MQTT_PORT} must differ: the console and the embedded MQTT broker each need a port`,
    ]);
  }
  if (e.MQTT_URL && !e.MQTT_AUTH_SECRET) throw new ConfigError([MISSING_BROKER_SECRET]);
  const objectStore = objectStoreConfig(e);
  const migration = migrationConfig(e.REGION, e.REGIONS, e.REGION_SECRET, e.REGION_MQTT_URL);
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed `npm start`.
  const cwd = env.INIT_CWD ?? process.cwd();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    objectStore,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    demoPassword: e.DEMO_PASSWORD,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL,
    mqttPort: e.MQTT_PORT,
    mqttUrl: e.MQTT_URL,
    mqttAuthSecret: e.MQTT_AUTH_SECRET,
    mqttShareGroup: e.MQTT_SHARE_GROUP,
    rateLimits: loadRateLimits(e),
    trustProxy: e.TRUST_PROXY,
    simulate: e.SIMULATE,
    fleetSize: e.FLEET_SIZE,
    backfillDays: e.BACKFILL_DAYS,
    simulateIntervalSec: e.SIMULATE_INTERVAL,
    simulateUpgrade: {
      timeScale: e.SIMULATE_UPGRADE_PERCENT_TIME / 100,
      failPercent: e.SIMULATE_UPGRADE_FAIL_PERCENT,
    },
    ingestLanes: e.INGEST_LANES,
    slowStatementMs: e.SLOW_STATEMENT_MS,
    commandTimeoutMs: e.COMMAND_TIMEOUT_S * 1000,
    commLogDays: e.COMM_LOG_DAYS,
    metricsToken: e.METRICS_TOKEN,
    mapTileUrl: e.MAP_TILE_URL,
    mapTileUrlCn: e.MAP_TILE_URL_CN,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    inChina: e.IN_CHINA,
    shutdownGraceMs: e.SHUTDOWN_GRACE_S * 1000,
    answerCacheMs: e.ANSWER_CACHE_MS,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(here, '../../web/dist'),
    migration,
    publicUrl: (e.PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, ''),
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    videoDir: path.resolve(cwd, e.VIDEO_DIR ?? path.join(e.DATA_DIR, 'video')),
    simulateCameras: e.SIMULATE && e.SIMULATE_CAMERAS,
  };
}

/** Variables whose value is never printed, not even a wrong one. */
const SECRETS = new Set(['REGION_SECRET', 'S3_SECRET_ACCESS_KEY', 'METRICS_TOKEN']);

/** The S3 variables: endpoint, bucket and both keys together, or none (files stay in the database). */
function objectStoreConfig(e: {
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}): ObjectStoreConfig | undefined {
  const given = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(given).filter(([, v]) => v === undefined);
  if (missing.length === Object.keys(given).length) return undefined;
  if (missing.length) {
    throw new ConfigError(
      missing.map(
        ([name]) =>
          `${name} is not set: an S3-compatible file store needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`,
      ),
    );
  }
  return {
    endpoint: (e.S3_ENDPOINT ?? '').replace(/\/+$/, ''),
    bucket: e.S3_BUCKET ?? '',
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
  };
}

/** All three migration variables, or none (the feature is off); this region is not its own peer. */
function migrationConfig(
  region: string | undefined,
  peers: Record<string, string> | undefined,
  secret: string | undefined,
  mqttUrl?: string,
): MigrationConfig | undefined {
  if (region === undefined && peers === undefined && secret === undefined) return undefined;
  const lines: string[] = [];
  if (region === undefined) lines.push('REGION is not set: account migration needs REGION, REGIONS and REGION_SECRET');
  if (peers === undefined) lines.push('REGIONS is not set: account migration needs REGION, REGIONS and REGION_SECRET');
  if (secret === undefined)
    lines.push('REGION_SECRET is not set: account migration needs REGION, REGIONS and REGION_SECRET');
  if (lines.length || region === undefined || peers === undefined || secret === undefined) throw new ConfigError(lines);
  const others = Object.fromEntries(Object.entries(peers).filter(([code]) => code !== region));
  return { region, peers: others, secret, mqttUrl };
}
