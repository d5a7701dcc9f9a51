import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import type { TokenPair, UserInfo } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, captcha, serverSecret } from '../../db/schema.js';
import { ACCOUNTS, DEMO_PASSWORD, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();

describe('sign-in', () => {
  it('gives a demo account a bearer token pair that opens GET /user', async () => {
    const answer = await t.login(ACCOUNTS.admin);
    expect(answer.code).toBe(0);
    expect(answer.data.token_type).toBe('bearer');
    expect(answer.data.expires_in).toBeGreaterThan(0);
    const me = await t.call<UserInfo>('GET', '/api/v1/user', { token: answer.data.access_token });
    expect(me.code).toBe(0);
    expect(me.data.account).toBe(ACCOUNTS.admin);
    expect(me.data.role).toBe('company_admin');
    expect(me.data.company?.name).toBe('Sunrise Energy');
  });

  it('accepts the account in any letter case', async () => {
    expect((await t.login('ADMIN@Sunrise.Example')).code).toBe(0);
  });

  it('answers a wrong password and an unknown account alike with 102', async () => {
    const wrong = await t.login(ACCOUNTS.staff, 'Wrong-pass1');
    const unknown = await t.login('nobody@sunrise.example', 'Wrong-pass1');
    expect(wrong.code).toBe(102);
    expect(unknown.code).toBe(102);
    expect(unknown.msg).toBe(wrong.msg);
    expect(unknown.data).toEqual(wrong.data);
    expect(unknown.status).toBe(wrong.status);
  });

  it('refuses a password that was not encrypted with a key we handed out', async () => {
    const { keyId } = await t.encrypt(DEMO_PASSWORD);
    const answer = await t.call('POST', '/api/v1/oauth/token/new', {
      body: { account: ACCOUNTS.admin, password: Buffer.from(DEMO_PASSWORD).toString('base64'), source: 'web', keyId },
    });
    expect(answer.code).toBe(4);
  });

  it('refuses a public-key request whose signature does not match', async () => {
    const answer = await t.call('GET', '/api/v1/anonymous/publicKey', {
      query: { nonce: 'abcdefgh12', source: 'web', sign: 'a'.repeat(64) },
    });
    expect(answer.code).toBe(4);
    expect(answer.data).toMatchObject({ fields: [{ field: 'sign' }] });
  });

  it('demands a picture code after three wrong passwords, and then lets the right one in', async () => {
    const account = ACCOUNTS.installer;
    for (let i = 1; i <= 3; i++) {
      const a = await t.login(account, 'Wrong-pass1');
      expect(a.code).toBe(102);
      expect(a.data).toEqual({ captchaRequired: i >= 3 });
    }
    // Right password, but no picture code: still refused.
    const noCode = await t.login(account);
    expect(noCode.code).toBe(1103);
    expect(noCode.data).toEqual({ captchaRequired: true });

    t.captchaTexts.push('K7pX');
    const pic = await t.call<{ codeId: string; image: string }>('GET', '/api/v1/anonymous/getCode', {
      query: { account },
    });
    expect(pic.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrongCode = await t.login(account, DEMO_PASSWORD, { code: 'AAAA', codeId: pic.data.codeId });
    expect(wrongCode.code).toBe(5);
    // A picture is spent by one try.
    const reused = await t.login(account, DEMO_PASSWORD, { code: 'K7pX', codeId: pic.data.codeId });
    expect(reused.code).toBe(5);

    t.captchaTexts.push('Qm4R');
    const pic2 = await t.call<{ codeId: string }>('GET', '/api/v1/anonymous/getCode', { query: { account } });
    const ok = await t.login(account, DEMO_PASSWORD, { code: 'qm4r', codeId: pic2.data.codeId });
    expect(ok.code).toBe(0);
    // Success forgives the failures: the next sign-in needs no picture.
    expect((await t.login(account)).code).toBe(0);
  });

  it('says a picture code has expired with 6', async () => {
    const account = ACCOUNTS.owner;
    for (let i = 0; i < 3; i++) await t.login(account, 'Wrong-pass1');
    t.captchaTexts.push('Hh88');
    const pic = await t.call<{ codeId: string }>('GET', '/api/v1/anonymous/getCode', { query: { account } });
    await t.database.db
      .update(captcha)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captcha.id, pic.data.codeId));
    expect((await t.login(account, DEMO_PASSWORD, { code: 'Hh88', codeId: pic.data.codeId })).code).toBe(6);
    t.captchaTexts.push('Hh89');
    const pic2 = await t.call<{ codeId: string }>('GET', '/api/v1/anonymous/getCode', { query: { account } });
    expect((await t.login(account, DEMO_PASSWORD, { code: 'Hh89', codeId: pic2.data.codeId })).code).toBe(0);
  });

  it('refuses a disabled account with 101 once its password is right', async () => {
    await t.database.db.update(appUser).set({ disabled: true }).where(eq(appUser.account, ACCOUNTS.visitor));
    try {
      expect((await t.login(ACCOUNTS.visitor)).code).toBe(101);
      expect((await t.login(ACCOUNTS.visitor, 'Wrong-pass1')).code).toBe(102);
    } finally {
      await t.database.db.update(appUser).set({ disabled: false }).where(eq(appUser.account, ACCOUNTS.visitor));
    }
  });

  it('names missing fields with code 4', async () => {
    const answer = await t.call<{ fields: { field: string }[] }>('POST', '/api/v1/oauth/token/new', {
      body: { source: 'web' },
    });
    expect(answer.code).toBe(4);
    expect(answer.data.fields.map((f) => f.field).sort()).toEqual(['account', 'keyId', 'password']);
  });
});

