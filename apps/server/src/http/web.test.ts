import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWeb } from './web.js';

/** A build of the console as Vite writes it: index.html naming its hashed script. */
function writeBuild(dir: string, hash: string): void {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  writeFileSync(path.join(dir, 'assets', `index-${hash}.js`), `console.log('${hash}')`);
  writeFileSync(path.join(dir, 'index.html'), `<script type="module" src="/assets/index-${hash}.js"></script>`);
  writeFileSync(path.join(dir, '.build-stamp'), '{"inputs":"secretless but not for browsers"}');
}

describe('the console served from the web build', () => {
  let root: string;
  let webDist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'hg-web-'));
    webDist = path.join(root, 'dist');
    app = Fastify();
    app.decorateRequest('lang', 'en');
    await serveWeb(app, webDist);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 404 before the first build and serves it once it is written, without a restart', async () => {
    expect((await app.inject('/plants')).statusCode).toBe(404);
    writeBuild(webDist, 'aaaa1111');
    const page = await app.inject('/plants');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/assets/index-aaaa1111.js');
  });

  it('serves a new build: its index.html and its new hashed assets, old assets still there', async () => {
    writeBuild(webDist, 'aaaa1111');
    expect((await app.inject('/')).body).toContain('index-aaaa1111.js');
    writeBuild(webDist, 'bbbb2222');

    const index = await app.inject('/');
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('/assets/index-bbbb2222.js');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject('/assets/index-bbbb2222.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('bbbb2222')");
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A page loaded before the new build still finds the chunks it names.
    expect((await app.inject('/assets/index-aaaa1111.js')).statusCode).toBe(200);
    // A console route deep in the app gets the new index.html too.
    expect((await app.inject('/plant/42/overview')).body).toContain('index-bbbb2222.js');
  });

  it('keeps API paths, missing assets, other methods and dot files out of it', async () => {
    writeBuild(webDist, 'cccc3333');
    const api = await app.inject('/api/v1/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 404, data: null });
    expect((await app.inject({ method: 'POST', url: '/plants' })).statusCode).toBe(404);
    expect((await app.inject('/assets/index-missing.js')).statusCode).toBe(404);
    expect((await app.inject('/.build-stamp')).body).not.toContain('secretless');
  });
});
