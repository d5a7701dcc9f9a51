import { ERROR_CODES, type TokenPair, type UserSession } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();

async function signIn(account: string): Promise<TokenPair> {
  const answer = await t.login(account);
  if (answer.code !== 0) throw new Error(`sign-in of ${account}: ${answer.code}`);
  return answer.data;
}

const list = async (pair: TokenPair) =>
  (await t.call<UserSession[]>('GET', '/api/v1/user/sessions', { token: pair.access_token })).data;
const reads = async (pair: TokenPair) => (await t.call('GET', '/api/v1/user', { token: pair.access_token })).status;

describe('active sign-ins', () => {
  it('lists only the caller’s live sign-ins, newest first, marking this one', async () => {
    const phone = await signIn(ACCOUNTS.installer);
    const desk = await signIn(ACCOUNTS.installer);
    await signIn(ACCOUNTS.visitor);
    const mine = await list(desk);
    expect(mine).toHaveLength(2);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    expect(mine[0]?.current).toBe(true);
    expect(mine.every((s) => s.source === 'web' && s.startedAt)).toBe(true);
    // The phone sees the same two, from its own side.
    const fromPhone = await list(phone);
    expect(fromPhone.map((s) => s.id).sort()).toEqual(mine.map((s) => s.id).sort());
    expect(fromPhone.find((s) => s.current)?.id).not.toBe(mine.find((s) => s.current)?.id);
  });

  it('ends one sign-in: its access token is refused on its next request, the others go on', async () => {
    const a = await signIn(ACCOUNTS.staff);
    const b = await signIn(ACCOUNTS.staff);
    expect(await list(a)).toHaveLength(2);
    // End b from a.
    const answer = await t.call('POST', '/api/v1/user/sessions/end', {
      token: a.access_token,
      body: { sessionId: (await list(b)).find((s) => s.current)?.id },
    });
    expect(answer.code).toBe(0);
    expect(await reads(b)).toBe(401);
    expect(await reads(a)).toBe(200);
  });

  it('refuses to end another account’s sign-in as "does not exist", ending nothing', async () => {
    const owner = await signIn(ACCOUNTS.owner);
    const ownerSession = (await list(owner)).find((s) => s.current)?.id;
    const admin = await signIn(ACCOUNTS.admin);
    const answer = await t.call('POST', '/api/v1/user/sessions/end', {
      token: admin.access_token,
      body: { sessionId: ownerSession },
    });
    expect(answer.code).toBe(ERROR_CODES.notFound);
    expect(await reads(owner)).toBe(200);
  });

  it('signs out everywhere else: the other sign-ins’ tokens are refused at once, this one stays', async () => {
    const others = [await signIn(ACCOUNTS.admin), await signIn(ACCOUNTS.admin)];
    const here = await signIn(ACCOUNTS.admin);
    const answer = await t.call('POST', '/api/v1/user/sessions/endAll', { token: here.access_token, body: {} });
    expect(answer.code).toBe(0);
    for (const o of others) expect(await reads(o)).toBe(401);
    expect(await reads(here)).toBe(200);
    expect((await list(here)).map((s) => s.current)).toEqual([true]);
  });

  it('signs out everywhere including here when asked', async () => {
    const elsewhere = await signIn(ACCOUNTS.visitor);
    const here = await signIn(ACCOUNTS.visitor);
    const answer = await t.call('POST', '/api/v1/user/sessions/endAll', {
      token: here.access_token,
      body: { includeThis: true },
    });
    expect(answer.code).toBe(0);
    expect(await reads(here)).toBe(401);
    expect(await reads(elsewhere)).toBe(401);
  });
});
