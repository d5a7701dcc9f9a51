import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MAX_FLEET_SIZE } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startupProblem } from './startup-errors.js';

/**
 * The real server, started as an operator starts it, with a mistake in its environment: it must say what is
 * wrong in one line per mistake, print no stack trace and exit 1.
 */
const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
let dataDir: string;
let taken: net.Server;
let takenPort: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'hg-startup-'));
  // A port some other program holds, as Mosquitto holds 1883.
  taken = net.createServer();
  await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
  takenPort = (taken.address() as net.AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((resolve) => s.close(resolve));
  return port;
}

async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    // Only what the test chooses: no DATABASE_URL or MQTT_URL from the shell running the tests.
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), DATA_DIR: dataDir, SIMULATE: 'false', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stderr, stdout };
}

function lines(text: string): string[] {
  return text.split('\n').filter((l) => l !== '');
}

// Processes started with only the environment each test chooses, never the test database: the PostgreSQL
// layer of CI would only run the same processes again.
describe.skipIf(process.env.TEST_DATABASE_URL)('starting with a mistake in the environment', () => {
  it('says in one line that MQTT_PORT is taken and what to set instead', async () => {
    const run = await start({ PORT: String(await freePort()), MQTT_PORT: String(takenPort) });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `Heliograph cannot start: port ${takenPort} (MQTT_PORT) is already in use, probably by another MQTT broker ` +
        `such as Mosquitto: set MQTT_PORT to a free port (e.g. MQTT_PORT=${takenPort + 1}), or ` +
        `MQTT_URL=mqtt://127.0.0.1:${takenPort} to use that broker instead (docs/operations.md, "Many instances")`,
    ]);
    expect(run.stderr + run.stdout).not.toContain('    at ');
  });

  it('says in one line that PORT is taken', async () => {
    const run = await start({ PORT: String(takenPort), MQTT_PORT: String(await freePort()) });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `Heliograph cannot start: port ${takenPort} (PORT) is already in use by another program: ` +
        `set PORT to a free port (e.g. PORT=${takenPort + 1})`,
    ]);
    expect(run.stderr + run.stdout).not.toContain('    at ');
  });

  it('refuses a FLEET_SIZE beyond the largest simulated fleet before it prints an address or starts anything', async () => {
    const tooMany = String(MAX_FLEET_SIZE + 1);
    const run = await start({ PORT: String(takenPort), FLEET_SIZE: tooMany, SIMULATE: 'true', LOG_LEVEL: 'loud' });
    expect(run.code).toBe(1);
    // Both mistakes at once, and not the port: nothing was tried before the configuration was checked.
    expect(lines(run.stderr)).toEqual([
      'Heliograph cannot start: LOG_LEVEL="loud" must be one of fatal, error, warn, info, debug, trace, silent',
      `Heliograph cannot start: FLEET_SIZE="${tooMany}" must be a whole number from 1 to ${MAX_FLEET_SIZE}`,
    ]);
    expect(run.stdout).toBe('');
  });

  it('says in one line that the database cannot be reached', async () => {
    const dbPort = await freePort();
    const run = await start({
      PORT: String(await freePort()),
      MQTT_PORT: '0',
      DATABASE_URL: `postgres://hg:s3cret@127.0.0.1:${dbPort}/hg`,
    });
    expect(run.code).toBe(1);
    expect(lines(run.stderr)).toEqual([
      `Heliograph cannot start: cannot reach the database at postgres://hg:***@127.0.0.1:${dbPort}/hg ` +
        '(ECONNREFUSED): check DATABASE_URL and that PostgreSQL is running',
    ]);
    expect(run.stderr + run.stdout).not.toContain('    at ');
  });
});

describe('which start-up errors the operator is told about in one line', () => {
  const config = loadConfig({ DATA_DIR: '/srv/hg', PORT: '80', DATABASE_URL: 'postgres://hg:pw@db:5433/hg' });
  const fault = (message: string, fields: Record<string, unknown>): Error => Object.assign(new Error(message), fields);

  it('a port below 1024 without the privilege', () => {
    expect(startupProblem(fault('listen EACCES', { code: 'EACCES', syscall: 'listen', port: 80 }), config)).toEqual([
      'port 80 (PORT) needs privileges this user lacks: set PORT to a port above 1023',
    ]);
  });

  it('a DATA_DIR that cannot be used', () => {
    const err = fault('mkdir', { code: 'ENOTDIR', syscall: 'mkdir', path: '/srv/hg/db' });
    expect(startupProblem(err, config)).toEqual([
      'cannot use DATA_DIR=/srv/hg: ENOTDIR on /srv/hg/db: set DATA_DIR to a folder this user may write',
    ]);
  });

  it('a database that refuses the login, with the password masked', () => {
    const err = fault('password authentication failed for user "hg"', { code: '28P01' });
    expect(startupProblem(err, config)).toEqual([
      'the database at postgres://hg:***@db:5433/hg refused the connection: ' +
        'password authentication failed for user "hg" (check DATABASE_URL)',
    ]);
  });

  it('not a bug: a failing query or a plain error keeps its stack', () => {
    expect(startupProblem(fault('syntax error', { code: '42601' }), config)).toBeUndefined();
    expect(startupProblem(new TypeError('x is undefined'), config)).toBeUndefined();
    expect(startupProblem(fault('refused', { code: 'ECONNREFUSED', port: 1883 }), config)).toBeUndefined();
  });
});
