import { and, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { ERROR_CODES, type MfaChallenge, type MfaState, type TokenPair, type UserInfo } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog, authSession, mfaRecoveryCode, role, userTotp } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { DEMO_PASSWORD, TestApp, type Answer } from '../../test/harness.js';

// The clock of codes, challenges and rate limits: tests move it, never wait for it.
let clock = Date.UTC(2026, 10, 26, 9, 0, 0);
const now = (): number => clock;
let t: TestApp;
beforeAll(async () => {
  t = await TestApp.start({}, undefined, { now });
});
afterAll(async () => {
  await t?.close();
});

/** An authenticator app's code for the secret at the test clock (offset in seconds). */
const codeAt = (secret: string, offsetS = 0): Promise<string> =>
  generate({ secret, epoch: Math.floor(clock / 1000) + offsetS });

let serial = 0;
/** A fresh account of its own for each test, so rate limits and codes of one test never touch another. */
async function newAccount(opts: { required?: boolean } = {}): Promise<{ account: string; id: string }> {
  serial += 1;
  const account = `mfa${serial}@example.com`;
  const [owner] = await t.database.db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.key, 'plant_owner'), isNull(role.companyId)));
  const [row] = await t.database.db
    .insert(appUser)
    .values({
      account,
      email: account,
      nickname: `MFA ${serial}`,
      roleId: owner?.id ?? '',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      mfaRequired: opts.required ?? false,
    })
    .returning({ id: appUser.id });
  return { account, id: row?.id ?? '' };
}

/** Signs in with the password and turns the authenticator on: its secret and recovery codes. */
async function enrolled(account: string): Promise<{ secret: string; recovery: string[]; token: string }> {
  const token = await t.tokenFor(account);
  const start = await t.call<{ uri: string; secret: string }>('POST', '/api/v1/mfa/totp/start', { token });
  expect(start.code).toBe(0);
  const confirm = await t.call<{ recoveryCodes: string[] }>('POST', '/api/v1/mfa/totp/confirm', {
    token,
    body: { code: await codeAt(start.data.secret) },
  });
  expect(confirm.code).toBe(0);
  // The next code is another step's: move on so the enrolment's code is not the sign-in's.
  clock += 30_000;
  return { secret: start.data.secret, recovery: confirm.data.recoveryCodes, token };
}

async function challenge(account: string): Promise<MfaChallenge> {
  const answer = await t.login(account);
  expect(answer.code).toBe(ERROR_CODES.mfaRequired);
  return answer.data as unknown as MfaChallenge;
}

const second = (body: Record<string, string>): Promise<Answer<TokenPair & { recoveryCodes?: string[] }>> =>
  t.call('POST', '/api/v1/anonymous/checkCode/return/token', { body });

async function sessionsOf(userId: string): Promise<number> {
  return (await t.database.db.select().from(authSession).where(eq(authSession.userId, userId))).length;
}

describe('enrolment', () => {
  it('gives a secret once as an otpauth URI and text, and turns on with a right code: ten recovery codes', async () => {
    const { account, id } = await newAccount();
    const token = await t.tokenFor(account);
    const start = await t.call<{ uri: string; secret: string }>('POST', '/api/v1/mfa/totp/start', { token });
    expect(start.code).toBe(0);
    expect(start.data.uri).toMatch(/^otpauth:\/\/totp\/Heliograph:/);
    expect(decodeURIComponent(start.data.uri)).toContain(account);
    expect(start.data.uri).toContain(`secret=${start.data.secret}`);
    expect((await t.call<MfaState>('GET', '/api/v1/mfa', { token })).data).toMatchObject({
      enabled: false,
      pending: true,
    });

    const wrong = await t.call('POST', '/api/v1/mfa/totp/confirm', { token, body: { code: '000000' } });
    expect(wrong.code).toBe(ERROR_CODES.mfaCodeWrong);
    expect((await t.call<MfaState>('GET', '/api/v1/mfa', { token })).data.enabled).toBe(false);

    const ok = await t.call<{ recoveryCodes: string[] }>('POST', '/api/v1/mfa/totp/confirm', {
      token,
      body: { code: await codeAt(start.data.secret) },
    });
    expect(ok.code).toBe(0);
    expect(ok.data.recoveryCodes).toHaveLength(10);
    expect(new Set(ok.data.recoveryCodes).size).toBe(10);
    const state = await t.call<MfaState>('GET', '/api/v1/mfa', { token });
    expect(state.data).toMatchObject({ enabled: true, pending: false, recoveryCodesLeft: 10 });
    // Nothing secret is answered again.
    expect(JSON.stringify(state.data)).not.toContain(start.data.secret);
    expect((await t.call<UserInfo>('GET', '/api/v1/user', { token })).data.mfaEnabled).toBe(true);
    // Recovery codes are kept hashed.
    const stored = await t.database.db.select().from(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, id));
    expect(stored.map((r) => r.codeHash).some((h) => ok.data.recoveryCodes.some((c) => h.includes(c)))).toBe(false);
    // The change is in the audit log, without the secret.
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action)).toEqual(['mfa.enable']);
    expect(JSON.stringify(audit)).not.toContain(start.data.secret);

    // Another authenticator cannot replace this one without turning it off first.
    const again = await t.call('POST', '/api/v1/mfa/totp/start', { token });
    expect(again.code).toBe(ERROR_CODES.mfaAlreadyEnabled);
    const [totp] = await t.database.db.select().from(userTotp).where(eq(userTotp.userId, id));
    expect(totp?.secret).toBe(start.data.secret);
  });
});

