import { and, eq } from 'drizzle-orm';
import {
  ERROR_CODES,
  flattenPermissionTree,
  MAX_COMPANY_ROLES,
  type CompanyRole,
  type CompanyRoleList,
  type Member,
  type PermissionNode,
} from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { appUser, auditLog, company, role, rolePermission } from '../../db/schema.js';
import { ACCOUNTS, signInForTests, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'staff', 'visitor', 'rival');

async function sunriseId(): Promise<string> {
  const [c] = await t.database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  return c?.id ?? '';
}

/** The company's own staff roles as stored (never through the API under test). */
async function storedRoles(): Promise<{ id: string; name: string }[]> {
  const id = await sunriseId();
  return t.database.db
    .select({ id: role.id, name: role.name })
    .from(role)
    .where(and(eq(role.companyId, id), eq(role.base, 'company_staff')));
}

async function createRole(name: string, permissions: string[], token = tokens.admin) {
  return t.call<CompanyRole>('POST', '/api/v1/company/role', { token, body: { name, remark: '', permissions } });
}

async function removeAllOwnRoles(): Promise<void> {
  for (const r of await storedRoles()) await t.database.db.delete(role).where(eq(role.id, r.id));
}

const MEMBER_PASSWORD = 'Member2026pass';

/** Adds a member with a role through the staff API and signs them in. */
async function memberWith(roleId: string, account: string): Promise<{ id: string; token: string }> {
  const { keyId, cipher } = await t.encrypt(MEMBER_PASSWORD);
  const added = await t.call<Member>('POST', '/api/v1/user/createOrUpdate', {
    token: tokens.admin,
    body: { account, nickname: 'Role tester', roleId, keyId, password: cipher },
  });
  expect(added.code, added.msg).toBe(0);
  return { id: added.data.id, token: await t.tokenFor(account, MEMBER_PASSWORD) };
}

describe('GET /company/roles', () => {
  it('lists the built-in company roles read-only with their member counts, and "0 of 5" own roles', async () => {
    const list = await t.call<CompanyRoleList>('GET', '/api/v1/company/roles', { token: tokens.admin });
    expect(list.code).toBe(0);
    expect(list.data.own).toBe(0);
    expect(list.data.max).toBe(MAX_COMPANY_ROLES);
    expect(list.data.rows.map((r) => r.builtin)).toEqual(['company_admin', 'company_staff', 'installer', 'agent']);
    expect(list.data.rows.every((r) => !r.editable)).toBe(true);
    expect(list.data.rows.find((r) => r.builtin === 'company_admin')?.members).toBe(1);
  });

  it('is refused to a member without company.role.list.view, and empty for a platform administrator', async () => {
    expect((await t.call('GET', '/api/v1/company/roles', { token: tokens.visitor })).status).toBe(403);
    const platform = await t.tokenFor(ACCOUNTS.platform);
    const list = await t.call<CompanyRoleList>('GET', '/api/v1/company/roles', { token: platform });
    expect(list.data.rows).toEqual([]);
    expect((await createRole('Platform role', ['station.view'], platform)).code).toBe(ERROR_CODES.notFound);
  });
});

