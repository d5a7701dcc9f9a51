import { and, eq, isNull } from 'drizzle-orm';
import {
  ERROR_CODES,
  type MfaChallenge,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  type PasskeyRow,
  type TokenPair,
  type UserInfo,
} from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog, authSession, passkey, role } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { ACCOUNTS, DEMO_PASSWORD, TestApp, type Answer } from '../../test/harness.js';
import { SoftAuthenticator, type Ceremony } from './soft-authenticator.js';

// The clock of challenges and rate limits: tests move it, never wait for it.
let clock = Date.UTC(2026, 10, 26, 9, 0, 0);
const now = (): number => clock;
let t: TestApp;
beforeAll(async () => {
  t = await TestApp.start({}, undefined, { now });
});
afterAll(async () => {
  await t?.close();
});

/** The browser's origin for the API tests' requests (Fastify's inject sends Host: localhost:80). */
const ORIGIN = 'http://localhost';
const RP_ID = 'localhost';
const at = (challenge: string): Ceremony => ({ origin: ORIGIN, rpId: RP_ID, challenge });

let serial = 0;
async function newAccount(opts: { required?: boolean } = {}): Promise<{ account: string; id: string }> {
  serial += 1;
  const account = `passkey${serial}@example.com`;
  const [owner] = await t.database.db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.key, 'plant_owner'), isNull(role.companyId)));
  const [row] = await t.database.db
    .insert(appUser)
    .values({
      account,
      email: account,
      nickname: `Passkey ${serial}`,
      roleId: owner?.id ?? '',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      mfaRequired: opts.required ?? false,
    })
    .returning({ id: appUser.id });
  return { account, id: row?.id ?? '' };
}

const options = (token: string): Promise<Answer<PasskeyCreationOptions>> =>
  t.call('POST', '/api/v1/mfa/passkey/options', { token });

/** Adds a passkey to a signed-in account the way the security tab does: options, the authenticator, save. */
async function addPasskey(token: string, name = 'Laptop'): Promise<{ key: SoftAuthenticator; row: PasskeyRow }> {
  const key = new SoftAuthenticator();
  const opts = await options(token);
  expect(opts.code).toBe(0);
  const saved = await t.call<PasskeyRow>('POST', '/api/v1/mfa/passkey', {
    token,
    body: { name, credential: key.register(at(opts.data.challenge)) },
  });
  expect(saved.code).toBe(0);
  return { key, row: saved.data };
}

async function challenge(account: string): Promise<MfaChallenge> {
  const answer = await t.login(account);
  expect(answer.code).toBe(ERROR_CODES.mfaRequired);
  return answer.data as unknown as MfaChallenge;
}

const assertionOptions = (c: string): Promise<Answer<PasskeyRequestOptions>> =>
  t.call('POST', '/api/v1/anonymous/mfa/passkey/options', { body: { challenge: c } });

const finish = (body: Record<string, unknown>): Promise<Answer<TokenPair>> =>
  t.call('POST', '/api/v1/anonymous/checkCode/return/token', { body });

/** Signs in with the password, then the passkey: the second step's answer. */
async function signInWith(account: string, key: SoftAuthenticator, opts: { counter?: number } = {}) {
  const c = await challenge(account);
  const o = await assertionOptions(c.challenge);
  expect(o.code).toBe(0);
  return finish({ challenge: c.challenge, passkey: key.assert(at(o.data.challenge), opts) });
}

const passkeysOf = (userId: string) => t.database.db.select().from(passkey).where(eq(passkey.userId, userId));