describe('sign-in with a second factor', () => {
  it('issues no token for the password alone: 1401 with a challenge, and no session', async () => {
    const { account, id } = await newAccount();
    await enrolled(account);
    const before = await sessionsOf(id);
    const answer = await t.login(account);
    expect(answer.code).toBe(ERROR_CODES.mfaRequired);
    expect(JSON.stringify(answer.data)).not.toMatch(/access_token|refresh_token/);
    expect(answer.data).toMatchObject({ methods: ['totp', 'recovery'], enrol: false, attemptsLeft: 5, expiresIn: 300 });
    expect(await sessionsOf(id)).toBe(before);
  });

  it('refuses a wrong code with 1402 and no token, then signs in with the right one', async () => {
    const { account, id } = await newAccount();
    const { secret } = await enrolled(account);
    const c = await challenge(account);
    const before = await sessionsOf(id);
    const right = await codeAt(secret);
    const wrong = await second({ challenge: c.challenge, code: right === '123456' ? '654321' : '123456' });
    expect(wrong.code).toBe(ERROR_CODES.mfaCodeWrong);
    expect(wrong.data).toBeNull();
    expect(await sessionsOf(id)).toBe(before);

    const signedIn = await second({ challenge: c.challenge, code: right });
    expect(signedIn.code).toBe(0);
    const me = await t.call<UserInfo>('GET', '/api/v1/user', { token: signedIn.data.access_token });
    expect(me.data.account).toBe(account);
    expect(await sessionsOf(id)).toBe(before + 1);
    // A challenge opens one session only.
    clock += 30_000;
    expect((await second({ challenge: c.challenge, code: await codeAt(secret) })).code).toBe(ERROR_CODES.mfaCodeWrong);
  });

  it('refuses a replayed code: a code that signed in once does not sign in again', async () => {
    const { account } = await newAccount();
    const { secret } = await enrolled(account);
    const code = await codeAt(secret);
    expect((await second({ challenge: (await challenge(account)).challenge, code })).code).toBe(0);
    const replay = await second({ challenge: (await challenge(account)).challenge, code });
    expect(replay.code).toBe(ERROR_CODES.mfaCodeWrong);
    expect(replay.data).toBeNull();
    // The code of the next step is fine.
    clock += 30_000;
    expect((await second({ challenge: (await challenge(account)).challenge, code: await codeAt(secret) })).code).toBe(
      0,
    );
  });

  it('forgives one step of clock drift and refuses an expired code', async () => {
    const { account } = await newAccount();
    const { secret } = await enrolled(account);
    // Well past the enrolment's code, so only the time can make a code too old.
    clock += 120_000;
    const expired = await codeAt(secret, -60);
    const c = await challenge(account);
    const refused = await second({ challenge: c.challenge, code: expired });
    expect(refused.code).toBe(ERROR_CODES.mfaCodeWrong);
    expect(refused.data).toBeNull();
    expect((await second({ challenge: c.challenge, code: await codeAt(secret, -30) })).code).toBe(0);
    clock += 60_000;
    expect(
      (await second({ challenge: (await challenge(account)).challenge, code: await codeAt(secret, 30) })).code,
    ).toBe(0);
  });

  it('lets a recovery code in once', async () => {
    const { account } = await newAccount();
    const { recovery, token } = await enrolled(account);
    const code = recovery[0] ?? '';
    const first = await second({ challenge: (await challenge(account)).challenge, recoveryCode: code.toUpperCase() });
    expect(first.code).toBe(0);
    const again = await second({ challenge: (await challenge(account)).challenge, recoveryCode: code });
    expect(again.code).toBe(ERROR_CODES.mfaCodeWrong);
    expect(again.data).toBeNull();
    expect((await t.call<MfaState>('GET', '/api/v1/mfa', { token })).data.recoveryCodesLeft).toBe(9);
  });

  it('lets a challenge live five minutes', async () => {
    const { account } = await newAccount();
    const { secret } = await enrolled(account);
    const c = await challenge(account);
    clock += 5 * 60_000 + 1000;
    const late = await second({ challenge: c.challenge, code: await codeAt(secret) });
    expect(late.code).toBe(ERROR_CODES.mfaCodeWrong);
    expect(late.data).toBeNull();
    expect(
      (await t.call('GET', '/api/v1/anonymous/account/MfaStatus', { query: { challenge: c.challenge } })).code,
    ).toBe(ERROR_CODES.mfaCodeWrong);
  });

  it('takes five codes per challenge: the right one after five wrong ones is refused', async () => {
    const { account } = await newAccount();
    const { secret } = await enrolled(account);
    const c = await challenge(account);
    const right = await codeAt(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await second({ challenge: c.challenge, code: wrongCode })).code).toBe(1402);
    const late = await second({ challenge: c.challenge, code: right });
    expect(late.code).toBe(ERROR_CODES.mfaCodeWrong);
    expect(late.data).toBeNull();
    // A new sign-in starts a new challenge, and the code still works there.
    expect((await second({ challenge: (await challenge(account)).challenge, code: right })).code).toBe(0);
  });

  it('throttles wrong codes like wrong passwords: the account waits out the window', async () => {
    const { account } = await newAccount();
    const { secret } = await enrolled(account);
    const right = await codeAt(secret);
    const wrongCode = right === '000000' ? '111111' : '000000';
    // Ten wrong codes (the account's limit for wrong passwords) over two challenges.
    for (let round = 0; round < 2; round++) {
      const c = await challenge(account);
      for (let i = 0; i < 5; i++) expect((await second({ challenge: c.challenge, code: wrongCode })).code).toBe(1402);
    }
    // Now even the right password waits, like after ten wrong passwords.
    const blocked = await t.login(account);
    expect(blocked.status).toBe(429);
    expect(blocked.code).toBe(ERROR_CODES.tooManyRequests);
    clock += 15 * 60_000 + 1000;
    const c = await challenge(account);
    expect((await second({ challenge: c.challenge, code: await codeAt(secret) })).code).toBe(0);
  });

  it('answers MfaStatus from the challenge only: an unknown one tells nothing', async () => {
    const { account } = await newAccount();
    await enrolled(account);
    const c = await challenge(account);
    const status = await t.call<MfaChallenge>('GET', '/api/v1/anonymous/account/MfaStatus', {
      query: { challenge: c.challenge, account },
    });
    expect(status.data).toMatchObject({ challenge: c.challenge, methods: ['totp', 'recovery'], enrol: false });
    const unknown = await t.call('GET', '/api/v1/anonymous/account/MfaStatus', {
      query: { challenge: '00000000-0000-4000-8000-000000000000', account },
    });
    const other = await t.call('GET', '/api/v1/anonymous/account/MfaStatus', {
      query: { challenge: '00000000-0000-4000-8000-000000000000', account: 'nobody@example.com' },
    });
    expect(unknown.code).toBe(ERROR_CODES.mfaCodeWrong);
    expect(other).toEqual(unknown);
  });

  it('signs an account without two-step verification in with its password alone', async () => {
    const { account } = await newAccount();
    expect((await t.login(account)).code).toBe(0);
  });
});