describe('tokens', () => {
  const refresh = (token: string) =>
    t.call<TokenPair>('POST', '/api/v1/oauth/token/new', {
      body: { grant_type: 'refresh_token', refresh_token: token },
    });

  it('rotates the refresh token, and a spent one revokes its whole family', async () => {
    const first = (await t.login(ACCOUNTS.staff)).data;
    const second = await refresh(first.refresh_token);
    expect(second.code).toBe(0);
    expect(second.data.refresh_token).not.toBe(first.refresh_token);
    expect((await t.call('GET', '/api/v1/user', { token: second.data.access_token })).code).toBe(0);

    // The spent token again: refused, and everything of that sign-in dies with it.
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(401);
    expect(replay.code).toBe(401);
    expect((await refresh(second.data.refresh_token)).status).toBe(401);
    expect((await t.call('GET', '/api/v1/user', { token: second.data.access_token })).status).toBe(401);

    // Another sign-in of the same user is untouched.
    const other = await t.login(ACCOUNTS.staff);
    expect((await t.call('GET', '/api/v1/user', { token: other.data.access_token })).code).toBe(0);
  });

  it('ends the sign-in on revoke (sign out)', async () => {
    const pair = (await t.login(ACCOUNTS.staff)).data;
    expect(
      (await t.call('POST', '/api/v1/oauth/token/revoke', { body: { refresh_token: pair.refresh_token } })).code,
    ).toBe(0);
    expect((await t.call('GET', '/api/v1/user', { token: pair.access_token })).status).toBe(401);
    expect((await refresh(pair.refresh_token)).status).toBe(401);
  });

  describe('refuses with 401', () => {
    let pair: TokenPair;
    let secret: Uint8Array;
    let claims: { sub: string; sid: string };
    beforeAll(async () => {
      pair = (await t.login(ACCOUNTS.admin)).data;
      const [row] = await t.database.db.select().from(serverSecret).where(eq(serverSecret.name, 'jwt-hs256'));
      secret = new Uint8Array(Buffer.from(row?.value ?? '', 'base64'));
      const payload = JSON.parse(Buffer.from(pair.access_token.split('.')[1] ?? '', 'base64url').toString()) as {
        sub: string;
        sid: string;
      };
      claims = { sub: payload.sub, sid: payload.sid };
    });
    const me = (token: string) => t.call('GET', '/api/v1/user', { token });

    it('the genuine token is accepted (control)', async () => {
      expect((await me(pair.access_token)).code).toBe(0);
    });
    it('an expired access token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT({ typ: 'access', sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer('heliograph')
        .setIssuedAt(now - 3600)
        .setExpirationTime(now - 60)
        .sign(secret);
      const answer = await me(expired);
      expect(answer.status).toBe(401);
      expect(answer.code).toBe(401);
    });
    it('a token signed with another key', async () => {
      const forged = await new SignJWT({ typ: 'access', sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuer('heliograph')
        .setExpirationTime('1h')
        .sign(new Uint8Array(32).fill(7));
      expect((await me(forged)).status).toBe(401);
    });
    it('an unsigned token (alg: none)', async () => {
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const payload = {
        typ: 'access',
        sid: claims.sid,
        sub: claims.sub,
        iss: 'heliograph',
        exp: Math.floor(Date.now() / 1000) + 3600,
      };
      expect((await me(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`)).status).toBe(401);
    });
    it('a refresh token used as an access token', async () => {
      expect((await me(pair.refresh_token)).status).toBe(401);
    });
    it('a tampered payload', async () => {
      const [h, , s] = pair.access_token.split('.');
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const other = t.demo.find((d) => d.role === 'platform_admin');
      expect(other).toBeDefined();
      const payload = {
        typ: 'access',
        sid: claims.sid,
        sub: '00000000-0000-0000-0000-000000000000',
        iss: 'heliograph',
        exp: 9999999999,
      };
      expect((await me(`${h}.${b64(payload)}.${s}`)).status).toBe(401);
    });
    it('no token at all', async () => {
      expect((await t.call('GET', '/api/v1/permission')).status).toBe(401);
    });
  });
});
