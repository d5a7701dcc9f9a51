import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { ERROR_CODES, type ScanPollAnswer, type TokenPair, type UserInfo } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, authSession } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';

let clock = Date.UTC(2026, 10, 26, 9, 0, 0);
let t: TestApp;
let phone: TokenPair;
beforeAll(async () => {
  t = await TestApp.start({}, undefined, { now: () => clock });
  // The phone: signed in already.
  phone = (await t.login(ACCOUNTS.installer)).data;
});
afterAll(async () => {
  await t?.close();
});

interface Made {
  code: string;
  ticket: string;
  expiresIn: number;
}
const make = async (): Promise<Made> => (await t.call<Made>('POST', '/api/v1/anonymous/scanCode')).data;
const poll = (code: string) => t.call<ScanPollAnswer>('POST', '/api/v1/oauth/check/token/code', { body: { code } });
const confirm = (ticket: string, token = phone.access_token) =>
  t.call('POST', '/api/v1/scanCode/confirm', { token, body: { ticket } });

describe('scan-code login', () => {
  it('answers a pending code with nothing to sign in with', async () => {
    const made = await make();
    expect(made.expiresIn).toBe(120);
    expect(made.code).not.toContain(made.ticket);
    const answer = await poll(made.code);
    expect(answer.code).toBe(0);
    expect(answer.data).toEqual({ state: 'pending', token: null });
  });

  it('gives the desktop its own new token pair once the phone confirms, and only once', async () => {
    const made = await make();
    expect((await confirm(made.ticket)).code).toBe(0);
    const first = await poll(made.code);
    expect(first.code).toBe(0);
    expect(first.data.state).toBe('signedIn');
    const desktop = first.data.token;
    if (!desktop) throw new Error('no token pair');
    const me = await t.call<UserInfo>('GET', '/api/v1/user', { token: desktop.access_token });
    expect(me.data.account).toBe(ACCOUNTS.installer);

    // A session of its own (source scan), never the phone's tokens.
    expect(desktop.access_token).not.toBe(phone.access_token);
    expect(desktop.refresh_token).not.toBe(phone.refresh_token);
    const desktopSid = decodeJwt(desktop.access_token).sid as string;
    expect(desktopSid).not.toBe(decodeJwt(phone.access_token).sid);
    const [session] = await t.database.db.select().from(authSession).where(eq(authSession.id, desktopSid));
    expect(session?.source).toBe('scan');
    // Signing the desktop out leaves the phone signed in.
    await t.call('POST', '/api/v1/oauth/token/revoke', { body: { refresh_token: desktop.refresh_token } });
    expect((await t.call('GET', '/api/v1/user', { token: phone.access_token })).code).toBe(0);

    const again = await poll(made.code);
    expect(again.code).toBe(ERROR_CODES.scanCodeInvalid);
    expect(again.data).toBeNull();
    // The ticket cannot be confirmed twice either.
    expect((await confirm(made.ticket)).code).toBe(ERROR_CODES.scanCodeInvalid);
  });

  it('gives nothing for an expired code, confirmed or not', async () => {
    const unconfirmed = await make();
    const confirmedLate = await make();
    expect((await confirm(confirmedLate.ticket)).code).toBe(0);
    clock += 120_000;
    expect((await confirm(unconfirmed.ticket)).code).toBe(ERROR_CODES.scanCodeInvalid);
    for (const made of [unconfirmed, confirmedLate]) {
      const answer = await poll(made.code);
      expect(answer.code).toBe(ERROR_CODES.scanCodeInvalid);
      expect(answer.data).toBeNull();
    }
  });

  it('gives nothing for an unknown code or ticket, and the ticket is no code', async () => {
    const made = await make();
    expect((await poll('sc_unknown')).code).toBe(ERROR_CODES.scanCodeInvalid);
    // Whoever photographs the QR code (the ticket) cannot collect the tokens with it.
    expect((await poll(made.ticket)).code).toBe(ERROR_CODES.scanCodeInvalid);
    expect((await confirm('00000000-0000-4000-8000-000000000000')).code).toBe(ERROR_CODES.scanCodeInvalid);
    expect((await confirm('not-a-ticket')).code).toBe(4);
    expect((await poll(made.code)).data).toEqual({ state: 'pending', token: null });
  });

  it('needs a signed-in phone to confirm', async () => {
    const made = await make();
    const anonymous = await t.call('POST', '/api/v1/scanCode/confirm', { body: { ticket: made.ticket } });
    expect(anonymous.status).toBe(401);
    expect((await poll(made.code)).data.state).toBe('pending');
  });

  it('gives nothing when the account was disabled after the phone confirmed', async () => {
    const made = await make();
    const visitor = await t.tokenFor(ACCOUNTS.visitor);
    expect((await confirm(made.ticket, visitor)).code).toBe(0);
    await t.database.db.update(appUser).set({ disabled: true }).where(eq(appUser.account, ACCOUNTS.visitor));
    try {
      expect((await poll(made.code)).code).toBe(ERROR_CODES.scanCodeInvalid);
    } finally {
      await t.database.db.update(appUser).set({ disabled: false }).where(eq(appUser.account, ACCOUNTS.visitor));
    }
  });
});