describe('an administrator requires it', () => {
  it('makes an account without an authenticator enrol one during sign-in before it gets tokens', async () => {
    const { account, id } = await newAccount({ required: true });
    const c = await challenge(account);
    expect(c).toMatchObject({ enrol: true, methods: ['totp'] });
    // Nothing to check a code against yet: refused, no session.
    expect((await second({ challenge: c.challenge, code: '123456' })).code).toBe(ERROR_CODES.mfaCodeWrong);
    expect(await sessionsOf(id)).toBe(0);

    const enrol = await t.call<{ uri: string; secret: string }>('POST', '/api/v1/anonymous/mfa/enrol', {
      body: { challenge: c.challenge },
    });
    expect(enrol.code).toBe(0);
    const done = await second({ challenge: c.challenge, code: await codeAt(enrol.data.secret) });
    expect(done.code).toBe(0);
    expect(done.data.recoveryCodes).toHaveLength(10);
    expect((await t.call<UserInfo>('GET', '/api/v1/user', { token: done.data.access_token })).data.mfaEnabled).toBe(
      true,
    );
    // From now on the sign-in asks for the code, and enrolment is closed.
    clock += 30_000;
    const next = await challenge(account);
    expect(next.enrol).toBe(false);
    const reEnrol = await t.call('POST', '/api/v1/anonymous/mfa/enrol', { body: { challenge: next.challenge } });
    expect(reEnrol.code).toBe(ERROR_CODES.mfaAlreadyEnabled);
  });

  it('refuses to turn it off while required, and changes nothing', async () => {
    const { account, id } = await newAccount();
    const { secret, token } = await enrolled(account);
    await t.database.db.update(appUser).set({ mfaRequired: true }).where(eq(appUser.id, id));
    const off = await t.call('POST', '/api/v1/mfa/off', { token, body: { code: await codeAt(secret) } });
    expect(off.code).toBe(ERROR_CODES.mfaStillRequired);
    expect((await t.call<MfaState>('GET', '/api/v1/mfa', { token })).data).toMatchObject({
      enabled: true,
      required: true,
    });
  });
});

