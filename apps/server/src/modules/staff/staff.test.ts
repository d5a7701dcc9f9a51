import { and, eq, isNull } from 'drizzle-orm';
import { ERROR_CODES, type Member, type MemberRoleOption } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import {
  appUser,
  auditLog,
  authSession,
  company,
  customer,
  mfaRecoveryCode,
  passkey,
  plant,
  role,
  userTotp,
} from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { provisionPlant } from '../plants/provision.js';
import { STORAGE_PLANT_FIELDS } from '../../test/plant-fields.js';
import { ACCOUNTS, signInForTests, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'staff', 'visitor', 'rival');

const PASSWORD = 'Member2026pass';

type Page = { total: number; rows: Member[] };

async function list(query: Record<string, string> = {}, token = tokens.admin) {
  return t.call<Page>('GET', '/api/v1/user/list', { token, query });
}

async function options(): Promise<MemberRoleOption[]> {
  return (await t.call<MemberRoleOption[]>('GET', '/api/v1/user/roleOptions', { token: tokens.admin })).data;
}

async function roleIdOf(builtin: string): Promise<string> {
  return (await options()).find((o) => o.builtin === builtin)?.id ?? '';
}

async function userRow(account: string) {
  const [u] = await t.database.db.select().from(appUser).where(eq(appUser.account, account));
  return u;
}

async function userCount(): Promise<number> {
  return (await t.database.db.select({ id: appUser.id }).from(appUser)).length;
}

async function add(account: string, roleId: string, extra: Record<string, unknown> = {}) {
  const { keyId, cipher } = await t.encrypt(PASSWORD);
  return t.call<Member>('POST', '/api/v1/user/createOrUpdate', {
    token: tokens.admin,
    body: {
      account,
      nickname: 'New member',
      phone: '+49 30 555123',
      sex: 'female',
      roleId,
      keyId,
      password: cipher,
      ...extra,
    },
  });
}

describe('GET /user/list', () => {
  it('lists the company’s members (not customers, not other companies), searchable, filtered and paged', async () => {
    // A customer of Sunrise: an account of the company, but a client, not a member.
    const db = t.database.db;
    const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    const [customerRole] = await db
      .select()
      .from(role)
      .where(and(eq(role.key, 'customer'), isNull(role.companyId)));
    const [client] = await db
      .insert(appUser)
      .values({
        account: 'client@sunrise.example',
        email: 'client@sunrise.example',
        nickname: 'Client',
        companyId: sunrise?.id ?? null,
        roleId: customerRole?.id ?? '',
        passwordHash: await hashPassword(PASSWORD),
      })
      .returning();
    await db.insert(customer).values({ companyId: sunrise?.id ?? '', userId: client?.id ?? '', name: 'Client' });

    const all = await list();
    expect(all.code).toBe(0);
    expect(all.data.rows.map((m) => m.account).sort()).toEqual(
      [ACCOUNTS.admin, ACCOUNTS.installer, ACCOUNTS.owner, ACCOUNTS.staff, ACCOUNTS.visitor].sort(),
    );
    expect(all.data.rows.find((m) => m.account === ACCOUNTS.admin)).toMatchObject({
      self: true,
      roleBuiltin: 'company_admin',
      disabled: false,
      mfaEnabled: false,
    });
    expect((await list({ q: 'LUKAS' })).data.rows.map((m) => m.account)).toEqual([ACCOUNTS.staff]);
    const installerRole = await roleIdOf('installer');
    expect((await list({ roleId: installerRole })).data.rows.map((m) => m.account)).toEqual([ACCOUNTS.installer]);
    expect((await list({ status: 'disabled' })).data.total).toBe(0);
    const page = await list({ page: '2', size: '2' });
    expect(page.data.total).toBe(5);
    expect(page.data.rows).toHaveLength(2);
    // Another company sees none of them; a visitor may not look.
    expect((await list({}, tokens.rival)).data.rows.map((m) => m.account)).toEqual(['boss@rival.example']);
    expect((await list({}, tokens.visitor)).status).toBe(403);
  });

  it('offers the built-in company roles as role options', async () => {
    expect((await options()).map((o) => o.builtin)).toEqual(['company_admin', 'company_staff', 'installer', 'agent']);
  });
});

