import { eq } from 'drizzle-orm';
import { ROLE_PERMISSIONS } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, role } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { ACCOUNTS, DEMO_PASSWORD, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();
let otherToken: string;
let adminId: string;
beforeAll(async () => {
  // A second company with its own administrator: the account that must find nothing of Sunrise Energy.
  const db = t.database.db;
  const [other] = await db.insert(company).values({ name: 'Other Solar Ltd' }).returning();
  const [adminRole] = await db.select().from(role).where(eq(role.key, 'company_admin'));
  await db.insert(appUser).values({
    account: 'admin@other.example',
    email: 'admin@other.example',
    nickname: 'Other Admin',
    companyId: other?.id,
    roleId: adminRole?.id ?? '',
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  otherToken = await t.tokenFor('admin@other.example');
  const [admin] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.admin));
  adminId = admin?.id ?? '';
  expect(ROLE_PERMISSIONS.company_admin).toContain('company.user');
});

describe('another company’s account', () => {
  it('gets "does not exist" for a user of Sunrise Energy, and changes nothing', async () => {
    const update = await t.call('POST', `/api/v1/user/${adminId}`, {
      token: otherToken,
      body: { nickname: 'Hijacked', phone: '', sex: 'unknown' },
    });
    expect(update.code).toBe(404);
    const [admin] = await t.database.db.select().from(appUser).where(eq(appUser.id, adminId));
    expect(admin?.nickname).toBe('Amira Haddad');

    const o = await t.encrypt(DEMO_PASSWORD);
    const n = await t.encrypt('Hijacked2026pw');
    const pwd = await t.call('POST', `/api/v1/user/${adminId}/pwd`, {
      token: otherToken,
      body: { keyId: o.keyId, oldPassword: o.cipher, newPassword: n.cipher },
    });
    expect(pwd.code).toBe(404);
    expect((await t.login(ACCOUNTS.admin)).code).toBe(0);
  });

  it('sees only its own user and company in GET /user', async () => {
    const me = await t.call<{ account: string; company: { name: string } }>('GET', '/api/v1/user', {
      token: otherToken,
    });
    expect(me.data.account).toBe('admin@other.example');
    expect(me.data.company.name).toBe('Other Solar Ltd');
  });

  it('counts only its own messages', async () => {
    const count = await t.call<{ count: number }>('GET', '/api/v1/messageTd/count', { token: otherToken });
    expect(count.data.count).toBe(0);
  });
});

describe('the signed-in user’s own account', () => {
  it('updates basic information and refuses a bad phone number with code 4', async () => {
    const token = await t.tokenFor(ACCOUNTS.owner);
    const me = await t.call<{ id: string }>('GET', '/api/v1/user', { token });
    const bad = await t.call('POST', `/api/v1/user/${me.data.id}`, {
      token,
      body: { nickname: 'Sofia', phone: 'call me', sex: 'female' },
    });
    expect(bad.code).toBe(4);
    expect(bad.data).toMatchObject({ fields: [{ field: 'phone' }] });
    const good = await t.call<{ nickname: string; phone: string; sex: string }>('POST', `/api/v1/user/${me.data.id}`, {
      token,
      body: { nickname: 'Sofia M.', phone: '+351 912 345 678', sex: 'female' },
    });
    expect(good.data).toMatchObject({ nickname: 'Sofia M.', phone: '+351 912 345 678', sex: 'female' });
  });

  it('keeps personal preferences', async () => {
    const token = await t.tokenFor(ACCOUNTS.owner);
    const answer = await t.call<{ temperatureUnit: string; language: string }>('POST', '/api/v1/user/personalized', {
      token,
      body: { temperatureUnit: 'F', language: 'pt' },
    });
    expect(answer.data).toMatchObject({ temperatureUnit: 'F', language: 'pt' });
    const again = await t.call<{ temperatureUnit: string }>('GET', '/api/v1/user', { token });
    expect(again.data.temperatureUnit).toBe('F');
  });

  it('marks a visitor read-only', async () => {
    const me = await t.call<{ readOnly: boolean }>('GET', '/api/v1/user', {
      token: await t.tokenFor(ACCOUNTS.visitor),
    });
    expect(me.data.readOnly).toBe(true);
  });
});
