import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { CompanyInfo, CompanyRow } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { isUniqueViolation, lockName } from '../../db/rows.js';
import { appUser, company, role } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { logoUrl } from '../users/repository.js';

export type CompanyRecord = typeof company.$inferSelect;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The caller's own company, the only one the enterprise/company routes reach: a caller without one (a
 * platform administrator, a private plant owner) is answered "does not exist".
 */
export async function ownCompany(db: Db, auth: AuthContext): Promise<CompanyRecord> {
  if (!auth.companyId) throw new AppError('notFound');
  const [row] = await db.select().from(company).where(eq(company.id, auth.companyId));
  if (!row) throw new AppError('notFound');
  return row;
}

/** A company by id, for platform administrators only (their routes are scope `platform`). */
export async function companyById(db: Db, id: string): Promise<CompanyRecord> {
  const [row] = await db.select().from(company).where(eq(company.id, id));
  if (!row) throw new AppError('notFound');
  return row;
}

/**
 * The company's administrator (spec §3 Company "admin"): `company.admin_id` when set, otherwise its first
 * company administrator (the demo and companies made before issue 12 have no admin_id).
 */
async function administrator(db: Db, c: CompanyRecord): Promise<CompanyInfo['admin']> {
  const cols = { id: appUser.id, account: appUser.account, nickname: appUser.nickname };
  if (c.adminId) {
    const [named] = await db
      .select(cols)
      .from(appUser)
      .where(and(eq(appUser.id, c.adminId), eq(appUser.companyId, c.id)));
    if (named) return named;
  }
  const [first] = await db
    .select(cols)
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(and(eq(appUser.companyId, c.id), eq(role.key, 'company_admin'), isNull(role.companyId)))
    .orderBy(asc(appUser.createdAt))
    .limit(1);
  return first ?? null;
}

export async function companyInfoOf(db: Db, c: CompanyRecord): Promise<CompanyInfo> {
  return {
    id: c.id,
    name: c.name,
    contactName: c.contactName,
    email: c.email,
    phone: c.phone,
    address: c.address,
    admin: await administrator(db, c),
    themeColor: c.themeColor,
    logoWide: logoUrl(c.logoWideId),
    logoSquare: logoUrl(c.logoSquareId),
    hostName: c.hostName,
  };
}

/** Whether another company has the name, compared without case. */
async function nameTaken(db: Pick<Db, 'select'>, name: string, except?: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: company.id })
    .from(company)
    .where(and(sql`lower(${company.name}) = lower(${name})`, except ? sql`${company.id} <> ${except}` : undefined));
  return taken !== undefined;
}

/** Refuses a name another company has, compared without case (spec §5 "company names unique", 203). */
export async function assertNameFree(db: Pick<Db, 'select'>, name: string, except?: string): Promise<void> {
  if (await nameTaken(db, name, except)) throw new AppError('companyNameDuplicate');
}

/**
 * The same check inside the transaction that writes the name, after waiting for any other transaction
 * writing that name (without case): two requests naming two companies alike cannot both pass it (203). A
 * unique violation of the exact name (a writer that did not lock) is answered 203 as well.
 */
export async function claimName<T>(
  db: Db,
  name: string,
  except: string | undefined,
  write: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await lockName(tx, `company-name:${name.toLowerCase()}`);
      await assertNameFree(tx, name, except);
      return write(tx);
    });
  } catch (e) {
    if (isUniqueViolation(e) && (await nameTaken(db, name, except))) throw new AppError('companyNameDuplicate');
    throw e;
  }
}

/** Refuses a host name another company serves (one white-label host shows one company). */
export async function hostNameTaken(db: Db, hostName: string, except?: string): Promise<boolean> {
  if (!hostName) return false;
  const [taken] = await db
    .select({ id: company.id })
    .from(company)
    .where(and(eq(company.hostName, hostName), except ? sql`${company.id} <> ${except}` : undefined));
  return !!taken;
}

/** The platform's company list: each row with its member and (live) plant counts. */
export async function companyRows(
  db: Db,
  where: SQL | undefined,
  page: number,
  size: number,
): Promise<{ total: number; rows: CompanyRow[] }> {
  const rows = await db
    .select({
      c: company,
      // Staff, as enterprise/user lists them: a customer's account is not a member.
      members: sql<number>`(select count(*) from app_user u where u.company_id = company.id and not exists (select 1 from customer c where c.user_id = u.id))`,
      plants: sql<number>`(select count(*) from plant p where p.company_id = company.id and p.deleted_at is null)`,
    })
    .from(company)
    .where(where)
    .orderBy(asc(sql`lower(${company.name})`))
    .limit(size)
    .offset((page - 1) * size);
  const [count] = await db
    .select({ n: sql<number>`count(*)` })
    .from(company)
    .where(where);
  return {
    total: Number(count?.n ?? 0),
    rows: await Promise.all(
      rows.map(async (r) => ({
        ...(await companyInfoOf(db, r.c)),
        members: Number(r.members),
        plants: Number(r.plants),
        createdAt: r.c.createdAt.getTime(),
      })),
    ),
  };
}

export async function companyRowOf(db: Db, id: string): Promise<CompanyRow> {
  const { rows } = await companyRows(db, eq(company.id, id), 1, 1);
  const [row] = rows;
  if (!row) throw new AppError('notFound');
  return row;
}

/** The fields of a company an audit entry shows, before and after a change (only those that changed). */
export function changed<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { old: Partial<T>; new: Partial<T> } {
  const o: Partial<T> = {};
  const n: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== undefined && after[key] !== before[key]) {
      o[key] = before[key];
      n[key] = after[key];
    }
  }
  return { old: o, new: n };
}
