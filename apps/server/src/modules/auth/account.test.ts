import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appUser, verificationCode } from '../../db/schema.js';
import { ACCOUNTS, DEMO_PASSWORD, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();

const sendCode = (account: string, type: 'register' | 'reset', lan = 'en') =>
  t.call('GET', '/api/v1/anonymous/getVerificationCode', { query: { account, type, lan } });

/** Moves every code of an address one minute and a second into the past (still today, UTC). */
async function ageCodes(address: string): Promise<void> {
  const now = Date.now();
  const midnight = new Date(now).setUTCHours(0, 0, 0, 0);
  await t.database.db
    .update(verificationCode)
    .set({ createdAt: new Date(Math.max(midnight, now - 61_000)) })
    .where(eq(verificationCode.address, address));
}

describe('e-mail verification codes', () => {
  it('refuses a second code within 60 s, and the eleventh of a day', async () => {
    const address = 'limits@example.org';
    expect((await sendCode(address, 'register')).code).toBe(0);
    expect(t.mails.filter((m) => m.to === address)).toHaveLength(1);
    const again = await sendCode(address, 'register');
    expect(again.code).toBe(1101);
    expect(t.mails.filter((m) => m.to === address)).toHaveLength(1);
    for (let i = 2; i <= 10; i++) {
      await ageCodes(address);
      expect((await sendCode(address, 'register')).code).toBe(0);
    }
    await ageCodes(address);
    const eleventh = await sendCode(address, 'register', 'de');
    expect(eleventh.code).toBe(1102);
    expect(eleventh.msg).toMatch(/morgen|Tag/i);
    expect(t.mails.filter((m) => m.to === address)).toHaveLength(10);
  });

  it('mails the code in the language of the request', async () => {
    await sendCode('lang@example.org', 'register', 'zh');
    const mail = t.mails.find((m) => m.to === 'lang@example.org');
    expect(mail?.text).toMatch(/\d{6}/);
    expect(mail?.subject).not.toBe('Your Heliograph verification code');
  });

  it('refuses a code for a registered account with 103, and a bad address with 4', async () => {
    expect((await sendCode(ACCOUNTS.admin, 'register')).code).toBe(103);
    const bad = await sendCode('not-an-address', 'register');
    expect(bad.code).toBe(4);
    expect(bad.data).toMatchObject({ fields: [{ field: 'account' }] });
  });
});

describe('registration', () => {
  const signup = async (account: string, password: string, code: string) => {
    const { keyId, cipher } = await t.encrypt(password);
    return t.call<{ id?: string; fields?: { field: string; message: string }[] }>('POST', '/api/v1/anonymous/signup', {
      body: { account, password: cipher, keyId, code, nickname: 'New Owner' },
    });
  };

  it('names the password field when it breaks the rule, and saves nothing', async () => {
    const account = 'weak@example.org';
    await sendCode(account, 'register');
    for (const weak of ['short1A', 'alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere', 'Has space1A', 'A1b'.repeat(7)]) {
      const answer = await signup(account, weak, t.lastCode(account));
      expect(answer.code, weak).toBe(4);
      expect(answer.data.fields?.map((f) => f.field)).toEqual(['password']);
    }
    expect(await t.database.db.select().from(appUser).where(eq(appUser.account, account))).toHaveLength(0);
    // The code was not spent by the refusals.
    expect((await signup(account, 'Strong2026pw', t.lastCode(account))).code).toBe(0);
  });

  it('names the account field for a bad e-mail address', async () => {
    const answer = await signup('someone@nowhere', 'Strong2026pw', '123456');
    expect(answer.code).toBe(4);
    expect(answer.data.fields?.map((f) => f.field)).toEqual(['account']);
  });

  it('gives the field message in the language asked for', async () => {
    const { keyId, cipher } = await t.encrypt('weak');
    const answer = await t.call<{ fields: { message: string }[] }>('POST', '/api/v1/anonymous/signup?lan=de', {
      body: { account: 'x@example.org', password: cipher, keyId, code: '1' },
    });
    expect(answer.code).toBe(4);
    expect(answer.data.fields[0]?.message).not.toMatch(/Use 8 to 20/);
  });

  it('registers with the mailed code, which then works no more, and the new account signs in', async () => {
    const account = 'new.owner@example.org';
    expect((await t.call('GET', '/api/v1/anonymous/checkAccount', { query: { account } })).code).toBe(0);
    await sendCode(account, 'register');
    expect((await signup(account, 'Strong2026pw', '000000')).code).toBe(5);
    const code = t.lastCode(account);
    const done = await signup(account, 'Strong2026pw', code);
    expect(done.code).toBe(0);
    expect((await t.call('GET', '/api/v1/anonymous/checkAccount', { query: { account } })).code).toBe(103);
    expect((await signup(account, 'Strong2026pw', code)).code).toBe(103);
    const login = await t.login(account, 'Strong2026pw');
    expect(login.code).toBe(0);
    const me = await t.call<{ role: string; company: null }>('GET', '/api/v1/user', { token: login.data.access_token });
    expect(me.data.role).toBe('plant_owner');
    expect(me.data.company).toBeNull();
  });

  it('says an expired code has expired (6)', async () => {
    const account = 'late@example.org';
    await sendCode(account, 'register');
    await t.database.db
      .update(verificationCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(verificationCode.address, account)));
    expect((await signup(account, 'Strong2026pw', t.lastCode(account))).code).toBe(6);
  });
});

describe('password reset and change', () => {
  it('resets a password with the mailed code', async () => {
    const account = ACCOUNTS.installer;
    expect((await sendCode(account, 'reset')).code).toBe(0);
    const { keyId, cipher } = await t.encrypt('Renewed2026pw');
    const answer = await t.call('POST', '/api/v1/anonymous/resetPwd', {
      body: { account, password: cipher, keyId, code: t.lastCode(account) },
    });
    expect(answer.code).toBe(0);
    expect((await t.login(account, DEMO_PASSWORD)).code).toBe(102);
    expect((await t.login(account, 'Renewed2026pw')).code).toBe(0);
  });

  it('answers a reset for an unknown address like a known one, and mails nothing', async () => {
    const before = t.mails.length;
    expect((await sendCode('ghost@example.org', 'reset')).code).toBe(0);
    expect(t.mails.length).toBe(before);
  });

  it('changes the password only with the right old one (108 otherwise)', async () => {
    const token = await t.tokenFor(ACCOUNTS.staff);
    const me = await t.call<{ id: string }>('GET', '/api/v1/user', { token });
    const change = async (oldPw: string, newPw: string) => {
      const o = await t.encrypt(oldPw);
      const n = await t.encrypt(newPw);
      return t.call(`POST`, `/api/v1/user/${me.data.id}/pwd`, {
        token,
        body: { keyId: o.keyId, oldPassword: o.cipher, newPassword: n.cipher },
      });
    };
    expect((await change('Wrong-old1', 'Changed2026pw')).code).toBe(108);
    const weak = await change(DEMO_PASSWORD, 'weak');
    expect(weak.code).toBe(4);
    expect(weak.data).toMatchObject({ fields: [{ field: 'newPassword' }] });
    expect((await change(DEMO_PASSWORD, 'Changed2026pw')).code).toBe(0);
    expect((await t.login(ACCOUNTS.staff, 'Changed2026pw')).code).toBe(0);
  });
});