describe('adding a passkey', () => {
  it('registers a passkey made for the options: listed with its name, two-step verification on, audited', async () => {
    const { account, id } = await newAccount();
    const token = await t.tokenFor(account);
    const opts = await options(token);
    expect(opts.data.rp).toEqual({ name: 'Heliograph', id: RP_ID });
    expect(opts.data.user.name).toBe(account);
    expect(opts.data.attestation).toBe('none');

    const { row } = await addPasskey(token, '  Work laptop ');
    expect(row).toMatchObject({ name: 'Work laptop', createdAt: new Date(clock).toISOString(), lastUsedAt: null });
    const list = await t.call<PasskeyRow[]>('GET', '/api/v1/mfa/passkeys', { token });
    expect(list.data).toEqual([row]);
    expect((await t.call<UserInfo>('GET', '/api/v1/user', { token })).data.mfaEnabled).toBe(true);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action)).toEqual(['mfa.passkeyAdd']);

    // The next options exclude it, so the browser does not make a second one on the same authenticator.
    expect((await options(token)).data.excludeCredentials?.map((c) => c.id)).toEqual([row.id]);
  });

  it('refuses a credential for another challenge, a malformed one and one without options, saving nothing', async () => {
    const { account, id } = await newAccount();
    const token = await t.tokenFor(account);
    const key = new SoftAuthenticator();
    const save = (credential: unknown) =>
      t.call('POST', '/api/v1/mfa/passkey', { token, body: { name: 'Phone', credential } });

    // No options asked for.
    expect((await save(key.register(at('bm90LWFza2Vk')))).code).toBe(ERROR_CODES.passkeyRejected);
    // Options asked for, but the authenticator signed another challenge.
    await options(token);
    expect((await save(key.register(at('b3RoZXItY2hhbGxlbmdl')))).code).toBe(ERROR_CODES.passkeyRejected);
    // Another origin (a phishing page) cannot register for this one.
    const o = await options(token);
    const phished = key.register({ ...at(o.data.challenge), origin: 'https://evil.example' });
    expect((await save(phished)).code).toBe(ERROR_CODES.passkeyRejected);
    // Well-formed to the schema, nonsense inside: a refusal, never a fault.
    const o2 = await options(token);
    const good = key.register(at(o2.data.challenge));
    const garbled = await save({ ...good, response: { ...good.response, attestationObject: 'AAAA' } });
    expect(garbled.status).toBe(200);
    expect(garbled.code).toBe(ERROR_CODES.passkeyRejected);
    // Not even the shape: a validation error.
    const shapeless = await save({ id: 'x' });
    expect(shapeless.status).toBe(400);
    expect(shapeless.code).toBe(ERROR_CODES.validation);
    // The options are spent by the refused answer: the right credential for them comes too late.
    expect((await save(good)).code).toBe(ERROR_CODES.passkeyRejected);

    expect(await passkeysOf(id)).toEqual([]);
    expect((await t.call<UserInfo>('GET', '/api/v1/user', { token })).data.mfaEnabled).toBe(false);
  });

  it('refuses options older than two minutes', async () => {
    const { account } = await newAccount();
    const token = await t.tokenFor(account);
    const o = await options(token);
    clock += 2 * 60_000 + 1000;
    const late = await t.call('POST', '/api/v1/mfa/passkey', {
      token,
      body: { name: 'Late', credential: new SoftAuthenticator().register(at(o.data.challenge)) },
    });
    expect(late.code).toBe(ERROR_CODES.passkeyRejected);
  });

  it('refuses a passkey already registered, to this account or another', async () => {
    const first = await newAccount();
    const second = await newAccount();
    const tokenA = await t.tokenFor(first.account);
    const tokenB = await t.tokenFor(second.account);
    const { key } = await addPasskey(tokenA);
    const o = await options(tokenB);
    const taken = await t.call('POST', '/api/v1/mfa/passkey', {
      token: tokenB,
      body: { name: 'Stolen', credential: key.register(at(o.data.challenge)) },
    });
    expect(taken.code).toBe(ERROR_CODES.passkeyExists);
    expect(await passkeysOf(second.id)).toEqual([]);
    expect((await passkeysOf(first.id)).map((p) => p.name)).toEqual(['Laptop']);
  });
});