describe('adding a member', () => {
  it('creates the account in the company with its initial password, and audits it without the password', async () => {
    const staffRole = await roleIdOf('company_staff');
    const added = await add('New.Hire@Sunrise.example', staffRole);
    expect(added.code, added.msg).toBe(0);
    expect(added.data).toMatchObject({
      account: 'new.hire@sunrise.example',
      roleBuiltin: 'company_staff',
      sex: 'female',
    });
    expect((await t.login('new.hire@sunrise.example', PASSWORD)).code).toBe(0);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, added.data.id));
    expect(audit?.action).toBe('member.create');
    expect(audit?.newValue).toMatchObject({ account: 'new.hire@sunrise.example', role: 'company_staff' });
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
  });

  it('refuses 104, 106 and "employee already exists" (and the check says so), saving nothing', async () => {
    await t.otherCompanyToken();
    const staffRole = await roleIdOf('company_staff');
    const before = await userCount();
    const cases = [
      ['internal@heliograph.example', ERROR_CODES.accountExists],
      ['boss@rival.example', ERROR_CODES.accountOtherCompany],
      [ACCOUNTS.staff, ERROR_CODES.employeeExists],
      ['client@sunrise.example', ERROR_CODES.alreadyCompanyCustomer],
    ] as const;
    for (const [account, code] of cases) {
      expect((await add(account, staffRole)).code, account).toBe(code);
      const check = await t.call('GET', '/api/v1/company/user/check', { token: tokens.admin, query: { account } });
      expect(check.code, account).toBe(code);
    }
    const free = await t.call('GET', '/api/v1/company/user/check', {
      token: tokens.admin,
      query: { account: 'nobody@sunrise.example' },
    });
    expect(free.code).toBe(ERROR_CODES.accountNotRegistered);
    expect(await userCount()).toBe(before);
    const rival = await userRow('boss@rival.example');
    expect(rival?.nickname).toBe('Rival');
  });

  it('refuses a bad e-mail, a bad phone and a missing password (code 4), and saves nothing', async () => {
    const staffRole = await roleIdOf('company_staff');
    const before = await userCount();
    expect((await add('not-an-email', staffRole)).code).toBe(ERROR_CODES.validation);
    expect((await add('phone@sunrise.example', staffRole, { phone: 'call me' })).code).toBe(ERROR_CODES.validation);
    expect((await add('nopw@sunrise.example', staffRole, { password: undefined })).code).toBe(ERROR_CODES.validation);
    const weak = await t.encrypt('short');
    const answer = await add('weak@sunrise.example', staffRole, { keyId: weak.keyId, password: weak.cipher });
    expect(answer.code).toBe(ERROR_CODES.validation);
    expect(await userCount()).toBe(before);
  });

  it('answers another company’s role or member in the body "does not exist"', async () => {
    const rivalAdmin = await userRow('boss@rival.example');
    const [rivalRole] = await t.database.db
      .insert(role)
      .values({
        companyId: rivalAdmin?.companyId ?? null,
        key: 'custom:rival',
        name: 'Rival crew',
        base: 'company_staff',
      })
      .returning();
    expect((await add('crew@sunrise.example', rivalRole?.id ?? '')).code).toBe(ERROR_CODES.notFound);
    const platformRole = await t.database.db
      .select()
      .from(role)
      .where(and(eq(role.key, 'platform_admin'), isNull(role.companyId)));
    expect((await add('boss2@sunrise.example', platformRole[0]?.id ?? '')).code).toBe(ERROR_CODES.notFound);
    const takeOver = await t.call('POST', '/api/v1/user/createOrUpdate', {
      token: tokens.admin,
      body: {
        userId: rivalAdmin?.id,
        account: 'boss@rival.example',
        nickname: 'Taken',
        roleId: await roleIdOf('installer'),
      },
    });
    expect(takeOver.code).toBe(ERROR_CODES.notFound);
    expect((await userRow('boss@rival.example'))?.nickname).toBe('Rival');
    expect(await userRow('crew@sunrise.example')).toBeUndefined();
  });
});

