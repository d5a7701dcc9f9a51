import { randomUUID } from 'node:crypto';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { buildPermissionTree, MAX_COMPANY_ROLES, permissionTitle, type PermissionKey } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appUser, company, role, rolePermission } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { CallerCache } from '../users/caller-cache.js';
import {
  assertMayTouchAdmin,
  assignableKeys,
  closeUpwards,
  findOwnRole,
  memberBuiltinRoles,
  memberCounts,
  ownRoles,
  ownRolesOf,
  permissionsOf,
  STAFF_ROLE_BASE,
  toCompanyRole,
  type RoleRow,
} from './repository.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A company's own roles (enterprise/roles; issue 12 point 2, spec §5, §6, §8 800–802): at most five, names
 * unique in the company without regard to case, permissions picked from what the company (and the caller)
 * may give. The caller's own role cannot be changed or deleted (802); a role members hold cannot be deleted.
 * Every change is audited and applies on each member's next request (CallerCache.forgetRole).
 *
 * Tenancy: a role is reached only through `findOwnRole` (the caller's company's own staff roles); any other
 * id — another company's role, a customer's permission list — does not exist here. A platform administrator
 * has no company: the list is empty and every id is unknown.
 */
export function roleRoutes(deps: { db: Db; callers: CallerCache }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const route = contractRoutes(app, 'company roles', { roleId: z.string().max(64) });
    const read = { access: 'company.role.list.view', scope: 'company' } as const;
    const edit = { access: 'company.role.edit', scope: 'company' } as const;

    const permissionsFor = (auth: AuthContext, picked: readonly PermissionKey[]): PermissionKey[] => {
      const keys = closeUpwards(picked, assignableKeys(auth));
      if (!keys) throw new ValidationError([{ field: 'permissions', rule: 'invalid' }]);
      return keys;
    };

    /**
     * Holds the company's row until the transaction ends: its role creations and renames run one after
     * another, so the count (800) and the name check (801) see what a concurrent request committed.
     */
    const lockCompany = async (tx: Tx, companyId: string | null) => {
      if (companyId !== null) await tx.execute(sql`select id from ${company} where id = ${companyId} for update`);
    };

    const assertNameFree = async (tx: Tx | Db, auth: AuthContext, name: string, except?: string) => {
      const [taken] = await tx
        .select({ id: role.id })
        .from(role)
        .where(
          and(ownRolesOf(auth), sql`lower(${role.name}) = lower(${name})`, except ? ne(role.id, except) : undefined),
        );
      if (taken) throw new AppError('roleNameExists');
    };

    /** An own role the caller may change: not theirs (802). */
    const changeable = async (auth: AuthContext, id: string): Promise<RoleRow> => {
      const own = await findOwnRole(db, auth, id);
      if (!own) {
        // A built-in role exists for everyone and stays as it is.
        const builtin = (await memberBuiltinRoles(db)).some((r) => r.id === id);
        throw new AppError(builtin && auth.companyId !== null ? 'roleNotModifiable' : 'notFound');
      }
      if (own.id === auth.roleId) throw new AppError('roleNotModifiable');
      // A role that makes administrators is an administrator's to change (none is reachable today: own roles
      // follow company_staff; this keeps it so if a base of company_admin is ever allowed).
      assertMayTouchAdmin(auth, own);
      return own;
    };

    const answer = async (auth: AuthContext, r: RoleRow) => {
      const perms = await permissionsOf(db, [r.id]);
      const members = await memberCounts(db, auth, [r.id]);
      return toCompanyRole(r, auth, perms.get(r.id) ?? [], members.get(r.id) ?? 0);
    };

    route(
      'GET /company/roles',
      { config: read, summary: 'The company’s own roles with member counts, and the built-in roles a member may hold' },
      async (req) => {
        const auth = requireAuth(req.auth);
        if (auth.companyId === null) return ok(req, { rows: [], own: 0, max: MAX_COMPANY_ROLES });
        const own = await ownRoles(db, auth);
        const all = [...own, ...(await memberBuiltinRoles(db))];
        const ids = all.map((r) => r.id);
        const perms = await permissionsOf(db, ids);
        const members = await memberCounts(db, auth, ids);
        return ok(req, {
          rows: all.map((r) => toCompanyRole(r, auth, perms.get(r.id) ?? [], members.get(r.id) ?? 0)),
          own: own.length,
          max: MAX_COMPANY_ROLES,
        });
      },
    );

    route(
      'GET /company/role/permissions',
      { config: read, summary: 'The permission tree a company role may be given, in the caller’s language' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const keys = auth.companyId === null ? [] : assignableKeys(auth);
        return ok(
          req,
          buildPermissionTree(keys, (key) => permissionTitle(key, req.lang)),
        );
      },
    );

    route(
      'GET /company/role/check',
      { config: read, summary: 'Whether a role name is free in the company (801 when it is taken)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const except = req.query.roleId ? (await findOwnRole(db, auth, req.query.roleId))?.id : undefined;
        await assertNameFree(db, auth, req.query.name, except);
        return ok(req, null);
      },
    );

    route(
      'POST /company/role',
      { config: edit, summary: 'Create a role of the company (at most 5: 800; unique name: 801)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const companyId = auth.companyId;
        if (companyId === null) throw new AppError('notFound');
        const { name, remark, permissions } = req.body;
        const keys = permissionsFor(auth, permissions);
        const created = await db.transaction(async (tx) => {
          // One company's role creations one after another, so two at once cannot make a sixth.
          await lockCompany(tx, companyId);
          const [n] = await tx.select({ n: count() }).from(role).where(ownRolesOf(auth));
          if (Number(n?.n ?? 0) >= MAX_COMPANY_ROLES) throw new AppError('roleLimit');
          await assertNameFree(tx, auth, name);
          const [row] = await tx
            .insert(role)
            .values({ companyId, key: `custom:${randomUUID()}`, name, remark, builtin: false, base: STAFF_ROLE_BASE })
            .returning();
          if (!row) throw new AppError('serverError');
          if (keys.length > 0)
            await tx.insert(rolePermission).values(keys.map((permission) => ({ roleId: row.id, permission })));
          await recordAudit(tx, auth, req.ip, {
            action: 'role.create',
            targetKind: 'role',
            targetId: row.id,
            newValue: { name, remark, permissions: keys },
          });
          return row;
        });
        return ok(req, await answer(auth, created));
      },
    );

    route(
      'POST /company/role/:roleId',
      { config: edit, summary: 'Change a role of the company (not the caller’s own: 802)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const current = await changeable(auth, req.params.roleId);
        const { name, remark, permissions } = req.body;
        const keys = permissionsFor(auth, permissions);
        const before = (await permissionsOf(db, [current.id])).get(current.id) ?? [];
        const updated = await db.transaction(async (tx) => {
          // Serialised with the company's other role writes, so two renames to one name cannot both pass.
          await lockCompany(tx, current.companyId);
          await assertNameFree(tx, auth, name, current.id);
          const [row] = await tx.update(role).set({ name, remark }).where(eq(role.id, current.id)).returning();
          if (!row) throw new AppError('notFound');
          await tx.delete(rolePermission).where(eq(rolePermission.roleId, current.id));
          if (keys.length > 0)
            await tx.insert(rolePermission).values(keys.map((permission) => ({ roleId: current.id, permission })));
          await recordAudit(tx, auth, req.ip, {
            action: 'role.update',
            targetKind: 'role',
            targetId: current.id,
            oldValue: { name: current.name, remark: current.remark, permissions: before },
            newValue: { name, remark, permissions: keys },
          });
          return row;
        });
        deps.callers.forgetRole(current.id);
        return ok(req, await answer(auth, updated));
      },
    );

    route(
      'POST /company/role/:roleId/delete',
      { config: edit, summary: 'Delete a role of the company no member holds (not the caller’s own: 802)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const current = await changeable(auth, req.params.roleId);
        const before = (await permissionsOf(db, [current.id])).get(current.id) ?? [];
        await db.transaction(async (tx) => {
          const [held] = await tx.select({ n: count() }).from(appUser).where(eq(appUser.roleId, current.id));
          if (Number(held?.n ?? 0) > 0) throw new AppError('roleInUse');
          await tx.delete(role).where(eq(role.id, current.id));
          await recordAudit(tx, auth, req.ip, {
            action: 'role.delete',
            targetKind: 'role',
            targetId: current.id,
            oldValue: { name: current.name, remark: current.remark, permissions: before },
          });
        });
        deps.callers.forgetRole(current.id);
        return ok(req, null);
      },
    );
  };
}
