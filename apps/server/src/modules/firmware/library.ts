import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  compareFirmwareVersions,
  type FirmwareKind,
  type FirmwareLabel,
  type FirmwareRow,
  type UpgradeMode,
  type VendorKeyRow,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { anyContains } from '../../db/rows.js';
import { appUser, company, firmware, firmwareGrant, firmwareLabel, vendorKey } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { scopeCondition } from '../../access/policies.js';

/**
 * Reading the firmware library (issue 13): rows as the pages show them, the list with its filters, the newest
 * version of a product, labels and vendor keys. Which firmware a caller sees is the access layer's
 * (POLICIES.firmware, on the alias `f`); every read here goes through it.
 */

const parentLabel = alias(firmwareLabel, 'parent_label');
const f = alias(firmware, 'f');

const rowColumns = {
  fw: f,
  labelName: firmwareLabel.name,
  labelParent: parentLabel.name,
  vendorKey: vendorKey.name,
  creator: appUser.account,
  companyName: company.name,
  grants: sql<number>`(select count(*) from firmware_grant g where g.firmware_id = ${f.id})`.mapWith(Number),
};

function rowsQuery(db: Db) {
  return db
    .select(rowColumns)
    .from(f)
    .leftJoin(firmwareLabel, eq(firmwareLabel.id, f.labelId))
    .leftJoin(parentLabel, eq(parentLabel.id, firmwareLabel.parentId))
    .innerJoin(vendorKey, eq(vendorKey.id, f.vendorKeyId))
    .leftJoin(appUser, eq(appUser.id, f.createdBy))
    .leftJoin(company, eq(company.id, f.companyId));
}

type Selected = Awaited<ReturnType<ReturnType<typeof rowsQuery>['execute']>>[number];

function toRow(r: Selected, auth: AuthContext): FirmwareRow {
  const platform = auth.role === 'platform_admin';
  const x = r.fw;
  return {
    id: x.id,
    kind: x.kind as FirmwareKind,
    brand: x.brand,
    product: x.product,
    epn: x.epn,
    hardwareVersion: x.hardwareVersion,
    softwareVersion: x.softwareVersion,
    compatibleVersions: x.compatibleVersions,
    fileName: x.fileName,
    size: x.size,
    sha256: x.sha256,
    changeLog: x.changeLog,
    upgradeMode: x.upgradeMode as UpgradeMode,
    enabled: x.enabled,
    released: x.released,
    label: x.labelId && r.labelName ? { id: x.labelId, name: r.labelName, parent: r.labelParent } : null,
    vendorKey: r.vendorKey,
    creator: r.creator ?? '',
    createdAt: x.createdAt.getTime(),
    updatedAt: x.updatedAt.getTime(),
    // Who else it was authorised to, and for whom it was made, is the platform's business only.
    company: platform && x.companyId && r.companyName ? { id: x.companyId, name: r.companyName } : null,
    grants: platform ? r.grants : null,
  };
}

/** One firmware by id, as its page shows it; the caller has found it through the access layer first. */
export async function firmwareById(db: Db, auth: AuthContext, id: string): Promise<FirmwareRow | undefined> {
  const [row] = await rowsQuery(db).where(eq(f.id, id));
  return row ? toRow(row, auth) : undefined;
}

export interface FirmwareFilter {
  kind: FirmwareKind;
  q?: string | undefined;
  enabled?: 'true' | 'false' | undefined;
  released?: 'true' | 'false' | undefined;
  labelId?: string | undefined;
  page: number;
  size: number;
}

