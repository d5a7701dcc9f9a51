import { and, count, eq, isNull } from 'drizzle-orm';
import type { TokenPair } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { appUser, authSession } from '../../db/schema.js';
import { ACCOUNTS, DEMO_PASSWORD, TestApp } from '../../test/harness.js';
import { RateLimiter } from '../rate-limit/limiter.js';
import { CaptchaService } from './captcha.js';
import { RsaKeyStore } from './keys.js';
import { getOrCreateSecret } from './secrets.js';
import { AuthService } from './service.js';
import { TokenService } from './tokens.js';
import { VerificationService } from './verification.js';

let t: TestApp;
beforeAll(async () => {
  t = await TestApp.start();
});
afterAll(async () => t?.close());

async function userId(account: string): Promise<string> {
  const [row] = await t.database.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.account, account));
  if (!row) throw new Error(`no ${account}`);
  return row.id;
}

async function liveSessions(account: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(authSession)
    .where(and(eq(authSession.userId, await userId(account)), isNull(authSession.revokedAt)));
  return row?.n ?? 0;
}

async function signIn(account: string, password = DEMO_PASSWORD): Promise<TokenPair> {
  const answer = await t.login(account, password);
  if (answer.code !== 0) throw new Error(`sign-in of ${account}: ${answer.code}`);
  return answer.data;
}

const readsUser = async (pair: TokenPair) => (await t.call('GET', '/api/v1/user', { token: pair.access_token })).status;
const renews = async (pair: TokenPair) =>
  (
    await t.call('POST', '/api/v1/oauth/token/new', {
      body: { grant_type: 'refresh_token', refresh_token: pair.refresh_token },
    })
  ).status;

describe('a password change ends every other session of the account', () => {
  it('leaves only the session that changed it: the others’ access and refresh tokens get 401', async () => {
    const phone = await signIn(ACCOUNTS.staff);
    const stolen = await signIn(ACCOUNTS.staff);
    const desk = await signIn(ACCOUNTS.staff);
    expect(await liveSessions(ACCOUNTS.staff)).toBe(3);
    const id = await userId(ACCOUNTS.staff);
    const o = await t.encrypt(DEMO_PASSWORD);
    const n = await t.encrypt('Changed2026pw');
    const change = await t.call('POST', `/api/v1/user/${id}/pwd`, {
      token: desk.access_token,
      body: { keyId: o.keyId, oldPassword: o.cipher, newPassword: n.cipher },
    });
    expect(change.code).toBe(0);
    expect(await liveSessions(ACCOUNTS.staff)).toBe(1);
    for (const other of [phone, stolen]) {
      expect(await readsUser(other)).toBe(401);
      expect(await renews(other)).toBe(401);
    }
    expect(await readsUser(desk)).toBe(200);
    expect(await renews(desk)).toBe(200);
  });
});

describe('a password reset ends every session of the account', () => {
  it('refuses the older access and refresh tokens with 401', async () => {
    const account = ACCOUNTS.installer;
    const before = [await signIn(account), await signIn(account)];
    const code = await t.call('GET', '/api/v1/anonymous/getVerificationCode', { query: { account, type: 'reset' } });
    expect(code.code).toBe(0);
    const { keyId, cipher } = await t.encrypt('Renewed2026pw');
    const reset = await t.call('POST', '/api/v1/anonymous/resetPwd', {
      body: { account, password: cipher, keyId, code: t.lastCode(account) },
    });
    expect(reset.code).toBe(0);
    expect(await liveSessions(account)).toBe(0);
    for (const old of before) {
      expect(await readsUser(old)).toBe(401);
      expect(await renews(old)).toBe(401);
    }
    const fresh = await signIn(account, 'Renewed2026pw');
    expect(await readsUser(fresh)).toBe(200);
  });
});

describe('disabling an account ends all its sessions', () => {
  it('refuses its access and refresh tokens with 401', async () => {
    const db = t.database.db;
    const tokens = new TokenService(db, new Uint8Array(await getOrCreateSecret(db, 'jwt-hs256')), 900, 3600);
    const auth = new AuthService(db, {
      keys: new RsaKeyStore(db),
      tokens,
      captcha: new CaptchaService(db),
      verification: new VerificationService(db, { send: async () => undefined }),
      limiter: new RateLimiter(db, loadConfig({}).rateLimits),
      selfSignupRoleId: '',
    });
    const account = ACCOUNTS.owner;
    const sessions = [await signIn(account), await signIn(account)];
    await auth.disableAccount(await userId(account));
    expect(await liveSessions(account)).toBe(0);
    for (const s of sessions) {
      expect(await readsUser(s)).toBe(401);
      expect(await renews(s)).toBe(401);
    }
    expect((await t.login(account)).code).toBe(101);
  });

  it('also stops the refresh token of an account disabled straight in the database', async () => {
    const account = ACCOUNTS.visitor;
    const pair = await signIn(account);
    await t.database.db.update(appUser).set({ disabled: true }).where(eq(appUser.account, account));
    expect(await renews(pair)).toBe(401);
  });
});
