import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, errorMessage } from '@heliograph/shared';
import { ACCOUNTS, DEMO_PASSWORD, TestApp } from '../../test/harness.js';

const LIMITS = {
  RATE_LIMIT_LOGIN_ACCOUNT: '2/60',
  RATE_LIMIT_LOGIN_ADDRESS: '3/60',
  RATE_LIMIT_CODE_ADDRESS: '3/600',
};

let clock = Date.UTC(2026, 5, 1, 12);
const now = () => clock;
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await TestApp.start(LIMITS, undefined, { now });
  // A second instance over the same database, as behind a load balancer.
  b = await TestApp.start(LIMITS, a.database, { now });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

interface Reply {
  status: number;
  retryAfter: string | undefined;
  code: number;
  msg: string;
}

async function loginFrom(
  t: TestApp,
  ip: string,
  account: string,
  password: string,
  lan = 'en',
  forwardedFor?: string,
): Promise<Reply> {
  const { keyId, cipher } = await t.encrypt(password);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/oauth/token/new?lan=${lan}`,
    remoteAddress: ip,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { account, password: cipher, keyId, source: 'web' },
  });
  const body = res.json() as { code: number; msg: string };
  return { status: res.statusCode, retryAfter: res.headers['retry-after']?.toString(), code: body.code, msg: body.msg };
}

async function codeFrom(t: TestApp, ip: string, account: string): Promise<Reply> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/anonymous/getVerificationCode',
    query: { account, type: 'register' },
    remoteAddress: ip,
  });
  const body = res.json() as { code: number; msg: string };
  return { status: res.statusCode, retryAfter: res.headers['retry-after']?.toString(), code: body.code, msg: body.msg };
}

describe('sign-in slows down per account and per source address', () => {
  it('after two wrong passwords for an account, answers 429 with Retry-After even to the right one, until the window ends', async () => {
    expect((await loginFrom(a, '198.51.100.1', ACCOUNTS.staff, 'Wrong-pass1')).code).toBe(ERROR_CODES.badCredentials);
    expect((await loginFrom(a, '198.51.100.2', ACCOUNTS.staff, 'Wrong-pass1')).code).toBe(ERROR_CODES.badCredentials);
    const blocked = await loginFrom(a, '198.51.100.3', ACCOUNTS.staff, DEMO_PASSWORD, 'de');
    expect(blocked).toEqual({
      status: 429,
      retryAfter: '60',
      code: ERROR_CODES.tooManyRequests,
      msg: errorMessage('tooManyRequests', 'de'),
    });
    // The other instance counts the same failures.
    expect((await loginFrom(b, '198.51.100.3', ACCOUNTS.staff, DEMO_PASSWORD)).status).toBe(429);
    // Another account is not affected.
    expect((await loginFrom(a, '198.51.100.3', ACCOUNTS.admin, DEMO_PASSWORD)).code).toBe(0);
    clock += 45_000;
    expect((await loginFrom(a, '198.51.100.3', ACCOUNTS.staff, DEMO_PASSWORD)).retryAfter).toBe('15');
    clock += 15_000;
    expect((await loginFrom(a, '198.51.100.3', ACCOUNTS.staff, DEMO_PASSWORD)).code).toBe(0);
  });

  it('after three wrong passwords from one address, whatever the accounts, that address waits; others do not', async () => {
    clock += 60_000;
    const ip = '203.0.113.5';
    for (const account of ['nobody1@example.org', 'nobody2@example.org', 'nobody3@example.org']) {
      expect((await loginFrom(a, ip, account, 'Wrong-pass1')).code).toBe(ERROR_CODES.badCredentials);
    }
    const blocked = await loginFrom(b, ip, ACCOUNTS.admin, DEMO_PASSWORD);
    expect([blocked.status, blocked.retryAfter]).toEqual([429, '60']);
    expect((await loginFrom(b, '203.0.113.6', ACCOUNTS.admin, DEMO_PASSWORD)).code).toBe(0);
    clock += 60_000;
    expect((await loginFrom(a, ip, ACCOUNTS.admin, DEMO_PASSWORD)).code).toBe(0);
  });
});

describe('the source address a limit counts', () => {
  it('is not what a client on a public address claims in X-Forwarded-For, but is what a private proxy says', async () => {
    clock += 60_000;
    const direct = '203.0.113.77';
    for (const claimed of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      await loginFrom(a, direct, `claims-${claimed}@example.org`, 'Wrong-pass1', 'en', claimed);
    }
    expect((await loginFrom(a, direct, ACCOUNTS.admin, DEMO_PASSWORD, 'en', '192.0.2.4')).status).toBe(429);
    clock += 60_000;
    const proxy = '10.0.0.5';
    for (const client of ['192.0.2.11', '192.0.2.12', '192.0.2.13']) {
      await loginFrom(a, proxy, `someone-${client}@example.org`, 'Wrong-pass1', 'en', client);
    }
    expect((await loginFrom(a, proxy, ACCOUNTS.admin, DEMO_PASSWORD, 'en', '192.0.2.14')).code).toBe(0);
  });
});

describe('verification e-mails are limited per source address', () => {
  it('mails three strangers from one address, refuses the fourth with 429 on either instance, then mails again after the window', async () => {
    const ip = '192.0.2.44';
    const sent = a.mails.length + b.mails.length;
    expect((await codeFrom(a, ip, 'one@example.org')).code).toBe(0);
    expect((await codeFrom(b, ip, 'two@example.org')).code).toBe(0);
    expect((await codeFrom(a, ip, 'three@example.org')).code).toBe(0);
    const fourth = await codeFrom(b, ip, 'four@example.org');
    expect(fourth).toEqual({
      status: 429,
      retryAfter: '600',
      code: ERROR_CODES.tooManyRequests,
      msg: errorMessage('tooManyRequests', 'en'),
    });
    expect(a.mails.length + b.mails.length).toBe(sent + 3);
    expect((await codeFrom(a, '192.0.2.45', 'four@example.org')).code).toBe(0);
    clock += 600_000;
    expect((await codeFrom(b, ip, 'five@example.org')).code).toBe(0);
  });
});
