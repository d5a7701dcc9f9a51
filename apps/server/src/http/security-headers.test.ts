import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HeliographApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { HSTS_VALUE, tileSource } from './security-headers.js';

let built: HeliographApp;
let database: Database;

beforeAll(async () => {
  // A web build of its own so `/` serves index.html as in production.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hg-headers-'));
  const webDist = path.join(dataDir, 'web');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><script type="module" src="/assets/a.js"></script>');
  writeFileSync(path.join(webDist, 'assets', 'a.js'), 'console.log(1)');
  database = await openDatabase({});
  built = await buildApp({
    config: {
      ...loadConfig({
        DATA_DIR: dataDir,
        MQTT_PORT: '0',
        SIMULATE: 'false',
        MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
        MAP_TILE_URL_CN: 'https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}',
      }),
      webDist,
    },
    logger: false,
    database,
  });
  await built.app.ready();
});
afterAll(async () => {
  await built?.app.close();
  await database?.close();
});

const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  built.app.inject({ method: 'GET', url, headers });

function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const value = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('are on the web app, its assets, an API answer, an API error and a 404', async () => {
    const answers = {
      page: await get('/'),
      spaRoute: await get('/plants/123'),
      asset: await get('/assets/a.js'),
      api: await get('/api/v1/anonymous/publicKey?nonce=12345678&source=web&sign=00'),
      apiError: await get('/api/v1/user'),
      notFound: await get('/api/v1/nothing-here'),
      health: await get('/healthz'),
    };
    expect(answers.page.body).toContain('<script type="module"');
    expect(answers.notFound.statusCode).toBe(404);
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      expect(res.headers['referrer-policy'], name).toBe('strict-origin-when-cross-origin');
      const policy = csp(res);
      expect(policy.get('frame-ancestors'), name).toEqual(["'none'"]);
      expect(policy.get('script-src'), name).toEqual(["'self'"]);
      expect(policy.get('object-src'), name).toEqual(["'none'"]);
      // Over plain HTTP no HSTS: it would lock an HTTP-only install out of browsers for a year.
      expect(res.headers['strict-transport-security'], name).toBeUndefined();
    }
  });

  it('allow the configured map tile hosts as images, and no inline or evaluated script', async () => {
    const policy = csp(await get('/'));
    expect(policy.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.tile.openstreetmap.org',
      'https://*.is.autonavi.com',
    ]);
    const scripts = policy.get('script-src') ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it('send HSTS only over HTTPS (directly or behind a proxy saying so)', async () => {
    const viaProxy = await get('/', { 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS_VALUE);
    const api = await get('/api/v1/nothing-here', { 'x-forwarded-proto': 'https' });
    expect(api.headers['strict-transport-security']).toBe(HSTS_VALUE);
    expect((await get('/', { 'x-forwarded-proto': 'http' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('keep the API documentation page working under the policy (external scripts only)', async () => {
    const docs = await get('/api/docs');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(csp(docs).get('script-src')).toEqual(["'self'"]);
  });
});

describe('tile sources', () => {
  it('turn URL templates into host sources, and drop what is not a host', () => {
    expect(tileSource('https://tile.example.org/{z}/{x}/{y}.png')).toBe('https://tile.example.org');
    expect(tileSource('https://{s}.tiles.example.com:8443/{z}/{x}/{y}.png')).toBe('https://*.tiles.example.com:8443');
    expect(tileSource(undefined)).toBeUndefined();
    expect(tileSource('javascript:alert(1)')).toBeUndefined();
    expect(tileSource("https://a.example.org'; script-src *")).toBeUndefined();
    expect(tileSource('https://{s}/{z}.png')).toBeUndefined();
  });
});