describe('creating, changing and deleting a role', () => {
  it('creates a role, storing each picked button with the pages above it, and audits it', async () => {
    const created = await createRole('Field crew', ['gateway.control']);
    expect(created.code, created.msg).toBe(0);
    expect(created.data).toMatchObject({ name: 'Field crew', builtin: null, members: 0, editable: true });
    expect([...created.data.permissions].sort()).toEqual(['equip.view', 'gateway.control', 'gateway.view']);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, created.data.id));
    expect(audit).toMatchObject({ action: 'role.create', targetKind: 'role' });
    expect(audit?.newValue).toMatchObject({ name: 'Field crew', permissions: created.data.permissions });
    await removeAllOwnRoles();
  });

  it('refuses a permission the company may not give (code 4) and saves nothing', async () => {
    for (const bad of [['firmware.upload'], ['system.management'], ['no.such.key']]) {
      const answer = await createRole('Too mighty', bad);
      expect(answer.code, bad.join()).toBe(ERROR_CODES.validation);
    }
    expect(await storedRoles()).toEqual([]);
  });

  it('refuses a sixth role (800) and saves nothing', async () => {
    for (let i = 1; i <= MAX_COMPANY_ROLES; i++) expect((await createRole(`Role ${i}`, ['station.view'])).code).toBe(0);
    const sixth = await createRole('Role 6', ['station.view']);
    expect(sixth.code).toBe(ERROR_CODES.roleLimit);
    expect(sixth.msg).toMatch(/5 roles/);
    expect(await storedRoles()).toHaveLength(MAX_COMPANY_ROLES);
    const list = await t.call<CompanyRoleList>('GET', '/api/v1/company/roles', { token: tokens.admin });
    expect(list.data.own).toBe(MAX_COMPANY_ROLES);
    await removeAllOwnRoles();
  });

  it('refuses a name the company already uses, whatever its case (801), on create, update and check', async () => {
    const first = await createRole('Operators', ['station.view']);
    const second = await createRole('Viewers', ['station.view']);
    const dup = await createRole('OPERATORS', ['station.view']);
    expect(dup.code).toBe(ERROR_CODES.roleNameExists);
    const rename = await t.call('POST', `/api/v1/company/role/${second.data.id}`, {
      token: tokens.admin,
      body: { name: 'operators', permissions: ['event.view'] },
    });
    expect(rename.code).toBe(ERROR_CODES.roleNameExists);
    // Nothing changed by the refused update: neither the name nor the permissions.
    const [kept] = await t.database.db.select().from(role).where(eq(role.id, second.data.id));
    expect(kept?.name).toBe('Viewers');
    const perms = await t.database.db.select().from(rolePermission).where(eq(rolePermission.roleId, second.data.id));
    expect(perms.map((p) => p.permission)).toEqual(['station.view']);
    expect(await storedRoles()).toHaveLength(2);
    const check = (name: string, roleId?: string) =>
      t.call('GET', '/api/v1/company/role/check', {
        token: tokens.admin,
        query: roleId ? { name, roleId } : { name },
      });
    expect((await check('Operators')).code).toBe(ERROR_CODES.roleNameExists);
    expect((await check('Operators', first.data.id)).code).toBe(0);
    expect((await check('Planners')).code).toBe(0);
    // Another company may use the same name.
    expect((await createRole('Operators', ['station.view'], tokens.rival)).code).toBe(0);
    await removeAllOwnRoles();
  });

  it('answers another company’s role "does not exist", and a built-in role "cannot be modified" (802)', async () => {
    const ours = await createRole('Ours', ['station.view']);
    for (const path of [`/api/v1/company/role/${ours.data.id}`, `/api/v1/company/role/${ours.data.id}/delete`]) {
      const answer = await t.call('POST', path, { token: tokens.rival, body: { name: 'Taken', permissions: [] } });
      expect(answer.code).toBe(ERROR_CODES.notFound);
    }
    const rivalList = await t.call<CompanyRoleList>('GET', '/api/v1/company/roles', { token: tokens.rival });
    expect(rivalList.data.rows.map((r) => r.id)).not.toContain(ours.data.id);
    const [kept] = await t.database.db.select().from(role).where(eq(role.id, ours.data.id));
    expect(kept?.name).toBe('Ours');
    const list = await t.call<CompanyRoleList>('GET', '/api/v1/company/roles', { token: tokens.admin });
    const staffRole = list.data.rows.find((r) => r.builtin === 'company_staff');
    const edit = await t.call('POST', `/api/v1/company/role/${staffRole?.id}`, {
      token: tokens.admin,
      body: { name: 'Renamed', permissions: [] },
    });
    expect(edit.code).toBe(ERROR_CODES.roleNotModifiable);
    expect((await t.call('POST', '/api/v1/company/role/not-a-uuid/delete', { token: tokens.admin })).code).toBe(
      ERROR_CODES.notFound,
    );
    await removeAllOwnRoles();
  });
});

