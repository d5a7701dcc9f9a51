import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  COMPANY_ROLE_KEYS,
  isPermissionKey,
  MEMBER_BUILTIN_ROLES,
  permissionDef,
  type BuiltinRole,
  type CompanyRole,
  type PermissionKey,
} from '@heliograph/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appUser, role, rolePermission } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';

/**
 * A company's own roles (enterprise/roles): rows of `role` with the company's id, not built in, following
 * `company_staff`. Rows following `customer` are customers' own permission lists and are never reached here.
 */
export const STAFF_ROLE_BASE = 'company_staff';

export type RoleRow = typeof role.$inferSelect;

/** The condition that keeps the caller's company's own staff roles; nothing for a caller of no company. */
export function ownRolesOf(auth: Pick<AuthContext, 'companyId'>): SQL {
  if (auth.companyId === null) return sql`false`;
  return and(eq(role.companyId, auth.companyId), eq(role.builtin, false), eq(role.base, STAFF_ROLE_BASE)) ?? sql`false`;
}

const isUuid = (id: string): boolean => z.uuid().safeParse(id).success;

/** A role that makes its holder a company administrator: the built-in one, or a company's own that follows it. */
export function isAdminRole(r: Pick<RoleRow, 'key' | 'base'>): boolean {
  return r.key === 'company_admin' || r.base === 'company_admin';
}

/** A company administrator (their role is or follows company_admin) or a platform administrator. */
export function isAdministrator(auth: Pick<AuthContext, 'role'>): boolean {
  return auth.role === 'company_admin' || auth.role === 'platform_admin';
}

/**
 * Only an administrator may make someone an administrator, change an administrator role or change an
 * administrator (adminOnly, 1231): a member allowed to edit members or roles cannot raise anyone, themself
 * included through a second account, to the company's highest level, nor lock its administrators out.
 */
export function assertMayTouchAdmin(auth: Pick<AuthContext, 'role'>, ...roles: (RoleRow | undefined)[]): void {
  if (isAdministrator(auth)) return;
  if (roles.some((r) => r !== undefined && isAdminRole(r))) throw new AppError('adminOnly');
}

/**
 * One of the caller's company's own roles, or undefined: an id of another company's role, of a customer's
 * permission list, of a built-in role or no id at all is not one.
 */
export async function findOwnRole(db: Db, auth: AuthContext, id: string): Promise<RoleRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(role)
    .where(and(eq(role.id, id), ownRolesOf(auth)));
  return row;
}

/** The built-in roles a member may be given, by id (shared by every company). */
export async function memberBuiltinRoles(db: Db): Promise<RoleRow[]> {
  const rows = await db
    .select()
    .from(role)
    .where(and(isNull(role.companyId), eq(role.builtin, true), inArray(role.key, [...MEMBER_BUILTIN_ROLES])));
  const order = (r: RoleRow) => (MEMBER_BUILTIN_ROLES as readonly string[]).indexOf(r.key);
  return rows.sort((a, b) => order(a) - order(b));
}

export async function ownRoles(db: Db, auth: AuthContext): Promise<RoleRow[]> {
  return db.select().from(role).where(ownRolesOf(auth)).orderBy(asc(role.createdAt), asc(role.name));
}

/**
 * A role a member of the caller's company may be given: a built-in company role or one of the company's own.
 * Undefined for anything else (another company's role, a customer's list, platform roles).
 */
export async function findAssignableRole(db: Db, auth: AuthContext, id: string): Promise<RoleRow | undefined> {
  if (!isUuid(id) || auth.companyId === null) return undefined;
  const own = await findOwnRole(db, auth, id);
  if (own) return own;
  return (await memberBuiltinRoles(db)).find((r) => r.id === id);
}

/** The permissions of the given roles, by role id. */
export async function permissionsOf(db: Db, roleIds: string[]): Promise<Map<string, PermissionKey[]>> {
  const out = new Map<string, PermissionKey[]>(roleIds.map((id) => [id, []]));
  if (roleIds.length === 0) return out;
  const rows = await db.select().from(rolePermission).where(inArray(rolePermission.roleId, roleIds));
  for (const r of rows) if (isPermissionKey(r.permission)) out.get(r.roleId)?.push(r.permission);
  return out;
}

/** How many members of the caller's company hold each role. */
export async function memberCounts(db: Db, auth: AuthContext, roleIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (roleIds.length === 0 || auth.companyId === null) return out;
  const rows = await db
    .select({ roleId: appUser.roleId, n: count() })
    .from(appUser)
    .where(and(eq(appUser.companyId, auth.companyId), inArray(appUser.roleId, roleIds)))
    .groupBy(appUser.roleId);
  for (const r of rows) out.set(r.roleId, Number(r.n));
  return out;
}

/**
 * The keys the caller may put in a role: the company's assignable keys they hold themselves, so a member
 * allowed to edit roles cannot make a role mightier than their own.
 */
export function assignableKeys(auth: AuthContext): PermissionKey[] {
  return COMPANY_ROLE_KEYS.filter((k) => auth.permissions.has(k));
}

/**
 * The keys to store for a picked set: each with the pages above it (a button without its page is
 * unreachable), in catalogue order. `smart.acSwitch` is derived from equip.view (spec §6), never stored.
 * Returns undefined when a key is not assignable.
 */
export function closeUpwards(
  picked: readonly PermissionKey[],
  assignable: readonly PermissionKey[],
): PermissionKey[] | undefined {
  const allowed = new Set(assignable);
  const out = new Set<PermissionKey>();
  for (const key of picked) {
    if (key === 'smart.acSwitch') continue;
    if (!allowed.has(key)) return undefined;
    let k: PermissionKey | null = key;
    while (k !== null) {
      if (!allowed.has(k)) return undefined;
      out.add(k);
      const parent: string | null = permissionDef(k).parent;
      k = parent !== null && isPermissionKey(parent) ? parent : null;
    }
  }
  return assignable.filter((k) => out.has(k));
}

export function builtinKind(r: RoleRow): BuiltinRole | null {
  return r.builtin ? (r.key as BuiltinRole) : null;
}

export function toCompanyRole(
  r: RoleRow,
  auth: AuthContext,
  permissions: PermissionKey[],
  members: number,
): CompanyRole {
  return {
    id: r.id,
    builtin: builtinKind(r),
    name: r.builtin ? '' : r.name,
    remark: r.remark,
    permissions,
    members,
    editable: !r.builtin && r.id !== auth.roleId,
  };
}