describe('changing a member', () => {
  it('updates the profile and role, audited with old and new values', async () => {
    const staff = await userRow(ACCOUNTS.staff);
    const installerRole = await roleIdOf('installer');
    const answer = await t.call<Member>('POST', '/api/v1/user/createOrUpdate', {
      token: tokens.admin,
      body: { userId: staff?.id, account: ACCOUNTS.staff, nickname: 'Lukas W.', phone: '', roleId: installerRole },
    });
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data).toMatchObject({ nickname: 'Lukas W.', roleBuiltin: 'installer' });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, staff?.id ?? ''), eq(auditLog.action, 'member.update')));
    expect(audit?.oldValue).toMatchObject({ nickname: 'Lukas Weber', role: 'company_staff' });
    expect(audit?.newValue).toMatchObject({ nickname: 'Lukas W.', role: 'installer' });
    // The member's next request already carries the new role: installers may not list members.
    expect((await list({}, tokens.staff)).status).toBe(403);
  });

  it('refuses the administrator a change of their own role (802) and keeps it', async () => {
    const admin = await userRow(ACCOUNTS.admin);
    const answer = await t.call('POST', '/api/v1/user/createOrUpdate', {
      token: tokens.admin,
      body: { userId: admin?.id, account: ACCOUNTS.admin, nickname: 'Amira', roleId: await roleIdOf('installer') },
    });
    expect(answer.code).toBe(ERROR_CODES.roleNotModifiable);
    expect((await userRow(ACCOUNTS.admin))?.roleId).toBe(await roleIdOf('company_admin'));
    expect((await userRow(ACCOUNTS.admin))?.nickname).toBe('Amira Haddad');
  });
});

