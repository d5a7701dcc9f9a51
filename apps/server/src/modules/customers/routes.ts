import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  buildPermissionTree,
  isValidEmail,
  isValidPhone,
  normaliseAccount,
  permissionTitle,
  ROLE_PERMISSIONS,
  type CustomerPlantRow,
  type CustomerUserRow,
  type FieldRule,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findPlant } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation, query, toMs } from '../../db/rows.js';
import { appUser, authSession, companyAgent, customer, customerType, plant, role } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit, type AuditEntry } from '../audit/record.js';
import type { AuthService } from '../auth/service.js';
import type { CallerCache } from '../users/caller-cache.js';
import {
  builtinCustomerRole,
  companyOf,
  customerPermissions,
  findCustomer,
  findCustomerType,
  insertCustomer,
  isInSubtree,
  listCustomers,
  listCustomerTypes,
  permissionsOf,
  setRolePermissions,
  typeTree,
  type FoundCustomer,
  type Tx,
} from './store.js';

/** What the audit log keeps of a customer (never its password). */
function auditView(
  c: Pick<FoundCustomer, 'name' | 'contactName' | 'phone' | 'email' | 'address' | 'remark' | 'typeId'>,
) {
  const { name, contactName, phone, email, address, remark, typeId } = c;
  return { name, contactName, phone, email, address, remark, typeId };
}

/** Contact e-mail and phone, when given, must be valid (code 4 on the field). */
function checkContact(f: { phone: string; email: string }): void {
  const bad: { field: string; rule: FieldRule }[] = [];
  if (f.phone && !isValidPhone(f.phone)) bad.push({ field: 'phone', rule: 'phone' });
  if (f.email && !isValidEmail(f.email)) bad.push({ field: 'email', rule: 'email' });
  if (bad.length > 0) throw new ValidationError(bad);
}

/**
 * Customers, their sign-in accounts, their plants and customer types (spec §2.2 customer/list, customer/user,
 * customer/type; §7 "Customers and permissions"). Every row is the caller's company's, reached through the
 * finders of store.ts (another company's id is "does not exist"); plants through the plant write policy.
 * Every change is audited in its transaction.
 *
 * Deleting a customer type that customers still have clears their type (they stay, without one): the type
 * page says how many customers use it before it asks to confirm. A type with sub-types is refused.
 */