/** One page of the library for a device kind, newest first, within what the caller may see. */
export async function listFirmware(
  db: Db,
  auth: AuthContext,
  q: FirmwareFilter,
): Promise<{ total: number; rows: FirmwareRow[] }> {
  const where: SQL[] = [eq(f.kind, q.kind), scopeCondition(auth, 'firmware')];
  if (q.q)
    where.push(
      anyContains(q.q, [
        sql`${f.brand}`,
        sql`${f.product}`,
        sql`${f.epn}`,
        sql`${f.softwareVersion}`,
        sql`${f.fileName}`,
      ]),
    );
  if (q.enabled) where.push(eq(f.enabled, q.enabled === 'true'));
  if (q.released) where.push(eq(f.released, q.released === 'true'));
  // A primary label takes its secondary labels with it.
  if (q.labelId)
    where.push(
      sql`${f.labelId} in (select l.id from firmware_label l where l.id = ${q.labelId} or l.parent_id = ${q.labelId})`,
    );
  const rows = await rowsQuery(db)
    .where(and(...where))
    .orderBy(desc(f.createdAt), desc(f.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(f)
    .where(and(...where));
  return { total: count?.n ?? 0, rows: rows.map((r) => toRow(r, auth)) };
}

/** The newest software version of a product of a kind in the library (all of it: versions never repeat). */
export async function newestVersion(
  db: Pick<Db, 'select'>,
  kind: FirmwareKind,
  product: string,
): Promise<string | undefined> {
  const rows = await db
    .select({ v: firmware.softwareVersion })
    .from(firmware)
    .where(and(eq(firmware.kind, kind), sql`lower(${firmware.product}) = lower(${product})`));
  return rows
    .map((r) => r.v)
    .sort(compareFirmwareVersions)
    .at(-1);
}

/** The labels of a kind, primary ones first, each with how many firmware carry it. */
export async function labelsOf(db: Db, kind: FirmwareKind): Promise<FirmwareLabel[]> {
  const rows = await db
    .select({
      id: firmwareLabel.id,
      name: firmwareLabel.name,
      parentId: firmwareLabel.parentId,
      used: sql<number>`(select count(*) from firmware x where x.label_id = ${firmwareLabel.id})`.mapWith(Number),
    })
    .from(firmwareLabel)
    .where(eq(firmwareLabel.kind, kind))
    .orderBy(sql`${firmwareLabel.parentId} is not null`, firmwareLabel.name);
  return rows.map((r) => ({ ...r, kind }));
}

export async function labelById(db: Pick<Db, 'select'>, id: string) {
  const [row] = await db.select().from(firmwareLabel).where(eq(firmwareLabel.id, id));
  return row;
}

/** Vendor keys, newest first. */
export async function vendorKeys(db: Db): Promise<VendorKeyRow[]> {
  const rows = await db.select().from(vendorKey).orderBy(desc(vendorKey.createdAt));
  return rows.map(toVendorKey);
}

export function toVendorKey(r: typeof vendorKey.$inferSelect): VendorKeyRow {
  return {
    id: r.id,
    name: r.name,
    publicKey: r.publicKey,
    fingerprint: r.fingerprint,
    createdAt: r.createdAt.getTime(),
    revokedAt: r.revokedAt?.getTime() ?? null,
  };
}

/** The keys an upload may be signed with: every registered key not revoked. */
export async function activeVendorKeys(db: Pick<Db, 'select'>) {
  return db
    .select({ id: vendorKey.id, publicKey: vendorKey.publicKey })
    .from(vendorKey)
    .where(isNull(vendorKey.revokedAt));
}

/** The companies a firmware is authorised to, by name. */
export async function grantsOf(db: Db, firmwareId: string) {
  const rows = await db
    .select({
      companyId: firmwareGrant.companyId,
      companyName: company.name,
      grantedAt: firmwareGrant.createdAt,
      grantedBy: appUser.account,
    })
    .from(firmwareGrant)
    .innerJoin(company, eq(company.id, firmwareGrant.companyId))
    .leftJoin(appUser, eq(appUser.id, firmwareGrant.grantedBy))
    .where(eq(firmwareGrant.firmwareId, firmwareId))
    .orderBy(company.name);
  return rows.map((r) => ({ ...r, grantedAt: r.grantedAt.getTime(), grantedBy: r.grantedBy ?? '' }));
}

/** Which of `ids` are companies (a grant names one that exists). */
export async function existingCompanies(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: company.id }).from(company).where(inArray(company.id, ids));
  return new Set(rows.map((r) => r.id));
}
