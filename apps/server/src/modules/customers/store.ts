import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  buildPermissionTree,
  flattenPermissionTree,
  ROLE_PERMISSIONS,
  type CustomerRow,
  type CustomerTypeNode,
  type CustomerTypeRow,
  type PermissionKey,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import { appUser, customer, role, rolePermission } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError, ValidationError } from '../../http/errors.js';

/** A database or a transaction: what the writes below need. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The permission keys a customer's own list may hold: the customer role's keys and what the tree adds to them
 * (spec §6: smart.acSwitch under equip.view), so whatever GET /permission/customer shows can be picked.
 */
export const CUSTOMER_KEYS: ReadonlySet<PermissionKey> = flattenPermissionTree(
  buildPermissionTree(ROLE_PERMISSIONS.customer, (k) => k),
);

/** Refuses a key a customer may not hold (code 4 on `permissions`); answers the keys without repeats. */
export function customerPermissions(keys: readonly PermissionKey[]): PermissionKey[] {
  if (keys.some((k) => !CUSTOMER_KEYS.has(k))) throw new ValidationError([{ field: 'permissions', rule: 'invalid' }]);
  return [...new Set(keys)];
}

/** The key of a customer's own role row: one per customer, never counted among the company's five roles. */
export const customerRoleKey = (customerId: string): string => `customer:${customerId}`;

/** The company a caller manages customers of; a caller without one (a platform administrator) has none here. */
export function companyOf(auth: AuthContext): string {
  if (!auth.companyId) throw new AppError('notFound');
  return auth.companyId;
}

export interface CustomerFields {
  name: string;
  contactName: string;
  phone: string;
  email: string;
  address: string;
  remark: string;
  typeId: string | null;
}

/**
 * Makes a customer: its own role (base `customer`) with `permissions`, its sign-in account in the company with
 * that role, and the customer row. The caller checks the account is free and the type is the company's.
 */
export async function insertCustomer(
  tx: Tx,
  input: {
    companyId: string;
    fields: CustomerFields;
    account: string;
    passwordHash: string;
    permissions: readonly PermissionKey[];
    language?: string;
  },
): Promise<{ customerId: string; userId: string; roleId: string }> {
  const customerId = randomUUID();
  const [own] = await tx
    .insert(role)
    .values({
      companyId: input.companyId,
      key: customerRoleKey(customerId),
      name: input.fields.name,
      builtin: false,
      base: 'customer',
    })
    .returning({ id: role.id });
  if (!own) throw new AppError('serverError');
  await setRolePermissions(tx, own.id, input.permissions);
  const [user] = await tx
    .insert(appUser)
    .values({
      account: input.account,
      email: input.account,
      nickname: input.fields.contactName || input.fields.name,
      phone: input.fields.phone,
      companyId: input.companyId,
      roleId: own.id,
      passwordHash: input.passwordHash,
      ...(input.language ? { language: input.language } : {}),
    })
    .returning({ id: appUser.id });
  if (!user) throw new AppError('serverError');
  await tx.insert(customer).values({ id: customerId, companyId: input.companyId, userId: user.id, ...input.fields });
  return { customerId, userId: user.id, roleId: own.id };
}

export async function setRolePermissions(tx: Tx, roleId: string, keys: readonly PermissionKey[]): Promise<void> {
  await tx.delete(rolePermission).where(eq(rolePermission.roleId, roleId));
  if (keys.length > 0) await tx.insert(rolePermission).values(keys.map((permission) => ({ roleId, permission })));
}

export async function permissionsOf(db: Pick<Db, 'select'>, roleId: string): Promise<PermissionKey[]> {
  const rows = await db
    .select({ p: rolePermission.permission })
    .from(rolePermission)
    .where(eq(rolePermission.roleId, roleId));
  const held = new Set(rows.map((r) => r.p));
  // In catalogue order, so the answer is stable.
  return [...CUSTOMER_KEYS].filter((k) => held.has(k));
}

interface CustomerSqlRow {
  id: string;
  name: string;
  contact_name: string;
  phone: string;
  email: string;
  address: string;
  remark: string;
  type_id: string | null;
  type_name: string | null;
  user_id: string;
  account: string;
  disabled: boolean;
  role_id: string;
  plants: unknown;
  created_at: unknown;
}

const CUSTOMER_SELECT = sql`c.id, c.name, c.contact_name, c.phone, c.email, c.address, c.remark, c.type_id,
  t.name as type_name, c.user_id, u.account, u.disabled, u.role_id, c.created_at,
  (select count(*) from plant p where p.owner_id = c.user_id and p.company_id = c.company_id and p.deleted_at is null) as plants`;
const CUSTOMER_FROM = sql`customer c join app_user u on u.id = c.user_id left join customer_type t on t.id = c.type_id`;

function toCustomer(r: CustomerSqlRow): CustomerRow {
  return {
    id: r.id,
    name: r.name,
    contactName: r.contact_name,
    phone: r.phone,
    email: r.email,
    address: r.address,
    remark: r.remark,
    typeId: r.type_id,
    typeName: r.type_name,
    userId: r.user_id,
    account: r.account,
    disabled: r.disabled,
    plants: Number(r.plants),
    createdAt: toMs(r.created_at),
  };
}

