import { eq } from 'drizzle-orm';
import {
  isBuiltinRole,
  isLang,
  isPermissionKey,
  READ_ONLY_ROLES,
  type BuiltinRole,
  type PermissionKey,
  type Sex,
  type TemperatureUnit,
  type UserInfo,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, authSession, company, role, rolePermission } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';

export type UserRow = typeof appUser.$inferSelect;

export async function findUserByAccount(db: Db, account: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(appUser).where(eq(appUser.account, account));
  return row;
}

/** Whether the caller may name an account of this company: a private one (no company), its own, or any for a platform admin. */
export function canReachAccount(auth: AuthContext, accountCompanyId: string | null): boolean {
  return accountCompanyId === null || accountCompanyId === auth.companyId || auth.role === 'platform_admin';
}

/**
 * An account the caller may name (to associate a device with it, say): one of the caller's company, a
 * private account of no company, or any for a platform administrator. Another company's account is
 * undefined, exactly like an unknown one, so naming it cannot probe who exists elsewhere.
 */
export async function findReachableUser(db: Db, auth: AuthContext, account: string): Promise<UserRow | undefined> {
  const u = await findUserByAccount(db, account.trim().toLowerCase());
  return u && canReachAccount(auth, u.companyId) ? u : undefined;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(appUser).where(eq(appUser.id, id));
  return row;
}

// Role permissions change rarely (a company admin editing a role); ten seconds of staleness is fine and
// saves a query per request.
const PERMISSION_CACHE_MS = 10_000;
const permissionCache = new Map<string, { at: number; keys: ReadonlySet<PermissionKey> }>();

async function rolePermissions(db: Db, roleId: string): Promise<ReadonlySet<PermissionKey>> {
  const hit = permissionCache.get(roleId);
  if (hit && Date.now() - hit.at < PERMISSION_CACHE_MS) return hit.keys;
  const rows = await db
    .select({ p: rolePermission.permission })
    .from(rolePermission)
    .where(eq(rolePermission.roleId, roleId));
  const keys = new Set(rows.map((r) => r.p).filter(isPermissionKey));
  permissionCache.set(roleId, { at: Date.now(), keys });
  return keys;
}

/**
 * The caller behind a verified access token, or undefined when the session was revoked, the user was
 * disabled or deleted: a token outlives none of these.
 */
export async function loadAuthContext(db: Db, userId: string, sessionId: string): Promise<AuthContext | undefined> {
  const [row] = await db
    .select({
      userId: appUser.id,
      companyId: appUser.companyId,
      disabled: appUser.disabled,
      roleId: role.id,
      roleKey: role.key,
      revokedAt: authSession.revokedAt,
      sessionUser: authSession.userId,
    })
    .from(authSession)
    .innerJoin(appUser, eq(appUser.id, authSession.userId))
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(eq(authSession.id, sessionId));
  if (!row || row.revokedAt || row.disabled || row.sessionUser !== userId) return undefined;
  const roleKey: BuiltinRole = isBuiltinRole(row.roleKey) ? row.roleKey : 'visitor';
  return {
    userId: row.userId,
    sessionId,
    companyId: row.companyId,
    role: roleKey,
    permissions: await rolePermissions(db, row.roleId),
  };
}

export async function userInfo(db: Db, userId: string): Promise<UserInfo | undefined> {
  const [row] = await db
    .select({ user: appUser, roleKey: role.key, companyId: company.id, companyName: company.name })
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .leftJoin(company, eq(company.id, appUser.companyId))
    .where(eq(appUser.id, userId));
  if (!row) return undefined;
  const u = row.user;
  const roleKey: BuiltinRole = isBuiltinRole(row.roleKey) ? row.roleKey : 'visitor';
  return {
    id: u.id,
    account: u.account,
    nickname: u.nickname,
    email: u.email,
    phone: u.phone,
    sex: u.sex as Sex,
    avatar: u.avatar,
    role: roleKey,
    readOnly: READ_ONLY_ROLES.has(roleKey),
    language: isLang(u.language) ? u.language : 'en',
    temperatureUnit: u.temperatureUnit as TemperatureUnit,
    company: row.companyId && row.companyName ? { id: row.companyId, name: row.companyName } : null,
    registeredAt: u.createdAt.toISOString(),
  };
}