describe('a role held by members', () => {
  it('narrows a member’s access on their next request, without a new sign-in', async () => {
    const created = await createRole('Staff admins', ['station.view', 'company.user']);
    const m = await memberWith(created.data.id, 'narrowed@sunrise.example');
    expect((await t.call('GET', '/api/v1/user/list', { token: m.token })).status).toBe(200);
    const tree = async () =>
      flattenPermissionTree((await t.call<PermissionNode[]>('GET', '/api/v1/permission', { token: m.token })).data);
    expect((await tree()).has('company.user')).toBe(true);

    const edit = await t.call<CompanyRole>('POST', `/api/v1/company/role/${created.data.id}`, {
      token: tokens.admin,
      body: { name: 'Staff admins', remark: 'plants only', permissions: ['station.view'] },
    });
    expect(edit.code).toBe(0);
    expect(edit.data.members).toBe(1);
    // The same access token: refused now, and the menu has shrunk.
    expect((await t.call('GET', '/api/v1/user/list', { token: m.token })).status).toBe(403);
    const keys = await tree();
    expect(keys.has('company.user')).toBe(false);
    expect(keys.has('station.view')).toBe(true);

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, created.data.id), eq(auditLog.action, 'role.update')));
    expect(audit?.oldValue).toMatchObject({
      name: 'Staff admins',
      // The page's menu above it came along.
      permissions: ['station.view', 'company.management', 'company.user'],
    });
    expect(audit?.newValue).toMatchObject({ remark: 'plants only', permissions: ['station.view'] });
  });

  it('is not deleted while a member holds it, and is once nobody does', async () => {
    const [held] = await storedRoles();
    const refused = await t.call('POST', `/api/v1/company/role/${held?.id}/delete`, { token: tokens.admin });
    expect(refused.code).toBe(ERROR_CODES.roleInUse);
    expect(await storedRoles()).toHaveLength(1);

    const list = await t.call<CompanyRoleList>('GET', '/api/v1/company/roles', { token: tokens.admin });
    const installer = list.data.rows.find((r) => r.builtin === 'installer');
    const [member] = await t.database.db.select().from(appUser).where(eq(appUser.account, 'narrowed@sunrise.example'));
    const moved = await t.call('POST', '/api/v1/user/createOrUpdate', {
      token: tokens.admin,
      body: { userId: member?.id, account: member?.account, nickname: 'Role tester', roleId: installer?.id },
    });
    expect(moved.code, moved.msg).toBe(0);
    const deleted = await t.call('POST', `/api/v1/company/role/${held?.id}/delete`, { token: tokens.admin });
    expect(deleted.code).toBe(0);
    expect(await storedRoles()).toEqual([]);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, held?.id ?? ''), eq(auditLog.action, 'role.delete')));
    expect(audit?.oldValue).toMatchObject({ name: 'Staff admins' });
  });

  it('lets no one change or delete the role they hold themself (802)', async () => {
    const editors = await createRole('Role editors', ['company.role.list.view', 'company.role.edit']);
    const m = await memberWith(editors.data.id, 'editor@sunrise.example');
    const own = await t.call<CompanyRoleList>('GET', '/api/v1/company/roles', { token: m.token });
    expect(own.data.rows.find((r) => r.id === editors.data.id)?.editable).toBe(false);
    const edit = await t.call('POST', `/api/v1/company/role/${editors.data.id}`, {
      token: m.token,
      body: { name: 'Role editors', permissions: ['company.role.list.view'] },
    });
    expect(edit.code).toBe(ERROR_CODES.roleNotModifiable);
    const del = await t.call('POST', `/api/v1/company/role/${editors.data.id}/delete`, { token: m.token });
    expect(del.code).toBe(ERROR_CODES.roleNotModifiable);
    const perms = await t.database.db.select().from(rolePermission).where(eq(rolePermission.roleId, editors.data.id));
    expect(perms).toHaveLength(3);
    // Nor can they give a role more than they hold themself.
    const mightier = await createRole('Mightier', ['company.user.edit'], m.token);
    expect(mightier.code).toBe(ERROR_CODES.validation);
    const tree = await t.call<PermissionNode[]>('GET', '/api/v1/company/role/permissions', { token: m.token });
    expect([...flattenPermissionTree(tree.data)].sort()).toEqual([
      'company.management',
      'company.role.edit',
      'company.role.list.view',
    ]);
  });

  it('offers the company administrator the assignable tree in their language', async () => {
    const tree = await t.call<PermissionNode[]>('GET', '/api/v1/company/role/permissions', {
      token: tokens.admin,
      query: { lan: 'de' },
    });
    const keys = flattenPermissionTree(tree.data);
    expect(keys.has('company.role.edit')).toBe(true);
    expect(keys.has('firmware.upload')).toBe(false);
    expect(keys.has('system.management')).toBe(false);
    const plants = tree.data.find((n) => n.permission === 'station.view');
    expect(plants?.name).toBeTruthy();
    expect(plants?.name).not.toBe('My Plants');
  });
});
