import { sql } from 'drizzle-orm';
import type { PlantRights } from '@heliograph/shared';
import { findPlant } from '../../access/finders.js';
import { managesPlant, scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';

/** The plant columns the admin routes read, as raw rows. */
export interface AdminPlantRow {
  id: string;
  company_id: string | null;
  owner_id: string | null;
  installer_id: string | null;
  created_by: string | null;
  name: string;
  type: string;
  inverter_kind: string;
  capacity_kw: number;
  commissioned_on: unknown;
  timezone: string;
  currency: string;
  latitude: number;
  longitude: number;
  address: string;
  valuation: unknown;
  picture: string | null;
  alias: string | null;
  total_investment: number | null;
  contact_name: string;
  contact_phone: string;
  country: string;
  generation_offset_kwh: number;
  settings: Record<string, unknown>;
}

/**
 * A plant the caller may see, or 700 ("does not exist") — also for another company's plant and a deleted
 * one, so its existence is not given away.
 */
export function visiblePlant(db: Db, auth: AuthContext, id: string): Promise<AdminPlantRow> {
  return findPlant<AdminPlantRow>(db, auth, id, { select: sql`p.*` });
}

export async function rightsOn(db: Db, auth: AuthContext, p: AdminPlantRow): Promise<PlantRights> {
  const [w] = await query<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from plant p where p.id = ${p.id} and ${scopeCondition(auth, 'plant', { write: true })}) as ok`,
  );
  const writable = Boolean(w?.ok);
  const can = (key: Parameters<AuthContext['permissions']['has']>[0]) => auth.permissions.has(key);
  return {
    edit: writable && can('station.edit'),
    delete: writable && managesPlant(auth, p) && can('station.delete'),
    share: p.created_by === auth.userId && can('station.share'),
    transfer: writable && managesPlant(auth, p) && can('station.transfer'),
  };
}

/**
 * The plant if the caller may do `right` to it: 700 when it cannot even see it, 2 (no permission) when
 * it sees it read-only (a visitor, a guest share, or a share that is not the creator's to give).
 */
export async function plantFor(
  db: Db,
  auth: AuthContext,
  id: string,
  right: keyof PlantRights,
): Promise<AdminPlantRow> {
  const p = await visiblePlant(db, auth, id);
  const rights = await rightsOn(db, auth, p);
  if (!rights[right]) throw new AppError('noPermission', { httpStatus: 403 });
  return p;
}