describe('signing in with a passkey', () => {
  it('asks for the passkey after the password and signs in with it; the passkey shows when it was used', async () => {
    const { account, id } = await newAccount();
    const token = await t.tokenFor(account);
    const { key, row } = await addPasskey(token);
    const c = await challenge(account);
    expect(c).toMatchObject({ methods: ['passkey'], enrol: false });
    const o = await assertionOptions(c.challenge);
    expect(o.data.allowCredentials?.map((a) => a.id)).toEqual([row.id]);
    expect(o.data.rpId).toBe(RP_ID);

    const sessions = (await t.database.db.select().from(authSession).where(eq(authSession.userId, id))).length;
    clock += 60_000;
    const done = await finish({ challenge: c.challenge, passkey: key.assert(at(o.data.challenge)) });
    expect(done.code).toBe(0);
    const me = await t.call<UserInfo>('GET', '/api/v1/user', { token: done.data.access_token });
    expect(me.data.account).toBe(account);
    expect((await t.database.db.select().from(authSession).where(eq(authSession.userId, id))).length).toBe(
      sessions + 1,
    );
    const [listed] = (await t.call<PasskeyRow[]>('GET', '/api/v1/mfa/passkeys', { token })).data;
    expect(listed?.lastUsedAt).toBe(new Date(clock).toISOString());
  });

  it('offers the passkey beside the authenticator code when the account has both', async () => {
    const { account } = await newAccount();
    const token = await t.tokenFor(account);
    await addPasskey(token);
    // Turning an authenticator on afterwards is still possible while signed in.
    const start = await t.call<{ secret: string }>('POST', '/api/v1/mfa/totp/start', { token });
    expect(start.code).toBe(0);
    const { generate } = await import('otplib');
    const code = await generate({ secret: start.data.secret, epoch: Math.floor(clock / 1000) });
    expect((await t.call('POST', '/api/v1/mfa/totp/confirm', { token, body: { code } })).code).toBe(0);
    expect((await challenge(account)).methods).toEqual(['totp', 'recovery', 'passkey']);
  });

  it('refuses a replayed assertion and one signed over another challenge', async () => {
    const { account } = await newAccount();
    const { key } = await addPasskey(await t.tokenFor(account));
    const c = await challenge(account);
    const o = await assertionOptions(c.challenge);
    const assertion = key.assert(at(o.data.challenge));
    expect((await finish({ challenge: c.challenge, passkey: assertion })).code).toBe(0);

    // The same assertion for the next sign-in: its options carry a new challenge.
    const next = await challenge(account);
    await assertionOptions(next.challenge);
    const replay = await finish({ challenge: next.challenge, passkey: assertion });
    expect(replay.code).toBe(ERROR_CODES.passkeyRejected);
    expect(replay.data).toBeNull();

    // Signed over a challenge the server never gave.
    const third = await challenge(account);
    await assertionOptions(third.challenge);
    const forged = await finish({ challenge: third.challenge, passkey: key.assert(at('bm90LWdpdmVu')) });
    expect(forged.code).toBe(ERROR_CODES.passkeyRejected);
    // Nor without asking for options at all.
    const fourth = await challenge(account);
    expect((await finish({ challenge: fourth.challenge, passkey: key.assert(at('bm90LWdpdmVu')) })).code).toBe(
      ERROR_CODES.passkeyRejected,
    );
  });

  it('refuses another account’s passkey', async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    await addPasskey(await t.tokenFor(mine.account));
    const { key: theirKey } = await addPasskey(await t.tokenFor(theirs.account));
    const c = await challenge(mine.account);
    const o = await assertionOptions(c.challenge);
    const answer = await finish({ challenge: c.challenge, passkey: theirKey.assert(at(o.data.challenge)) });
    expect(answer.code).toBe(ERROR_CODES.passkeyRejected);
    expect(answer.data).toBeNull();
  });

  it('refuses an assertion whose signature counter went backwards (a cloned authenticator)', async () => {
    const { account } = await newAccount();
    const { key } = await addPasskey(await t.tokenFor(account));
    expect((await signInWith(account, key, { counter: 5 })).code).toBe(0);
    expect((await signInWith(account, key, { counter: 3 })).code).toBe(ERROR_CODES.passkeyRejected);
    expect((await signInWith(account, key, { counter: 5 })).code).toBe(ERROR_CODES.passkeyRejected);
    expect((await signInWith(account, key, { counter: 6 })).code).toBe(0);
  });

  it('refuses a malformed assertion without a fault and counts it as a wrong code', async () => {
    const { account } = await newAccount();
    const { key } = await addPasskey(await t.tokenFor(account));
    const c = await challenge(account);
    const o = await assertionOptions(c.challenge);
    const good = key.assert(at(o.data.challenge));
    const bad = await finish({
      challenge: c.challenge,
      passkey: { ...good, response: { ...good.response, signature: 'AAAA', authenticatorData: 'AA' } },
    });
    expect(bad.status).toBe(200);
    expect(bad.code).toBe(ERROR_CODES.passkeyRejected);
    const status = await t.call<MfaChallenge>('GET', '/api/v1/anonymous/account/MfaStatus', {
      query: { challenge: c.challenge },
    });
    expect(status.data.attemptsLeft).toBe(4);
  });

  it('throttles failed assertions like wrong codes: the account waits out the window', async () => {
    const { account } = await newAccount();
    const { key } = await addPasskey(await t.tokenFor(account));
    const stranger = new SoftAuthenticator();
    for (let round = 0; round < 2; round++) {
      const c = await challenge(account);
      for (let i = 0; i < 5; i++) {
        const o = await assertionOptions(c.challenge);
        const answer = await finish({ challenge: c.challenge, passkey: stranger.assert(at(o.data.challenge)) });
        expect(answer.code).toBe(ERROR_CODES.passkeyRejected);
      }
    }
    const blocked = await t.login(account);
    expect(blocked.status).toBe(429);
    clock += 15 * 60_000 + 1000;
    expect((await signInWith(account, key)).code).toBe(0);
  });

  it('answers passkey options only for a live challenge of an account that has a passkey', async () => {
    const unknown = await assertionOptions('00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(ERROR_CODES.mfaCodeWrong);
    const { account } = await newAccount({ required: true });
    const c = await challenge(account);
    expect(c.methods).toEqual(['totp']);
    expect((await assertionOptions(c.challenge)).code).toBe(ERROR_CODES.passkeyRejected);
  });

  it('lets an account an administrator requires it of sign in with a passkey, and closes enrolment by password', async () => {
    const { account } = await newAccount({ required: true });
    // Signed in somewhere already (e.g. before the requirement), the member adds a passkey.
    const pair = await t.database.db.select().from(appUser).where(eq(appUser.account, account));
    await t.database.db.update(appUser).set({ mfaRequired: false }).where(eq(appUser.account, account));
    const { key } = await addPasskey(await t.tokenFor(account));
    await t.database.db
      .update(appUser)
      .set({ mfaRequired: true })
      .where(eq(appUser.id, pair[0]?.id ?? ''));

    const c = await challenge(account);
    expect(c).toMatchObject({ enrol: false, methods: ['passkey'] });
    // The password alone cannot set up an authenticator beside the passkey.
    const enrol = await t.call('POST', '/api/v1/anonymous/mfa/enrol', { body: { challenge: c.challenge } });
    expect(enrol.code).toBe(ERROR_CODES.mfaAlreadyEnabled);
    expect((await signInWith(account, key)).code).toBe(0);
  });
});