describe('disabling, unbinding and two-step verification', () => {
  it('refuses a disabled member’s live token on its next request, answers 101 at sign-in, and audits both ways', async () => {
    const m = await userRow('new.hire@sunrise.example');
    const token = await t.tokenFor('new.hire@sunrise.example', PASSWORD);
    expect((await t.call('GET', '/api/v1/user', { token })).status).toBe(200);
    const off = await t.call('POST', `/api/v1/user/disable/${m?.id}`, {
      token: tokens.admin,
      body: { disabled: true },
    });
    expect(off.code).toBe(0);
    expect((await t.call('GET', '/api/v1/user', { token })).status).toBe(401);
    expect((await t.login('new.hire@sunrise.example', PASSWORD)).code).toBe(ERROR_CODES.accountDisabled);
    expect((await list({ status: 'disabled' })).data.rows.map((r) => r.account)).toEqual(['new.hire@sunrise.example']);
    const on = await t.call('POST', `/api/v1/user/disable/${m?.id}`, {
      token: tokens.admin,
      body: { disabled: false },
    });
    expect(on.code).toBe(0);
    expect((await t.login('new.hire@sunrise.example', PASSWORD)).code).toBe(0);
    const actions = (
      await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, m?.id ?? ''))
    ).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['member.disable', 'member.enable']));
  });

  it('resets a member’s second factor: TOTP, recovery codes and passkeys removed, sessions kept', async () => {
    const db = t.database.db;
    const m = await userRow('new.hire@sunrise.example');
    const id = m?.id ?? '';
    const token = await t.tokenFor('new.hire@sunrise.example', PASSWORD);
    await db.update(appUser).set({ mfaEnabled: true }).where(eq(appUser.id, id));
    await db.insert(userTotp).values({ userId: id, secret: 'JBSWY3DPEHPK3PXP', confirmedAt: new Date(0) });
    await db.insert(mfaRecoveryCode).values([
      { userId: id, codeHash: 'h1' },
      { userId: id, codeHash: 'h2' },
    ]);
    await db.insert(passkey).values({ id: 'pk-1', userId: id, publicKey: 'pk' });

    const required = await t.call<Member>('POST', `/api/v1/user/${id}/update/mfaStatus`, {
      token: tokens.admin,
      body: { required: true },
    });
    expect(required.data).toMatchObject({ mfaRequired: true, mfaEnabled: true });
    const reset = await t.call<Member>('POST', `/api/v1/user/${id}/update/mfaStatus`, {
      token: tokens.admin,
      body: { reset: true },
    });
    expect(reset.code).toBe(0);
    expect(reset.data).toMatchObject({ mfaEnabled: false, mfaRequired: true });
    expect(await db.select().from(userTotp).where(eq(userTotp.userId, id))).toEqual([]);
    expect(await db.select().from(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, id))).toEqual([]);
    expect(await db.select().from(passkey).where(eq(passkey.userId, id))).toEqual([]);
    expect((await t.call('GET', '/api/v1/user', { token })).status).toBe(200);
    const actions = (await db.select().from(auditLog).where(eq(auditLog.targetId, id))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['member.mfaRequire', 'member.mfaReset']));
    const empty = await t.call('POST', `/api/v1/user/${id}/update/mfaStatus`, { token: tokens.admin, body: {} });
    expect(empty.code).toBe(ERROR_CODES.validation);
  });

  it('unbinds a member: a private account again, signed out, the company keeps their plants', async () => {
    const db = t.database.db;
    const m = await userRow('new.hire@sunrise.example');
    const id = m?.id ?? '';
    const { plantId } = await provisionPlant(db, {
      companyId: m?.companyId ?? null,
      ownerId: id,
      name: 'Leaver plant',
      ...STORAGE_PLANT_FIELDS,
      gateways: [],
    });
    // The test before required a second factor of this member; without one enrolled, sign-in would ask for it.
    await t.call('POST', `/api/v1/user/${id}/update/mfaStatus`, { token: tokens.admin, body: { required: false } });
    const token = await t.tokenFor('new.hire@sunrise.example', PASSWORD);
    const answer = await t.call('POST', `/api/v1/user/unbind/${id}`, { token: tokens.admin });
    expect(answer.code).toBe(0);
    const after = await userRow('new.hire@sunrise.example');
    expect(after?.companyId).toBeNull();
    const [ownerRole] = await db
      .select()
      .from(role)
      .where(eq(role.id, after?.roleId ?? ''));
    expect(ownerRole?.key).toBe('plant_owner');
    expect((await t.call('GET', '/api/v1/user', { token })).status).toBe(401);
    const live = await db
      .select()
      .from(authSession)
      .where(and(eq(authSession.userId, id), isNull(authSession.revokedAt)));
    expect(live).toEqual([]);
    const [kept] = await db.select().from(plant).where(eq(plant.id, plantId));
    expect(kept).toMatchObject({ companyId: m?.companyId, ownerId: null });
    expect((await list()).data.rows.map((r) => r.account)).not.toContain('new.hire@sunrise.example');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'member.unbind')));
    expect(audit?.newValue).toMatchObject({ companyId: null, role: 'plant_owner' });
  });

  it('answers another company, the caller’s own account and a malformed id "does not exist", changing nothing', async () => {
    const staff = await userRow(ACCOUNTS.installer);
    const id = staff?.id ?? '';
    for (const [path, body] of [
      [`/api/v1/user/disable/${id}`, { disabled: true }],
      [`/api/v1/user/unbind/${id}`, {}],
      [`/api/v1/user/${id}/update/mfaStatus`, { reset: true, required: true }],
    ] as const) {
      expect((await t.call('POST', path, { token: tokens.rival, body })).code, path).toBe(ERROR_CODES.notFound);
    }
    expect(await userRow(ACCOUNTS.installer)).toEqual(staff);
    const admin = await userRow(ACCOUNTS.admin);
    for (const path of [
      `/api/v1/user/disable/${admin?.id}`,
      `/api/v1/user/unbind/${admin?.id}`,
      '/api/v1/user/unbind/x',
    ])
      expect((await t.call('POST', path, { token: tokens.admin, body: {} })).code, path).toBe(ERROR_CODES.notFound);
    expect(await userRow(ACCOUNTS.admin)).toEqual(admin);
  });
});

