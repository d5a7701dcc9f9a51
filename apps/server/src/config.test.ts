import path from 'node:path';
import { MAX_FLEET_SIZE } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** The lines loadConfig refuses `env` with (fails the test when it accepts it). */
function refusal(env: Record<string, string>): string[] {
  try {
    loadConfig({ INIT_CWD: '/srv/heliograph', ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).lines;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('gives the README defaults when nothing is set, empty values counting as unset', () => {
    const config = loadConfig({ INIT_CWD: '/srv/heliograph', PORT: '', LOG_LEVEL: '' });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/heliograph/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      seedDemo: true,
      logLevel: 'info',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 2_592_000,
      mqttPort: 1883,
      mqttUrl: undefined,
      simulate: true,
      fleetSize: 24,
      backfillDays: 90,
      simulateIntervalSec: 60,
      ingestLanes: 8,
      commandTimeoutMs: 15_000,
      mapTileAttribution: '',
      inChina: false,
      publicUrl: 'http://127.0.0.1:8080',
    });
    expect(path.basename(path.dirname(config.webDist))).toBe('web');
  });

  it('takes the public origin gateways download upgrades from, without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe('https://console.example.com');
    expect(loadConfig({ PORT: '8091' }).publicUrl).toBe('http://127.0.0.1:8091');
  });

  it('takes valid values', () => {
    const config = loadConfig({
      INIT_CWD: '/srv/heliograph',
      PORT: '0',
      MQTT_PORT: '65535',
      DATA_DIR: '/var/lib/heliograph',
      DATABASE_URL: 'postgresql://u:p@db:5432/hg',
      SMTP_URL: 'smtps://u:p@mail.example:465',
      MQTT_URL: 'wss://broker.example/mqtt',
      MQTT_AUTH_SECRET: 'broker-secret',
      LOG_LEVEL: 'warn',
      FLEET_SIZE: String(MAX_FLEET_SIZE),
      BACKFILL_DAYS: '0',
      SEED_DEMO: '0',
      SIMULATE: 'false',
      IN_CHINA: '1',
      COMMAND_TIMEOUT_S: '3',
      MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      WEB_DIST: 'web',
    });
    expect(config).toMatchObject({
      port: 0,
      mqttPort: 65535,
      dataDir: '/var/lib/heliograph',
      databaseUrl: 'postgresql://u:p@db:5432/hg',
      mqttUrl: 'wss://broker.example/mqtt',
      logLevel: 'warn',
      fleetSize: MAX_FLEET_SIZE,
      backfillDays: 0,
      seedDemo: false,
      simulate: false,
      inChina: true,
      commandTimeoutMs: 3000,
      webDist: '/srv/heliograph/web',
    });
  });

  it.each([
    ['PORT', '65536', 'PORT="65536" must be a whole number from 0 to 65535'],
    ['PORT', 'http', 'PORT="http" must be a whole number from 0 to 65535'],
    ['MQTT_PORT', '-1', 'MQTT_PORT="-1" must be a whole number from 0 to 65535'],
    [
      'FLEET_SIZE',
      String(MAX_FLEET_SIZE + 1),
      `FLEET_SIZE="${MAX_FLEET_SIZE + 1}" must be a whole number from 1 to ${MAX_FLEET_SIZE}`,
    ],
    ['FLEET_SIZE', '0', `FLEET_SIZE="0" must be a whole number from 1 to ${MAX_FLEET_SIZE}`],
    ['BACKFILL_DAYS', '1.5', 'BACKFILL_DAYS="1.5" must be a whole number of at least 0'],
    ['ACCESS_TOKEN_TTL', '0', 'ACCESS_TOKEN_TTL="0" must be a whole number of at least 1'],
    ['REFRESH_TOKEN_TTL', '-5', 'REFRESH_TOKEN_TTL="-5" must be a whole number of at least 1'],
    ['SIMULATE_INTERVAL', '0', 'SIMULATE_INTERVAL="0" must be a whole number of at least 1'],
    ['INGEST_LANES', '0', 'INGEST_LANES="0" must be a whole number of at least 1'],
    ['COMMAND_TIMEOUT_S', 'soon', 'COMMAND_TIMEOUT_S="soon" must be a whole number of at least 1'],
    ['COMM_LOG_DAYS', '0', 'COMM_LOG_DAYS="0" must be a whole number of at least 1'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL="verbose" must be one of fatal, error, warn, info, debug, trace, silent'],
    ['SIMULATE', 'yes', 'SIMULATE="yes" must be true or false (1 or 0)'],
    ['SEED_DEMO', 'False', 'SEED_DEMO="False" must be true or false (1 or 0)'],
    ['IN_CHINA', 'on', 'IN_CHINA="on" must be true or false (1 or 0)'],
    [
      'DATABASE_URL',
      'mysql://root@db/hg',
      'DATABASE_URL="mysql://root@db/hg" must be a postgres/postgresql URL such as postgres://user:pw@host:5432/heliograph',
    ],
    [
      'SMTP_URL',
      'mail.example:25',
      'SMTP_URL="mail.example:25" must be a smtp/smtps URL such as smtps://user:pw@mail.example:465',
    ],
    [
      'MQTT_URL',
      'tcp://broker:1883',
      'MQTT_URL="tcp://broker:1883" must be a mqtt/mqtts/ws/wss URL such as mqtt://user:pw@broker:1883',
    ],
    [
      'PUBLIC_URL',
      'console.example.com',
      'PUBLIC_URL="console.example.com" must be the console’s public http(s) origin, without query or credentials, such as https://console.example.com',
    ],
    [
      'MAP_TILE_URL',
      'https://tiles.example/{z}.png',
      'MAP_TILE_URL="https://tiles.example/{z}.png" must be an http(s) tile URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    ],
  ])('refuses %s=%s, naming it, the value and what is allowed', (name, value, line) => {
    expect(refusal({ [name]: value })).toEqual([line]);
  });

  it('never echoes a password', () => {
    const [line] = refusal({ DATABASE_URL: 'mysql://hg:s3cret@db/hg' });
    expect(line).toContain('mysql://hg:***@db/hg');
    expect(line).not.toContain('s3cret');
  });

  it('reports every wrong variable at once, one line each', () => {
    const lines = refusal({
      FLEET_SIZE: String(MAX_FLEET_SIZE + 1),
      LOG_LEVEL: 'loud',
      PORT: '99999',
      SIMULATE: 'maybe',
    });
    expect(lines).toHaveLength(4);
    expect(lines.map((l) => l.split('=')[0]).sort()).toEqual(['FLEET_SIZE', 'LOG_LEVEL', 'PORT', 'SIMULATE']);
  });

  it('refuses the same port for the console and the embedded broker, but not with an external broker', () => {
    expect(refusal({ PORT: '1883' })).toEqual([
      'PORT=1883 and MQTT_PORT=1883 must differ: the console and the embedded MQTT broker each need a port',
    ]);
    expect(loadConfig({ PORT: '1883', MQTT_URL: 'mqtt://broker:1883', MQTT_AUTH_SECRET: 's' }).port).toBe(1883);
  });

  it('refuses an external broker without the secret its auth calls must carry', () => {
    expect(refusal({ MQTT_URL: 'mqtt://broker:1883' })).toEqual([
      expect.stringMatching(/^MQTT_URL is set but MQTT_AUTH_SECRET is not: set MQTT_AUTH_SECRET/),
    ]);
  });

  it('reads the rate limits and the trusted proxies, refusing an unreadable limit', () => {
    const config = loadConfig({ RATE_LIMIT_LOGIN_ACCOUNT: '3/60', RATE_LIMIT_CODE_ADDRESS: '0', TRUST_PROXY: 'false' });
    expect(config.rateLimits.loginAccount).toEqual({ limit: 3, windowS: 60 });
    expect(config.rateLimits.codeAddress.limit).toBe(0);
    expect(config.rateLimits.loginAddress).toEqual({ limit: 100, windowS: 900 });
    expect(config.trustProxy).toBe(false);
    expect(refusal({ RATE_LIMIT_LOGIN_ACCOUNT: 'ten' })).toEqual([
      'RATE_LIMIT_LOGIN_ACCOUNT="ten" must read count/seconds (e.g. 10/900), or 0 to turn the limit off',
    ]);
  });
});