export interface FoundCustomer extends CustomerRow {
  roleId: string;
}

/**
 * A customer of the caller's company by id; otherwise "does not exist" (404) — also for a malformed id and
 * another company's customer, so its existence is not given away.
 */
export async function findCustomer(db: Pick<Db, 'execute'>, auth: AuthContext, id: string): Promise<FoundCustomer> {
  if (!auth.companyId || !UUID.test(id)) throw new AppError('notFound');
  const [row] = await query<CustomerSqlRow>(
    db,
    sql`select ${CUSTOMER_SELECT} from ${CUSTOMER_FROM} where c.id = ${id} and c.company_id = ${auth.companyId}`,
  );
  if (!row) throw new AppError('notFound');
  return { ...toCustomer(row), roleId: row.role_id };
}

/** A page of the caller's company's customers, searched by name, contact, account, phone or e-mail. */
export async function listCustomers(
  db: Db,
  auth: AuthContext,
  opts: { q?: string | undefined; typeId?: string | undefined; page: number; size: number },
): Promise<{ total: number; rows: CustomerRow[] }> {
  if (!auth.companyId) return { total: 0, rows: [] };
  const where = [sql`c.company_id = ${auth.companyId}`];
  const q = opts.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(c.name ilike ${like} or c.contact_name ilike ${like} or u.account ilike ${like} or c.phone ilike ${like} or c.email ilike ${like})`,
    );
  }
  // A type filter takes its sub-types too: "Commercial" lists the retail customers as well.
  if (opts.typeId)
    where.push(sql`c.type_id in (with recursive sub as (
      select id from customer_type where id = ${opts.typeId} and company_id = ${auth.companyId}
      union all select ct.id from customer_type ct join sub on ct.parent_id = sub.id)
      select id from sub)`);
  const cond = sql.join(where, sql` and `);
  const rows = await query<CustomerSqlRow>(
    db,
    sql`select ${CUSTOMER_SELECT} from ${CUSTOMER_FROM} where ${cond}
      order by c.created_at desc, c.id limit ${opts.size} offset ${(opts.page - 1) * opts.size}`,
  );
  const [count] = await query<{ n: unknown }>(db, sql`select count(*) as n from ${CUSTOMER_FROM} where ${cond}`);
  return { total: Number(count?.n ?? 0), rows: rows.map(toCustomer) };
}

interface TypeSqlRow {
  id: string;
  name: string;
  parent_id: string | null;
  remark: string;
  customers: unknown;
  created_at: unknown;
}

const TYPE_SELECT = sql`t.id, t.name, t.parent_id, t.remark, t.created_at,
  (select count(*) from customer c where c.type_id = t.id) as customers`;

function toType(r: TypeSqlRow): CustomerTypeRow {
  return {
    id: r.id,
    name: r.name,
    parentId: r.parent_id,
    remark: r.remark,
    customers: Number(r.customers),
    createdAt: toMs(r.created_at),
  };
}

/** A customer type of the caller's company by id; otherwise "does not exist" (404). */
export async function findCustomerType(
  db: Pick<Db, 'execute'>,
  auth: AuthContext,
  id: string,
): Promise<CustomerTypeRow> {
  if (!auth.companyId || !UUID.test(id)) throw new AppError('notFound');
  const [row] = await query<TypeSqlRow>(
    db,
    sql`select ${TYPE_SELECT} from customer_type t where t.id = ${id} and t.company_id = ${auth.companyId}`,
  );
  if (!row) throw new AppError('notFound');
  return toType(row);
}

/** The company's customer types, by name. */
export async function listCustomerTypes(db: Db, auth: AuthContext): Promise<CustomerTypeRow[]> {
  if (!auth.companyId) return [];
  const rows = await query<TypeSqlRow>(
    db,
    sql`select ${TYPE_SELECT} from customer_type t where t.company_id = ${auth.companyId} order by lower(t.name), t.id`,
  );
  return rows.map(toType);
}

/** The flat list as a tree (a type whose parent is gone stands at the top). */
export function typeTree(rows: readonly CustomerTypeRow[]): CustomerTypeNode[] {
  const nodes = new Map<string, CustomerTypeNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: CustomerTypeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Whether `candidate` is `id` or lies below it (a type cannot become its own ancestor's child). */
export function isInSubtree(rows: readonly CustomerTypeRow[], id: string, candidate: string): boolean {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  let at: string | null | undefined = candidate;
  for (let steps = 0; at && steps <= rows.length; steps++) {
    if (at === id) return true;
    at = parentOf.get(at);
  }
  return false;
}

/** The built-in `customer` role: a deleted customer's account is parked on it, outside any company. */
export async function builtinCustomerRole(db: Pick<Db, 'select'>): Promise<string> {
  const [row] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.key, 'customer'), isNull(role.companyId)));
  if (!row) throw new AppError('serverError');
  return row.id;
}
