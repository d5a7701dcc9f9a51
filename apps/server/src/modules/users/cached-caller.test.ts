import { eq } from 'drizzle-orm';
import type { TokenPair, UserInfo } from '@heliograph/shared';
import { describe, expect, it, vi } from 'vitest';
import { appUser, authSession } from '../../db/schema.js';
import { ACCOUNTS, DEMO_PASSWORD, TestApp } from '../../test/harness.js';
import { CALLER_TOPIC } from '../mqtt/topics.js';

const t = TestApp.forTests();

async function signIn(account: string, password = DEMO_PASSWORD): Promise<TokenPair> {
  const answer = await t.login(account, password);
  if (answer.code !== 0) throw new Error(`sign-in of ${account}: ${answer.code}`);
  return answer.data;
}

const getUser = (pair: TokenPair) => t.call<UserInfo>('GET', '/api/v1/user', { token: pair.access_token });

/** How many queries the database was asked while `run` ran. */
async function queriesDuring(run: () => Promise<unknown>): Promise<number> {
  const select = vi.spyOn(t.database.db, 'select');
  const update = vi.spyOn(t.database.db, 'update');
  try {
    await run();
    return select.mock.calls.length + update.mock.calls.length;
  } finally {
    select.mockRestore();
    update.mockRestore();
  }
}

describe('a signed-in caller is remembered', () => {
  it('costs no database query on the second GET user of a session', async () => {
    const pair = await signIn(ACCOUNTS.owner);
    expect(await queriesDuring(() => getUser(pair))).toBeGreaterThan(0);
    let answer = await getUser(pair);
    expect(await queriesDuring(async () => (answer = await getUser(pair)))).toBe(0);
    expect(answer.status).toBe(200);
    expect(answer.data.account).toBe(ACCOUNTS.owner);
  });

  it('refuses a remembered session on the very next request once it is signed out', async () => {
    const pair = await signIn(ACCOUNTS.owner);
    expect((await getUser(pair)).status).toBe(200);
    const out = await t.call('POST', '/api/v1/oauth/token/revoke', { body: { refresh_token: pair.refresh_token } });
    expect(out.code).toBe(0);
    expect((await getUser(pair)).status).toBe(401);
  });

  it('refuses the other remembered sessions on their next request after a password change', async () => {
    const phone = await signIn(ACCOUNTS.installer);
    const desk = await signIn(ACCOUNTS.installer);
    for (const p of [phone, desk]) expect((await getUser(p)).status).toBe(200);
    const id = (await getUser(desk)).data.id;
    const o = await t.encrypt(DEMO_PASSWORD);
    const n = await t.encrypt('Cached2026pw');
    const change = await t.call('POST', `/api/v1/user/${id}/pwd`, {
      token: desk.access_token,
      body: { keyId: o.keyId, oldPassword: o.cipher, newPassword: n.cipher },
    });
    expect(change.code).toBe(0);
    expect((await getUser(phone)).status).toBe(401);
    expect((await getUser(desk)).status).toBe(200);
  });

  it('refuses a remembered session of an account disabled by its administrator on its next request', async () => {
    const visitor = await signIn(ACCOUNTS.visitor);
    const id = (await getUser(visitor)).data.id;
    const admin = await signIn(ACCOUNTS.admin);
    const disable = await t.call('POST', `/api/v1/user/disable/${id}`, {
      token: admin.access_token,
      body: { disabled: true },
    });
    expect(disable.code).toBe(0);
    expect((await getUser(visitor)).status).toBe(401);
    await t.call('POST', `/api/v1/user/disable/${id}`, { token: admin.access_token, body: { disabled: false } });
  });

  it('shows a profile edit on the next GET user', async () => {
    const pair = await signIn(ACCOUNTS.staff);
    const before = await getUser(pair);
    const edit = await t.call('POST', `/api/v1/user/${before.data.id}`, {
      token: pair.access_token,
      body: { nickname: 'Renamed', phone: before.data.phone, sex: before.data.sex },
    });
    expect(edit.code).toBe(0);
    expect((await getUser(pair)).data.nickname).toBe('Renamed');
    const lang = await t.call('POST', '/api/v1/user/personalized', {
      token: pair.access_token,
      body: { language: 'de' },
    });
    expect(lang.code).toBe(0);
    expect((await getUser(pair)).data.language).toBe('de');
  });
});

describe('another instance’s changes', () => {
  it('drop a remembered session when that instance announces it ended it', async () => {
    const pair = await signIn(ACCOUNTS.owner);
    expect((await getUser(pair)).status).toBe(200);
    // Another instance ends the session: its row changes in the shared database, and it tells the bus.
    const sessions = await t.database.db.select({ id: authSession.id }).from(authSession);
    const claims = JSON.parse(Buffer.from(pair.access_token.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string;
    };
    expect(sessions.some((s) => s.id === claims.sid)).toBe(true);
    await t.database.db.update(authSession).set({ revokedAt: new Date() }).where(eq(authSession.id, claims.sid));
    // Until told, this instance answers from memory (within the TTL)…
    expect((await getUser(pair)).status).toBe(200);
    await t.bus.publish(CALLER_TOPIC, JSON.stringify({ session: claims.sid }));
    // …and once told, not any more.
    expect((await getUser(pair)).status).toBe(401);
  });

  it('drop a remembered profile when that instance announces the user changed', async () => {
    const pair = await signIn(ACCOUNTS.admin);
    const before = await getUser(pair);
    await t.database.db.update(appUser).set({ nickname: 'Elsewhere' }).where(eq(appUser.id, before.data.id));
    expect((await getUser(pair)).data.nickname).toBe(before.data.nickname);
    await t.bus.publish(CALLER_TOPIC, JSON.stringify({ user: before.data.id }));
    expect((await getUser(pair)).data.nickname).toBe('Elsewhere');
  });
});
