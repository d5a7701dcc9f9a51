import { and, desc, eq, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import { isBuiltinRole, isValidEmail, isValidPhone, type Member, type Sex } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appUser, customer, mfaRecoveryCode, passkey, plant, plantShare, role, userTotp } from '../../db/schema.js';
import { anyContains, isUniqueViolation } from '../../db/rows.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { AuthService } from '../auth/service.js';
import type { TokenService } from '../auth/tokens.js';
import {
  assertMayTouchAdmin,
  findAssignableRole,
  isAdministrator,
  isAdminRole,
  memberBuiltinRoles,
  ownRoles,
  type RoleRow,
} from '../roles/repository.js';
import type { CallerCache } from '../users/caller-cache.js';

type UserRow = typeof appUser.$inferSelect;

const isUuid = (id: string): boolean => z.uuid().safeParse(id).success;

/** Not a customer's account: customers are the company's clients (customer/list), not its members. */
const notCustomer: SQL = notExists(sql`(select 1 from ${customer} where ${customer.userId} = ${appUser.id})`);

/** The members of the caller's company; nothing for a caller of no company. */
function membersOf(auth: AuthContext): SQL {
  if (auth.companyId === null) return sql`false`;
  return and(eq(appUser.companyId, auth.companyId), notCustomer) ?? sql`false`;
}

/** What the audit log keeps of a member (never a password). */
function auditView(u: Pick<UserRow, 'account' | 'nickname' | 'phone' | 'sex'>, r: RoleRow | undefined) {
  return {
    account: u.account,
    nickname: u.nickname,
    phone: u.phone,
    sex: u.sex,
    role: r ? (r.builtin ? r.key : r.name) : undefined,
  };
}

/**
 * The members (staff) of a company (enterprise/user; issue 12 point 3, spec §3 Staff/user, §7 "User", §8
 * 101, 104, 105, 106, "employee already exists"): list, create or update, disable and enable, unbind from
 * the company, require or reset the second factor. Every change is audited and forgets the member's cached
 * sessions, so it applies on their next request.
 *
 * Tenancy: a member is reached only through `findMember` — an account of the caller's company that is not a
 * customer's — and the caller's own account is not one for disabling or unbinding (nobody locks themself
 * out). Any other id does not exist here. A platform administrator has no company: the list is empty.
 *
 * Adding an account that already exists: a member already → employeeExists (1104); the company's customer →
 * alreadyCompanyCustomer (1105); another company's → 106; a private account of no company → 104 (it is not
 * taken over silently: its owner's plants would become the company's; the owner can be invited otherwise).
 */