describe('managing it', () => {
  it('regenerates recovery codes only for a right code; the old ones then stop working', async () => {
    const { account, id } = await newAccount();
    const { secret, recovery, token } = await enrolled(account);
    const wrong = await t.call('POST', '/api/v1/mfa/recoveryCodes', { token, body: { code: '000000' } });
    expect(wrong.code).toBe(ERROR_CODES.mfaCodeWrong);
    const fresh = await t.call<{ recoveryCodes: string[] }>('POST', '/api/v1/mfa/recoveryCodes', {
      token,
      body: { code: await codeAt(secret) },
    });
    expect(fresh.code).toBe(0);
    expect(fresh.data.recoveryCodes).toHaveLength(10);
    expect(
      (await second({ challenge: (await challenge(account)).challenge, recoveryCode: recovery[0] ?? '' })).code,
    ).toBe(ERROR_CODES.mfaCodeWrong);
    expect(
      (
        await second({
          challenge: (await challenge(account)).challenge,
          recoveryCode: fresh.data.recoveryCodes[0] ?? '',
        })
      ).code,
    ).toBe(0);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action)).toContain('mfa.recoveryCodes');
    expect(JSON.stringify(audit)).not.toContain(fresh.data.recoveryCodes[0]);
  });

  it('turns off with a right code or the password, not with a wrong one', async () => {
    const { account, id } = await newAccount();
    const { token } = await enrolled(account);
    const wrongCode = await t.call('POST', '/api/v1/mfa/off', { token, body: { code: '000000' } });
    expect(wrongCode.code).toBe(ERROR_CODES.mfaCodeWrong);
    const bad = await t.encrypt('Wrong-pass1');
    const wrongPassword = await t.call('POST', '/api/v1/mfa/off', {
      token,
      body: { keyId: bad.keyId, password: bad.cipher },
    });
    expect(wrongPassword.code).toBe(ERROR_CODES.oldPasswordWrong);
    expect((await t.call<MfaState>('GET', '/api/v1/mfa', { token })).data.enabled).toBe(true);

    const good = await t.encrypt(DEMO_PASSWORD);
    const off = await t.call('POST', '/api/v1/mfa/off', { token, body: { keyId: good.keyId, password: good.cipher } });
    expect(off.code).toBe(0);
    expect((await t.call<MfaState>('GET', '/api/v1/mfa', { token })).data.enabled).toBe(false);
    expect((await t.call<UserInfo>('GET', '/api/v1/user', { token })).data.mfaEnabled).toBe(false);
    expect((await t.login(account)).code).toBe(0);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['mfa.disable', 'mfa.enable']);
  });

  it('signs in with the password alone after an administrator’s reset deleted the authenticator', async () => {
    const { account, id } = await newAccount();
    await enrolled(account);
    await t.database.db.delete(userTotp).where(eq(userTotp.userId, id));
    await t.database.db.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, id));
    expect((await t.login(account)).code).toBe(0);
  });
});
