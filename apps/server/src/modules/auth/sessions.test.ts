import { and, count, eq, isNull } from 'drizzle-orm';
import { ERROR_CODES, type TokenPair } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { appUser, authSession } from '../../db/schema.js';
import { ACCOUNTS, DEMO_PASSWORD, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();

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
  it('POST user/disable/{id} by the company administrator: the account’s access and refresh tokens get 401', async () => {
    const admin = await signIn(ACCOUNTS.admin);
    const account = ACCOUNTS.owner;
    const sessions = [await signIn(account), await signIn(account)];
    const disable = await t.call('POST', `/api/v1/user/disable/${await userId(account)}`, {
      token: admin.access_token,
      body: {},
    });
    expect(disable.code).toBe(0);
    expect(await liveSessions(account)).toBe(0);
    for (const s of sessions) {
      expect(await readsUser(s)).toBe(401);
      expect(await renews(s)).toBe(401);
    }
    expect((await t.login(account)).code).toBe(ERROR_CODES.accountDisabled);
    const enable = await t.call('POST', `/api/v1/user/disable/${await userId(account)}`, {
      token: admin.access_token,
      body: { disabled: false },
    });
    expect(enable.code).toBe(0);
    expect((await t.login(account)).code).toBe(0);
  });

  it('answers another company’s account, the caller’s own and a malformed id "does not exist", and needs company.user', async () => {
    const rival = await t.otherCompanyToken();
    const target = await userId(ACCOUNTS.staff);
    const fromRival = await t.call('POST', `/api/v1/user/disable/${target}`, { token: rival, body: {} });
    expect(fromRival.code).toBe(ERROR_CODES.notFound);
    const admin = await signIn(ACCOUNTS.admin);
    for (const id of [await userId(ACCOUNTS.admin), 'not-a-uuid']) {
      const answer = await t.call('POST', `/api/v1/user/disable/${id}`, { token: admin.access_token, body: {} });
      expect(answer.code).toBe(ERROR_CODES.notFound);
    }
    const installer = await t.tokenFor(ACCOUNTS.installer, 'Renewed2026pw');
    expect((await t.call('POST', `/api/v1/user/disable/${target}`, { token: installer, body: {} })).status).toBe(403);
    expect(await liveSessions(ACCOUNTS.staff)).toBeGreaterThan(0);
  });

  it('also stops the refresh token of an account disabled straight in the database', async () => {
    const account = ACCOUNTS.visitor;
    const pair = await signIn(account);
    await t.database.db.update(appUser).set({ disabled: true }).where(eq(appUser.account, account));
    expect(await renews(pair)).toBe(401);
  });
});
