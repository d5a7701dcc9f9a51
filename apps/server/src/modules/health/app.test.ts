import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireRouteDeclarations } from '../../http/hooks.js';
import { TestApp } from '../../test/harness.js';

const t = TestApp.forTests();

describe('the app', () => {
  it('answers /healthz and /readyz with the database reachable', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });

  it('answers an unknown API route with the envelope and 404, translated', async () => {
    const res = await t.app.inject({ url: '/api/v1/no-such-thing?lan=de' });
    expect(res.statusCode).toBe(404);
    const body = res.json() as { code: number; msg: string };
    expect(body.code).toBe(404);
    expect(body.msg).not.toBe('The requested resource does not exist.');
  });

  it('turns malformed JSON into code 4, not a server fault', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token/new',
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { code: number }).code).toBe(4);
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of ['/api/v1/oauth/token/new', '/api/v1/anonymous/publicKey', '/api/v1/permission', '/api/v1/user']) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    expect((await t.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('carries a request id on every answer', async () => {
    const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers['x-request-id']).toBe('trace-123');
  });

  it('refuses to start with an API route that declares no access rule, scope or schema', async () => {
    const app = Fastify();
    requireRouteDeclarations(app);
    expect(() => app.get('/api/v1/naked', async () => 'x')).toThrow(/must declare/);
    await app.close();
  });
});
