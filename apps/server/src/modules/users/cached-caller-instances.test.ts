import { randomBytes } from 'node:crypto';
import type { TokenPair } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD, TestApp } from '../../test/harness.js';

/**
 * Two instances on one PostgreSQL and one external broker, each remembering the callers it verified: a
 * session ended on one is refused by the other on its very next request. Needs TEST_DATABASE_URL and
 * TEST_MQTT_URL, like the scale-out test; skipped otherwise.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const mqttUrl = process.env.TEST_MQTT_URL;

describe.skipIf(!pgUrl || !mqttUrl)('two instances remembering callers', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    const env = {
      MQTT_URL: mqttUrl ?? '',
      MQTT_AUTH_SECRET: 'caller-cache-test-secret',
      // A group of its own: test files run side by side on one broker, and a shared group would hand this
      // file's gateway messages to another file's instances (and their database).
      MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`,
    };
    a = await TestApp.start(env);
    b = await TestApp.start(env, a.database);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function signIn(on: TestApp, account: string): Promise<TokenPair> {
    const answer = await on.login(account, DEMO_PASSWORD);
    if (answer.code !== 0) throw new Error(`sign-in of ${account}: ${answer.code}`);
    return answer.data;
  }
  const status = async (on: TestApp, pair: TokenPair) =>
    (await on.call('GET', '/api/v1/user', { token: pair.access_token })).status;

  /** The other instance hears the notice over the broker: a moment, never a TTL. */
  async function refusedWithin(on: TestApp, pair: TokenPair, ms: number): Promise<boolean> {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      if ((await status(on, pair)) === 401) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  it('refuses on one instance a session signed out on the other', async () => {
    const pair = await signIn(a, ACCOUNTS.owner);
    expect(await status(b, pair)).toBe(200);
    expect(await status(b, pair)).toBe(200);
    const out = await a.call('POST', '/api/v1/oauth/token/revoke', { body: { refresh_token: pair.refresh_token } });
    expect(out.code).toBe(0);
    expect(await status(a, pair)).toBe(401);
    expect(await refusedWithin(b, pair, 2_000)).toBe(true);
  });

  it('refuses on one instance the sessions of an account disabled on the other', async () => {
    const visitor = await signIn(b, ACCOUNTS.visitor);
    const id = (await b.call<{ id: string }>('GET', '/api/v1/user', { token: visitor.access_token })).data.id;
    const admin = await signIn(a, ACCOUNTS.admin);
    const disable = await a.call('POST', `/api/v1/user/disable/${id}`, {
      token: admin.access_token,
      body: { disabled: true },
    });
    expect(disable.code).toBe(0);
    expect(await refusedWithin(b, visitor, 2_000)).toBe(true);
  });
});