describe('managing passkeys', () => {
  it('renames and removes a passkey; with none left the password signs in alone', async () => {
    const { account, id } = await newAccount();
    const token = await t.tokenFor(account);
    const { row } = await addPasskey(token);
    const renamed = await t.call<PasskeyRow>('POST', `/api/v1/mfa/passkey/${row.id}`, {
      token,
      body: { name: 'Phone' },
    });
    expect(renamed.data).toMatchObject({ id: row.id, name: 'Phone' });
    const empty = await t.call('POST', `/api/v1/mfa/passkey/${row.id}`, { token, body: { name: '   ' } });
    expect(empty.code).toBe(ERROR_CODES.validation);
    expect((await passkeysOf(id))[0]?.name).toBe('Phone');

    expect((await t.call('POST', `/api/v1/mfa/passkey/${row.id}/delete`, { token })).code).toBe(0);
    expect(await passkeysOf(id)).toEqual([]);
    expect((await t.call<UserInfo>('GET', '/api/v1/user', { token })).data.mfaEnabled).toBe(false);
    expect((await t.login(account)).code).toBe(0);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((a) => a.action).sort()).toEqual(['mfa.passkeyAdd', 'mfa.passkeyRemove']);
  });

  it('keeps the last passkey of an account an administrator requires two-step verification of', async () => {
    const { account, id } = await newAccount();
    const token = await t.tokenFor(account);
    const { row } = await addPasskey(token);
    await t.database.db.update(appUser).set({ mfaRequired: true }).where(eq(appUser.id, id));
    const refused = await t.call('POST', `/api/v1/mfa/passkey/${row.id}/delete`, { token });
    expect(refused.code).toBe(ERROR_CODES.mfaStillRequired);
    expect(await passkeysOf(id)).toHaveLength(1);
    // With a second one, the first may go.
    await addPasskey(token, 'Spare');
    expect((await t.call('POST', `/api/v1/mfa/passkey/${row.id}/delete`, { token })).code).toBe(0);
    expect((await passkeysOf(id)).map((p) => p.name)).toEqual(['Spare']);
  });

  it('answers "does not exist" to another company’s administrator and to another account, changing nothing', async () => {
    const staff = await t.tokenFor(ACCOUNTS.staff);
    const { row } = await addPasskey(staff, 'Staff key');
    const [staffUser] = await t.database.db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.staff));
    const callers = [await t.otherCompanyToken(), await t.tokenFor(ACCOUNTS.admin)];
    for (const token of callers) {
      const rename = await t.call('POST', `/api/v1/mfa/passkey/${row.id}`, { token, body: { name: 'Mine now' } });
      expect(rename.code).toBe(ERROR_CODES.notFound);
      const remove = await t.call('POST', `/api/v1/mfa/passkey/${row.id}/delete`, { token });
      expect(remove.code).toBe(ERROR_CODES.notFound);
      const list = await t.call<PasskeyRow[]>('GET', '/api/v1/mfa/passkeys', { token });
      expect(list.data.map((p) => p.id)).not.toContain(row.id);
    }
    expect((await passkeysOf(staffUser?.id ?? '')).map((p) => p.name)).toEqual(['Staff key']);
    // The member's own call removes it (the next test signs the member in with the password).
    expect((await t.call('POST', `/api/v1/mfa/passkey/${row.id}/delete`, { token: staff })).code).toBe(0);
  });

  it('an administrator’s reset of a member removes the member’s passkeys: the password signs in alone', async () => {
    const staff = await t.tokenFor(ACCOUNTS.staff);
    const [member] = await t.database.db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.staff));
    await addPasskey(staff, 'Another key');
    expect((await t.login(ACCOUNTS.staff)).code).toBe(ERROR_CODES.mfaRequired);
    const admin = await t.tokenFor(ACCOUNTS.admin);
    const reset = await t.call('POST', `/api/v1/user/${member?.id ?? ''}/update/mfaStatus`, {
      token: admin,
      body: { reset: true },
    });
    expect(reset.code).toBe(0);
    expect(await passkeysOf(member?.id ?? '')).toEqual([]);
    expect((await t.login(ACCOUNTS.staff)).code).toBe(0);
  });
});