describe('only an administrator makes or changes an administrator', () => {
  /** A member whose own role lets them edit members and roles, but who is no administrator. */
  let manager = '';

  async function asManager(path: string, body: unknown) {
    return t.call<Member>('POST', path, { token: manager, body });
  }

  it('is set up: a role "Member managers" with company.user.edit and company.role.edit, held by a member', async () => {
    const created = await t.call<{ id: string }>('POST', '/api/v1/company/role', {
      token: tokens.admin,
      body: { name: 'Member managers', remark: '', permissions: ['company.user.edit', 'company.role.edit'] },
    });
    expect(created.code, created.msg).toBe(0);
    const added = await add('manager@sunrise.example', created.data.id);
    expect(added.code, added.msg).toBe(0);
    manager = await t.tokenFor('manager@sunrise.example', PASSWORD);
    // The manager may add an ordinary member: the rule below is about administrators only.
    const { keyId, cipher } = await t.encrypt(PASSWORD);
    const ordinary = await asManager('/api/v1/user/createOrUpdate', {
      account: 'ordinary@sunrise.example',
      nickname: 'Ordinary',
      roleId: await roleIdOf('company_staff'),
      keyId,
      password: cipher,
    });
    expect(ordinary.code, ordinary.msg).toBe(0);
  });

  it('offers a non-administrator no administrator role to give', async () => {
    const theirs = await t.call<MemberRoleOption[]>('GET', '/api/v1/user/roleOptions', { token: manager });
    expect(theirs.code).toBe(0);
    expect(theirs.data.map((r) => r.builtin)).not.toContain('company_admin');
    expect(theirs.data.map((r) => r.builtin)).toContain('company_staff');
    expect((await options()).map((r) => r.builtin)).toContain('company_admin');
  });

  it('refuses a non-administrator adding an administrator (adminOnly), saving nothing', async () => {
    const before = await userCount();
    const { keyId, cipher } = await t.encrypt(PASSWORD);
    const answer = await asManager('/api/v1/user/createOrUpdate', {
      account: 'second.me@sunrise.example',
      nickname: 'My second account',
      roleId: await roleIdOf('company_admin'),
      keyId,
      password: cipher,
    });
    expect(answer.code).toBe(ERROR_CODES.adminOnly);
    expect(answer.msg).toMatch(/administrator/);
    expect(await userCount()).toBe(before);
    expect(await userRow('second.me@sunrise.example')).toBeUndefined();
  });

  it('refuses a non-administrator raising a member to administrator, or changing an administrator', async () => {
    const ordinary = await userRow('ordinary@sunrise.example');
    const raise = await asManager('/api/v1/user/createOrUpdate', {
      userId: ordinary?.id,
      account: 'ordinary@sunrise.example',
      nickname: 'Ordinary',
      roleId: await roleIdOf('company_admin'),
    });
    expect(raise.code).toBe(ERROR_CODES.adminOnly);
    expect(await userRow('ordinary@sunrise.example')).toEqual(ordinary);
    // Changing the administrator's account would let the manager take their sign-in over; demoting them too.
    const admin = await userRow(ACCOUNTS.admin);
    for (const roleId of [await roleIdOf('company_admin'), await roleIdOf('company_staff')]) {
      const change = await asManager('/api/v1/user/createOrUpdate', {
        userId: admin?.id,
        account: 'manager.owns.it@sunrise.example',
        nickname: 'Amira',
        roleId,
      });
      expect(change.code).toBe(ERROR_CODES.adminOnly);
    }
    expect(await userRow(ACCOUNTS.admin)).toEqual(admin);
  });

  it('refuses a non-administrator disabling, unbinding or resetting the second factor of an administrator', async () => {
    const admin = await userRow(ACCOUNTS.admin);
    const id = admin?.id ?? '';
    for (const [path, body] of [
      [`/api/v1/user/disable/${id}`, { disabled: true }],
      [`/api/v1/user/unbind/${id}`, {}],
      [`/api/v1/user/${id}/update/mfaStatus`, { reset: true }],
      [`/api/v1/user/${id}/update/mfaStatus`, { required: true }],
    ] as const) {
      expect((await asManager(path, body)).code, path).toBe(ERROR_CODES.adminOnly);
    }
    expect(await userRow(ACCOUNTS.admin)).toEqual(admin);
    // The administrator's token still works: nothing ended their sessions.
    expect((await t.call('GET', '/api/v1/user', { token: tokens.admin })).status).toBe(200);
  });

  it('lets an administrator add an administrator and raise a member', async () => {
    const adminRole = await roleIdOf('company_admin');
    const added = await add('deputy@sunrise.example', adminRole);
    expect(added.code, added.msg).toBe(0);
    expect(added.data.roleBuiltin).toBe('company_admin');
    const ordinary = await userRow('ordinary@sunrise.example');
    const raise = await t.call<Member>('POST', '/api/v1/user/createOrUpdate', {
      token: tokens.admin,
      body: { userId: ordinary?.id, account: 'ordinary@sunrise.example', nickname: 'Ordinary', roleId: adminRole },
    });
    expect(raise.code, raise.msg).toBe(0);
    expect((await userRow('ordinary@sunrise.example'))?.roleId).toBe(adminRole);
  });
});
