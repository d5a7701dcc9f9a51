import { eq, sql } from 'drizzle-orm';
import {
  isBuiltinRole,
  isLang,
  isPermissionKey,
  READ_ONLY_ROLES,
  type BuiltinRole,
  type Sex,
  type TemperatureUnit,
  type UserInfo,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, authSession, company, companyAgent, role, rolePermission } from '../../db/schema.js';
import type { AgentOf, AuthContext } from '../../http/context.js';

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

/** The companies that appointed `companyId` their agent, and whether it may operate there. */
export async function agencyOf(db: Db, companyId: string): Promise<AgentOf[]> {
  const rows = await db
    .select({ companyId: companyAgent.companyId, level: companyAgent.level })
    .from(companyAgent)
    .where(eq(companyAgent.agentCompanyId, companyId));
  return rows.map((r) => ({ companyId: r.companyId, operate: r.level === 'operate' }));
}

/** The built-in role a role row stands for: its key, or for a company's own role its base. */
export function roleKind(row: { key: string; base: string | null }): BuiltinRole {
  const kind = row.base ?? row.key;
  return isBuiltinRole(kind) ? kind : 'visitor';
}

/** A json column that a driver may hand back parsed or as text. */
function jsonArray<T>(value: unknown): T[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

/**
 * The caller behind a verified access token, or undefined when the session was revoked, the user was
 * disabled or deleted: a token outlives none of these. One round trip: the role's permissions and the
 * companies that appointed the caller's company their agent come with the session and account, as json.
 * Not cached here: the caller cache keeps the whole caller per session and forgets it when the role, the
 * user or the company's agency changes (CallerCache.forgetRole, forgetUser, forgetCompany), so a change
 * applies on the member's next request, on every instance.
 */
export async function loadAuthContext(db: Db, userId: string, sessionId: string): Promise<AuthContext | undefined> {
  const [row] = await db
    .select({
      userId: appUser.id,
      companyId: appUser.companyId,
      disabled: appUser.disabled,
      roleId: role.id,
      roleKey: role.key,
      roleBase: role.base,
      revokedAt: authSession.revokedAt,
      sessionUser: authSession.userId,
      permissions: sql<unknown>`(select coalesce(json_agg(${rolePermission.permission}), '[]'::json)
        from ${rolePermission} where ${rolePermission.roleId} = ${role.id})`,
      agency: sql<unknown>`(select coalesce(json_agg(json_build_object('companyId', ${companyAgent.companyId},
        'level', ${companyAgent.level})), '[]'::json)
        from ${companyAgent} where ${companyAgent.agentCompanyId} = ${appUser.companyId})`,
    })
    .from(authSession)
    .innerJoin(appUser, eq(appUser.id, authSession.userId))
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(eq(authSession.id, sessionId));
  if (!row || row.revokedAt || row.disabled || row.sessionUser !== userId) return undefined;
  const agency = jsonArray<{ companyId: string; level: string }>(row.agency);
  return {
    userId: row.userId,
    sessionId,
    companyId: row.companyId,
    role: roleKind({ key: row.roleKey, base: row.roleBase }),
    roleId: row.roleId,
    permissions: new Set(jsonArray<string>(row.permissions).filter(isPermissionKey)),
    agentFor: row.companyId ? agency.map((a) => ({ companyId: a.companyId, operate: a.level === 'operate' })) : [],
  };
}

/**
 * A user as a background job acts for them (a report export, a scheduled report): the same rules as a
 * signed-in caller, read now, without a session; undefined for a disabled or deleted user.
 */
export async function loadUserContext(db: Db, userId: string): Promise<AuthContext | undefined> {
  const [row] = await db
    .select({
      companyId: appUser.companyId,
      disabled: appUser.disabled,
      roleId: role.id,
      roleKey: role.key,
      roleBase: role.base,
      permissions: sql<unknown>`(select coalesce(json_agg(${rolePermission.permission}), '[]'::json)
        from ${rolePermission} where ${rolePermission.roleId} = ${role.id})`,
      agency: sql<unknown>`(select coalesce(json_agg(json_build_object('companyId', ${companyAgent.companyId},
        'level', ${companyAgent.level})), '[]'::json)
        from ${companyAgent} where ${companyAgent.agentCompanyId} = ${appUser.companyId})`,
    })
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(eq(appUser.id, userId));
  if (!row || row.disabled) return undefined;
  const agency = jsonArray<{ companyId: string; level: string }>(row.agency);
  return {
    userId,
    sessionId: '',
    companyId: row.companyId,
    role: roleKind({ key: row.roleKey, base: row.roleBase }),
    roleId: row.roleId,
    permissions: new Set(jsonArray<string>(row.permissions).filter(isPermissionKey)),
    agentFor: row.companyId ? agency.map((a) => ({ companyId: a.companyId, operate: a.level === 'operate' })) : [],
  };
}

/** Where a company logo is served (modules/companies answers it, without a token: the sign-in page shows it). */
export function logoUrl(fileId: string | null): string | null {
  return fileId ? `/api/v1/anonymous/logo/${fileId}` : null;
}

export async function userInfo(db: Db, userId: string): Promise<UserInfo | undefined> {
  const [row] = await db
    .select({
      user: appUser,
      roleKey: role.key,
      roleBase: role.base,
      roleLabel: role.name,
      roleBuiltin: role.builtin,
      company: {
        id: company.id,
        name: company.name,
        themeColor: company.themeColor,
        logoWideId: company.logoWideId,
        logoSquareId: company.logoSquareId,
      },
    })
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .leftJoin(company, eq(company.id, appUser.companyId))
    .where(eq(appUser.id, userId));
  if (!row) return undefined;
  const u = row.user;
  const roleKey = roleKind({ key: row.roleKey, base: row.roleBase });
  return {
    id: u.id,
    account: u.account,
    nickname: u.nickname,
    email: u.email,
    phone: u.phone,
    sex: u.sex as Sex,
    avatar: u.avatar,
    role: roleKey,
    roleName: row.roleBuiltin ? null : row.roleLabel,
    readOnly: READ_ONLY_ROLES.has(roleKey),
    language: isLang(u.language) ? u.language : 'en',
    temperatureUnit: u.temperatureUnit as TemperatureUnit,
    company: row.company
      ? {
          id: row.company.id,
          name: row.company.name,
          themeColor: row.company.themeColor,
          logoWide: logoUrl(row.company.logoWideId),
          logoSquare: logoUrl(row.company.logoSquareId),
        }
      : null,
    mfaEnabled: u.mfaEnabled,
    mfaRequired: u.mfaRequired,
    registeredAt: u.createdAt.toISOString(),
  };
}