export function customerRoutes(deps: { db: Db; auth: AuthService; callers: CallerCache }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, callers } = deps;
    const route = contractRoutes(app, 'customers', {
      customerId: z.uuid(),
      id: z.uuid(),
      userId: z.uuid(),
    });
    const view = { access: 'customer.list.view', scope: 'company' } as const;
    const edit = { access: 'customer.edit', scope: 'company' } as const;
    const typesView = { access: 'customer.type.list.view', scope: 'company' } as const;
    const typesEdit = { access: 'customer.type.edit', scope: 'company' } as const;
    const usersView = { access: 'user.list.view', scope: 'company' } as const;

    /**
     * One change of rows the caller reached through the finders of store.ts, written with its audit entry in
     * one transaction, so neither is kept without the other: `change` writes and answers the entry. Answers
     * the entry's target (a created row's id).
     */
    const audited = (
      req: { auth: AuthContext | null; ip: string },
      change: (tx: Tx) => Promise<AuditEntry>,
    ): Promise<string> =>
      db.transaction(async (tx) => {
        const entry = await change(tx);
        await recordAudit(tx, requireAuth(req.auth), req.ip, entry);
        return entry.targetId;
      });

    /** The type a customer is given must be one of the company's. */
    const checkType = async (auth: AuthContext, typeId: string | null) => {
      if (typeId) await findCustomerType(db, auth, typeId);
    };

    /**
     * Whether an account may become a new customer of the caller's company: free (nothing thrown), already
     * its customer, another company's (106), an agent (202), or otherwise an existing account (105).
     */
    const checkAccount = async (auth: AuthContext, raw: string): Promise<string> => {
      const account = normaliseAccount(raw);
      if (!isValidEmail(account)) throw new ValidationError([{ field: 'account', rule: 'email' }]);
      const [user] = await db
        .select({ id: appUser.id, companyId: appUser.companyId })
        .from(appUser)
        .where(eq(appUser.account, account));
      if (!user) return account;
      const [theirs] = await db
        .select({ companyId: customer.companyId })
        .from(customer)
        .where(eq(customer.userId, user.id));
      if (theirs && theirs.companyId === auth.companyId) throw new AppError('alreadyCompanyCustomer');
      if (user.companyId && user.companyId !== auth.companyId) throw new AppError('accountOtherCompany');
      const [agent] = await db
        .select({ c: companyAgent.companyId })
        .from(companyAgent)
        .where(eq(companyAgent.agentUserId, user.id))
        .limit(1);
      if (agent) throw new AppError('agentExists');
      throw new AppError('accountNotRegistered');
    };

    /** The customer whose sign-in account `userId` is, in the caller's company; otherwise "does not exist". */
    const customerOfUser = async (auth: AuthContext, userId: string): Promise<FoundCustomer> => {
      const [row] = auth.companyId
        ? await db
            .select({ id: customer.id })
            .from(customer)
            .where(and(eq(customer.userId, userId), eq(customer.companyId, auth.companyId)))
        : [];
      if (!row) throw new AppError('notFound');
      return findCustomer(db, auth, row.id);
    };

    route(
      'GET /customers',
      { config: view, summary: 'The company’s customers: search, type filter (with sub-types), pages' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { q, typeId, page, size } = req.query;
        return ok(req, await listCustomers(db, auth, { q, typeId, page, size }));
      },
    );

    route('GET /role/:customerId', { config: view, summary: 'A customer’s own permission keys' }, async (req) => {
      const auth = requireAuth(req.auth);
      const c = await findCustomer(db, auth, req.params.customerId);
      return ok(req, { roleId: c.roleId, permissions: await permissionsOf(db, c.roleId) });
    });

    route(
      'GET /customer/check',
      { config: edit, summary: 'Whether an account may become a new customer (105, 106, 202 or already a customer)' },
      async (req) => {
        await checkAccount(requireAuth(req.auth), req.query.account);
        return ok(req, null);
      },
    );

    route(
      'POST /customer',
      { config: edit, summary: 'Create a customer with its sign-in account and its own permission list' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { account: rawAccount, keyId, password, permissions, ...fields } = req.body;
        // Keys first: another company's type id is "does not exist" whatever else the body holds.
        await checkType(auth, fields.typeId);
        const companyId = companyOf(auth);
        const keys = customerPermissions(permissions);
        checkContact(fields);
        const account = await checkAccount(auth, rawAccount);
        const passwordHash = await deps.auth.newPasswordHash(keyId, password);
        const customerId = await audited(req, async (tx) => {
          const ids = await insertCustomer(tx, {
            companyId,
            fields,
            account,
            passwordHash,
            permissions: keys,
            language: req.lang,
          });
          return {
            action: 'customer.create',
            targetKind: 'customer',
            targetId: ids.customerId,
            newValue: { ...auditView(fields), account, permissions: keys },
          };
        }).catch(async (e: unknown) => {
          // Another request made the account since the check: answer what the check answers now (1105 …).
          if (isUniqueViolation(e)) await checkAccount(auth, account);
          throw e;
        });
        return ok(req, await findCustomer(db, auth, customerId).then(({ roleId: _, ...row }) => row));
      },
    );

    route(
      'POST /customer/:customerId',
      {
        config: edit,
        summary: 'Change a customer and its permission list (applies on the customer’s next request)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const before = await findCustomer(db, auth, req.params.customerId);
        const { permissions, ...fields } = req.body;
        await checkType(auth, fields.typeId);
        const keys = customerPermissions(permissions);
        checkContact(fields);
        const oldKeys = await permissionsOf(db, before.roleId);
        await audited(req, async (tx) => {
          await tx.update(customer).set(fields).where(eq(customer.id, before.id));
          await tx.update(role).set({ name: fields.name }).where(eq(role.id, before.roleId));
          await setRolePermissions(tx, before.roleId, keys);
          return {
            action: 'customer.update',
            targetKind: 'customer',
            targetId: before.id,
            oldValue: { ...auditView(before), permissions: oldKeys },
            newValue: { ...auditView(fields), permissions: keys },
          };
        });
        callers.forgetRole(before.roleId);
        callers.forgetUser(before.userId);
        const { roleId: _, ...row } = await findCustomer(db, auth, before.id);
        return ok(req, row);
      },
    );

    route(
      'DELETE /customers/delete/:id',
      {
        config: edit,
        summary: 'Delete a customer: its account loses all access, its plants stay with the company without owner',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const c = await findCustomer(db, auth, req.params.id);
        const parked = await builtinCustomerRole(db);
        await audited(req, async (tx) => {
          const freed = await tx
            .update(plant)
            .set({ ownerId: null, updatedAt: new Date() })
            .where(and(eq(plant.ownerId, c.userId), eq(plant.companyId, companyOf(auth))))
            .returning({ id: plant.id });
          await tx.delete(customer).where(eq(customer.id, c.id));
          // The account stays (rows elsewhere name it) but outside any company, disabled, on the built-in
          // customer role, which reaches no plant without a company.
          await tx
            .update(appUser)
            .set({ companyId: null, roleId: parked, disabled: true, updatedAt: new Date() })
            .where(eq(appUser.id, c.userId));
          await tx
            .update(authSession)
            .set({ revokedAt: new Date() })
            .where(and(eq(authSession.userId, c.userId), isNull(authSession.revokedAt)));
          await tx.delete(role).where(eq(role.id, c.roleId));
          return {
            action: 'customer.delete',
            targetKind: 'customer',
            targetId: c.id,
            oldValue: { ...auditView(c), account: c.account, plants: freed.map((p) => p.id) },
          };
        });
        callers.forgetUser(c.userId);
        callers.forgetRole(c.roleId);
        return ok(req, null);
      },
    );

    /** The plants of the caller's company a customer may be given (and which it owns), on the alias `p`. */
    const assignable = (auth: AuthContext, userId: string) =>
      sql`${scopeCondition(auth, 'plant', { write: true })} and p.company_id = ${companyOf(auth)} and (p.owner_id is null
        or p.owner_id = ${userId}
        or p.owner_id in (select user_id from customer where company_id = ${companyOf(auth)}))`;

    route(
      'GET /customer/:customerId/plants',
      { config: view, summary: 'Plants the customer owns or may be given, its own first' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const c = await findCustomer(db, auth, req.params.customerId);
        const { q, page, size } = req.query;
        const like = q?.trim() ? `%${q.trim().replace(/[\\%_]/g, (x) => `\\${x}`)}%` : null;
        const where = sql`${assignable(auth, c.userId)}${like ? sql` and (p.name ilike ${like} or p.address ilike ${like})` : sql``}`;
        const rows = await query<{ id: string; name: string; address: string; capacity_kw: number; assigned: boolean }>(
          db,
          sql`select p.id, p.name, p.address, p.capacity_kw, coalesce(p.owner_id = ${c.userId}, false) as assigned
            from plant p where ${where}
            order by assigned desc, lower(p.name), p.id limit ${size} offset ${(page - 1) * size}`,
        );
        const [count] = await query<{ n: unknown }>(db, sql`select count(*) as n from plant p where ${where}`);
        const out: CustomerPlantRow[] = rows.map((r) => ({
          id: r.id,
          name: r.name,
          address: r.address,
          capacityKw: Number(r.capacity_kw),
          assigned: r.assigned,
        }));
        const owned = await db
          .select({ id: plant.id })
          .from(plant)
          .where(and(eq(plant.ownerId, c.userId), eq(plant.companyId, companyOf(auth)), isNull(plant.deletedAt)));
        return ok(req, { total: Number(count?.n ?? 0), rows: out, assigned: owned.map((p) => p.id) });
      },
    );

    route(
      'POST /customer/:customerId/plants',
      {
        config: edit,
        summary: 'Give the customer exactly these plants (the ones left out lose it as owner)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const c = await findCustomer(db, auth, req.params.customerId);
        const ids = [...new Set(req.body.plantIds)];
        // Each through the plant write policy, then the assignment rule: a plant of the caller's own company
        // with no owner or a customer of it as owner. Any other is "does not exist" (700), changing nothing.
        for (const id of ids) await findPlant(db, auth, id, { write: true, where: assignable(auth, c.userId) });
        const held = await db
          .select({ id: plant.id })
          .from(plant)
          .where(and(eq(plant.ownerId, c.userId), eq(plant.companyId, companyOf(auth)), isNull(plant.deletedAt)));
        const before = held.map((p) => p.id).sort();
        await audited(req, async (tx) => {
          const mine = and(eq(plant.ownerId, c.userId), eq(plant.companyId, companyOf(auth)));
          await tx
            .update(plant)
            .set({ ownerId: null, updatedAt: new Date() })
            .where(ids.length > 0 ? and(mine, notInArray(plant.id, ids)) : mine);
          if (ids.length > 0)
            await tx.update(plant).set({ ownerId: c.userId, updatedAt: new Date() }).where(inArray(plant.id, ids));
          return {
            action: 'customer.plants',
            targetKind: 'customer',
            targetId: c.id,
            oldValue: { plants: before },
            newValue: { plants: [...ids].sort() },
          };
        });
        return ok(req, null);
      },
    );

    route(
      'GET /permission/customer',
      { config: view, summary: 'The permission tree a customer may be given, titled in the caller’s language' },
      async (req) =>
        ok(
          req,
          buildPermissionTree(ROLE_PERMISSIONS.customer, (key) => permissionTitle(key, req.lang)),
        ),
    );

    route(
      'GET /customer/types',
      { config: typesView, summary: 'The company’s customer types as a tree' },
      async (req) => ok(req, typeTree(await listCustomerTypes(db, requireAuth(req.auth)))),
    );

    route(
      'GET /customerTypes',
      { config: view, summary: 'The company’s customer types as a flat list (for selects)' },
      async (req) => ok(req, await listCustomerTypes(db, requireAuth(req.auth))),
    );

    route('GET /customerType/:id', { config: typesView, summary: 'One customer type' }, async (req) =>
      ok(req, await findCustomerType(db, requireAuth(req.auth), req.params.id)),
    );

    route(
      'POST /customerType',
      { config: typesEdit, summary: 'Create a customer type (a sub-type when parentId is given)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { name, parentId, remark } = req.body;
        if (parentId) await findCustomerType(db, auth, parentId);
        const companyId = companyOf(auth);
        const id = await audited(req, async (tx) => {
          const [row] = await tx
            .insert(customerType)
            .values({ companyId, name, parentId, remark })
            .returning({ id: customerType.id });
          if (!row) throw new AppError('serverError');
          return {
            action: 'customerType.create',
            targetKind: 'customer_type',
            targetId: row.id,
            newValue: { name, parentId, remark },
          };
        });
        return ok(req, await findCustomerType(db, auth, id));
      },
    );

    route('POST /customerType/:id', { config: typesEdit, summary: 'Change a customer type' }, async (req) => {
      const auth = requireAuth(req.auth);
      const before = await findCustomerType(db, auth, req.params.id);
      const { name, parentId, remark } = req.body;
      if (parentId) {
        await findCustomerType(db, auth, parentId);
        // Not under itself: a type moved below its own sub-type would leave the tree.
        if (isInSubtree(await listCustomerTypes(db, auth), before.id, parentId))
          throw new ValidationError([{ field: 'parentId', rule: 'invalid' }]);
      }
      await audited(req, async (tx) => {
        await tx.update(customerType).set({ name, parentId, remark }).where(eq(customerType.id, before.id));
        return {
          action: 'customerType.update',
          targetKind: 'customer_type',
          targetId: before.id,
          oldValue: { name: before.name, parentId: before.parentId, remark: before.remark },
          newValue: { name, parentId, remark },
        };
      });
      return ok(req, await findCustomerType(db, auth, before.id));
    });

    route(
      'POST /customerType/:id/delete',
      {
        config: typesEdit,
        summary: 'Delete a customer type without sub-types (its customers keep no type)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const t = await findCustomerType(db, auth, req.params.id);
        const [child] = await db
          .select({ id: customerType.id })
          .from(customerType)
          .where(eq(customerType.parentId, t.id))
          .limit(1);
        if (child) throw new AppError('typeHasSubtypes');
        await audited(req, async (tx) => {
          const cleared = await tx
            .update(customer)
            .set({ typeId: null })
            .where(eq(customer.typeId, t.id))
            .returning({ id: customer.id });
          await tx.delete(customerType).where(eq(customerType.id, t.id));
          return {
            action: 'customerType.delete',
            targetKind: 'customer_type',
            targetId: t.id,
            oldValue: { name: t.name, parentId: t.parentId, remark: t.remark, customers: cleared.map((c) => c.id) },
          };
        });
        return ok(req, null);
      },
    );

    route(
      'GET /customer/users',
      { config: usersView, summary: 'The customers’ sign-in accounts with their state and last sign-in' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { q, page, size } = req.query;
        if (!auth.companyId) return ok(req, { total: 0, rows: [] });
        const like = q?.trim() ? `%${q.trim().replace(/[\\%_]/g, (x) => `\\${x}`)}%` : null;
        const where = sql`c.company_id = ${auth.companyId}${
          like ? sql` and (u.account ilike ${like} or u.nickname ilike ${like} or c.name ilike ${like})` : sql``
        }`;
        const rows = await query<{
          user_id: string;
          customer_id: string;
          customer_name: string;
          account: string;
          nickname: string;
          disabled: boolean;
          last_sign_in: unknown;
          created_at: unknown;
        }>(
          db,
          sql`select u.id as user_id, c.id as customer_id, c.name as customer_name, u.account, u.nickname,
              u.disabled, u.created_at,
              (select max(s.created_at) from auth_session s where s.user_id = u.id) as last_sign_in
            from customer c join app_user u on u.id = c.user_id where ${where}
            order by lower(u.account), u.id limit ${size} offset ${(page - 1) * size}`,
        );
        const [count] = await query<{ n: unknown }>(
          db,
          sql`select count(*) as n from customer c join app_user u on u.id = c.user_id where ${where}`,
        );
        const out: CustomerUserRow[] = rows.map((r) => ({
          userId: r.user_id,
          customerId: r.customer_id,
          customerName: r.customer_name,
          account: r.account,
          nickname: r.nickname,
          disabled: r.disabled,
          lastSignIn: r.last_sign_in === null ? null : toMs(r.last_sign_in),
          createdAt: toMs(r.created_at),
        }));
        return ok(req, { total: Number(count?.n ?? 0), rows: out });
      },
    );

    route(
      'POST /customer/user/:userId/disable',
      {
        config: edit,
        summary: 'Disable a customer’s account (signed out everywhere at once) or enable it again',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const c = await customerOfUser(auth, req.params.userId);
        const { disabled } = req.body;
        await audited(req, async (tx) => {
          await tx.update(appUser).set({ disabled, updatedAt: new Date() }).where(eq(appUser.id, c.userId));
          return {
            action: disabled ? 'customer.disable' : 'customer.enable',
            targetKind: 'user',
            targetId: c.userId,
            oldValue: { disabled: c.disabled },
            newValue: { disabled },
          };
        });
        // The sessions end (and every instance forgets them) the way every disabling does.
        if (disabled) await deps.auth.disableAccount(c.userId);
        else await deps.auth.enableAccount(c.userId);
        return ok(req, null);
      },
    );

    route(
      'POST /customer/user/:userId/pwd',
      { config: edit, summary: 'Set a new password for a customer’s account; it is signed out everywhere' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const c = await customerOfUser(auth, req.params.userId);
        const passwordHash = await deps.auth.newPasswordHash(req.body.keyId, req.body.password);
        await audited(req, async (tx) => {
          await tx.update(appUser).set({ passwordHash, updatedAt: new Date() }).where(eq(appUser.id, c.userId));
          await tx
            .update(authSession)
            .set({ revokedAt: new Date() })
            .where(and(eq(authSession.userId, c.userId), isNull(authSession.revokedAt)));
          return {
            action: 'customer.passwordReset',
            targetKind: 'user',
            targetId: c.userId,
          };
        });
        callers.forgetUser(c.userId);
        return ok(req, null);
      },
    );
  };
}