export function staffRoutes(deps: {
  db: Db;
  auth: AuthService;
  tokens: TokenService;
  callers: CallerCache;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const route = contractRoutes(app, 'company members', { userId: z.string().max(64) });
    const read = { access: 'company.user', scope: 'company' } as const;
    const edit = { access: 'company.user.edit', scope: 'company' } as const;

    const findMember = async (auth: AuthContext, id: string): Promise<UserRow | undefined> => {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(appUser)
        .where(and(eq(appUser.id, id), membersOf(auth)));
      return row;
    };

    const roleOf = async (u: UserRow): Promise<RoleRow | undefined> => {
      const [r] = await db.select().from(role).where(eq(role.id, u.roleId));
      return r;
    };

    /** A member the caller may change: an administrator only by an administrator (adminOnly). */
    const changeableMember = async (auth: AuthContext, id: string): Promise<UserRow> => {
      const m = await findMember(auth, id);
      if (!m) throw new AppError('notFound');
      assertMayTouchAdmin(auth, await roleOf(m));
      return m;
    };

    /** A member other than the caller (disable, unbind). */
    const otherMember = async (auth: AuthContext, id: string): Promise<UserRow> => {
      const m = await findMember(auth, id);
      if (!m || m.id === auth.userId) throw new AppError('notFound');
      assertMayTouchAdmin(auth, await roleOf(m));
      return m;
    };

    const toMember = async (auth: AuthContext, u: UserRow): Promise<Member> => memberOf(auth, u, await roleOf(u));

    const memberOf = (auth: AuthContext, u: UserRow, r: RoleRow | undefined): Member => ({
      id: u.id,
      account: u.account,
      nickname: u.nickname,
      email: u.email,
      phone: u.phone,
      sex: u.sex as Sex,
      roleId: u.roleId,
      roleBuiltin: r?.builtin && isBuiltinRole(r.key) ? r.key : null,
      roleName: r && !r.builtin ? r.name : '',
      mfaEnabled: u.mfaEnabled,
      mfaRequired: u.mfaRequired,
      disabled: u.disabled,
      registeredAt: u.createdAt.toISOString(),
      self: u.id === auth.userId,
    });

    /** Why an existing account cannot be added as a member of the caller's company. */
    const refusalFor = async (auth: AuthContext, existing: UserRow): Promise<AppError> => {
      if (existing.companyId === null) return new AppError('accountExists');
      if (existing.companyId !== auth.companyId) return new AppError('accountOtherCompany');
      const [c] = await db.select({ id: customer.id }).from(customer).where(eq(customer.userId, existing.id));
      return new AppError(c ? 'alreadyCompanyCustomer' : 'employeeExists');
    };

    const byAccount = async (account: string): Promise<UserRow | undefined> => {
      const [row] = await db.select().from(appUser).where(eq(appUser.account, account));
      return row;
    };

    /**
     * A write that broke the account's uniqueness: another request took the account after this one's check.
     * Answered as the check would answer now (employeeExists, 1105, 106, 104), never a 500.
     */
    const raced = async (auth: AuthContext, account: string, error: unknown): Promise<unknown> => {
      if (!isUniqueViolation(error)) return error;
      const holder = await byAccount(account);
      return holder ? await refusalFor(auth, holder) : error;
    };

    route(
      'GET /user/list',
      { config: read, summary: 'Members of the caller’s company: search, role and status filters, pages' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { q, roleId, status, page, size } = req.query;
        if (roleId !== undefined && !isUuid(roleId)) return ok(req, { total: 0, rows: [] });
        const where = and(
          membersOf(auth),
          q?.trim()
            ? anyContains(q.trim(), [sql`${appUser.account}`, sql`${appUser.nickname}`, sql`${appUser.phone}`])
            : undefined,
          roleId ? eq(appUser.roleId, roleId) : undefined,
          status ? eq(appUser.disabled, status === 'disabled') : undefined,
        );
        const rows = await db
          .select({ user: appUser, role })
          .from(appUser)
          .innerJoin(role, eq(role.id, appUser.roleId))
          .where(where)
          .orderBy(desc(appUser.createdAt), appUser.account)
          .limit(size)
          .offset((page - 1) * size);
        const [n] = await db
          .select({ n: sql<number>`count(*)` })
          .from(appUser)
          .where(where);
        return ok(req, { total: Number(n?.n ?? 0), rows: rows.map((r) => memberOf(auth, r.user, r.role)) });
      },
    );

    route(
      'GET /user/roleOptions',
      { config: read, summary: 'The roles a member may be given: built-in company roles and the company’s own' },
      async (req) => {
        const auth = requireAuth(req.auth);
        if (auth.companyId === null) return ok(req, []);
        // Only an administrator may make someone an administrator (adminOnly): nobody else is offered it.
        const rows = [...(await memberBuiltinRoles(db)), ...(await ownRoles(db, auth))].filter(
          (r) => isAdministrator(auth) || !isAdminRole(r),
        );
        return ok(
          req,
          rows.map((r) => ({
            id: r.id,
            builtin: r.builtin && isBuiltinRole(r.key) ? r.key : null,
            name: r.builtin ? '' : r.name,
          })),
        );
      },
    );

    route(
      'GET /company/user/check',
      { config: edit, summary: 'Whether an account may be added as a member (105 and 106 tolerated)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const existing = await byAccount(req.query.account);
        if (!existing) throw new AppError('accountNotRegistered');
        throw await refusalFor(auth, existing);
      },
    );

    route(
      'POST /user/createOrUpdate',
      { config: edit, summary: 'Add a member (with an initial password) or change one (no password)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        if (auth.companyId === null) throw new AppError('notFound');
        const body = req.body;
        const target = body.userId ? await findMember(auth, body.userId) : undefined;
        if (body.userId && !target) throw new AppError('notFound');
        const newRole = await findAssignableRole(db, auth, body.roleId);
        if (!newRole) throw new AppError('notFound');
        const oldRole = target ? await roleOf(target) : undefined;
        // Only an administrator makes an administrator, or changes one (their account is how they sign in).
        assertMayTouchAdmin(auth, newRole, oldRole);
        const bad: { field: string; rule: 'email' | 'phone' | 'required' | 'invalid' }[] = [];
        if (!isValidEmail(body.account)) bad.push({ field: 'account', rule: 'email' });
        if (body.phone && !isValidPhone(body.phone)) bad.push({ field: 'phone', rule: 'phone' });
        if (!target && (!body.password || !body.keyId)) bad.push({ field: 'password', rule: 'required' });
        if (target && body.password) bad.push({ field: 'password', rule: 'invalid' });
        if (bad.length > 0) throw new ValidationError(bad);
        // The caller's own role is not theirs to change (802): they could lock themself out of this page.
        if (target && target.id === auth.userId && target.roleId !== newRole.id)
          throw new AppError('roleNotModifiable');
        const holder = await byAccount(body.account);
        if (holder && holder.id !== target?.id) throw await refusalFor(auth, holder);

        if (!target) {
          const passwordHash = await deps.auth.newPasswordHash(body.keyId ?? '', body.password ?? '');
          const created = await db
            .transaction(async (tx) => {
              const [row] = await tx
                .insert(appUser)
                .values({
                  account: body.account,
                  email: body.account,
                  nickname: body.nickname,
                  phone: body.phone,
                  sex: body.sex,
                  companyId: auth.companyId,
                  roleId: newRole.id,
                  passwordHash,
                })
                .returning();
              if (!row) throw new AppError('serverError');
              await recordAudit(tx, auth, req.ip, {
                action: 'member.create',
                targetKind: 'user',
                targetId: row.id,
                newValue: auditView(row, newRole),
              });
              return row;
            })
            .catch(async (e: unknown) => {
              throw await raced(auth, body.account, e);
            });
          return ok(req, memberOf(auth, created, newRole));
        }

        const updated = await db
          .transaction(async (tx) => {
            const [row] = await tx
              .update(appUser)
              .set({
                account: body.account,
                email: body.account,
                nickname: body.nickname,
                phone: body.phone,
                sex: body.sex,
                roleId: newRole.id,
                updatedAt: new Date(),
              })
              .where(eq(appUser.id, target.id))
              .returning();
            if (!row) throw new AppError('notFound');
            await recordAudit(tx, auth, req.ip, {
              action: 'member.update',
              targetKind: 'user',
              targetId: row.id,
              oldValue: auditView(target, oldRole),
              newValue: auditView(row, newRole),
            });
            return row;
          })
          .catch(async (e: unknown) => {
            throw await raced(auth, body.account, e);
          });
        deps.callers.forgetUser(target.id);
        return ok(req, memberOf(auth, updated, newRole));
      },
    );

    route(
      'POST /user/disable/:userId',
      {
        config: edit,
        summary: 'Disable a member (signed out everywhere at once; sign-in answers 101), or enable them again',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const target = await otherMember(auth, req.params.userId);
        const disabled = req.body.disabled;
        await db.transaction(async (tx) => {
          await tx.update(appUser).set({ disabled, updatedAt: new Date() }).where(eq(appUser.id, target.id));
          await recordAudit(tx, auth, req.ip, {
            action: disabled ? 'member.disable' : 'member.enable',
            targetKind: 'user',
            targetId: target.id,
            oldValue: { account: target.account, disabled: target.disabled },
            newValue: { account: target.account, disabled },
          });
        });
        // Ends every session (refresh and access tokens) and forgets the member on every instance.
        if (disabled) await deps.tokens.endSessions(target.id);
        else deps.callers.forgetUser(target.id);
        return ok(req, null);
      },
    );

    route(
      'POST /user/unbind/:userId',
      { config: edit, summary: 'The member leaves the company: a private account again, signed out; plants stay' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const target = await otherMember(auth, req.params.userId);
        const companyId = target.companyId;
        const [owner] = await db
          .select()
          .from(role)
          .where(and(eq(role.key, 'plant_owner'), isNull(role.companyId)));
        if (!owner || companyId === null) throw new AppError('serverError');
        const oldRole = await roleOf(target);
        await db.transaction(async (tx) => {
          await tx
            .update(appUser)
            .set({ companyId: null, roleId: owner.id, updatedAt: new Date() })
            .where(eq(appUser.id, target.id));
          // The company's plants stay the company's: the leaver no longer owns or shares any of them.
          await tx
            .update(plant)
            .set({ ownerId: null })
            .where(and(eq(plant.companyId, companyId), eq(plant.ownerId, target.id)));
          const companyPlants = db.select({ id: plant.id }).from(plant).where(eq(plant.companyId, companyId));
          await tx
            .delete(plantShare)
            .where(and(eq(plantShare.userId, target.id), inArray(plantShare.plantId, companyPlants)));
          await recordAudit(tx, auth, req.ip, {
            action: 'member.unbind',
            targetKind: 'user',
            targetId: target.id,
            oldValue: { ...auditView(target, oldRole), companyId },
            newValue: { account: target.account, companyId: null, role: 'plant_owner' },
          });
        });
        await deps.tokens.endSessions(target.id);
        return ok(req, null);
      },
    );

    route(
      'POST /user/:userId/update/mfaStatus',
      { config: edit, summary: 'Require a second factor at the member’s next sign-in, or reset theirs' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const target = await changeableMember(auth, req.params.userId);
        const { required, reset } = req.body;
        if (required === undefined && !reset) throw new ValidationError([{ field: 'required', rule: 'required' }]);
        const updated = await db.transaction(async (tx) => {
          const set: Partial<typeof appUser.$inferInsert> = { updatedAt: new Date() };
          if (required !== undefined) set.mfaRequired = required;
          if (reset) {
            set.mfaEnabled = false;
            await tx.delete(userTotp).where(eq(userTotp.userId, target.id));
            await tx.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, target.id));
            await tx.delete(passkey).where(eq(passkey.userId, target.id));
          }
          const [row] = await tx.update(appUser).set(set).where(eq(appUser.id, target.id)).returning();
          if (!row) throw new AppError('notFound');
          if (required !== undefined && required !== target.mfaRequired)
            await recordAudit(tx, auth, req.ip, {
              action: 'member.mfaRequire',
              targetKind: 'user',
              targetId: target.id,
              oldValue: { account: target.account, mfaRequired: target.mfaRequired },
              newValue: { account: target.account, mfaRequired: required },
            });
          if (reset)
            await recordAudit(tx, auth, req.ip, {
              action: 'member.mfaReset',
              targetKind: 'user',
              targetId: target.id,
              oldValue: { account: target.account, mfaEnabled: target.mfaEnabled },
              newValue: { account: target.account, mfaEnabled: false },
            });
          return row;
        });
        deps.callers.forgetUser(target.id);
        return ok(req, await toMember(auth, updated));
      },
    );
  };
}
