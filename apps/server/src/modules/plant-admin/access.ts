import { sql } from 'drizzle-orm';
import type { PlantRights } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { plantScope, plantWriteScope } from '../plants/scope.js';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A plant the caller may see, or 700 ("does not exist") — also for another company's plant and a deleted
 * one, so its existence is not given away.
 */
export async function visiblePlant(db: Db, auth: AuthContext, id: string): Promise<AdminPlantRow> {
  if (!UUID.test(id)) throw new AppError('plantNotFound');
  const [row] = await query<AdminPlantRow>(db, sql`select p.* from plant p where p.id = ${id} and ${plantScope(auth)}`);
  if (!row) throw new AppError('plantNotFound');
  return row;
}

/**
 * Managing a plant (delete, transfer): its owner, its company's staff, a platform administrator. A
 * maintainer share may edit and operate, not dispose of the plant; a guest share and visitors nothing.
 */
function manages(auth: AuthContext, p: AdminPlantRow): boolean {
  switch (auth.role) {
    case 'platform_admin':
      return true;
    case 'visitor':
    case 'maintainer':
      return false;
    case 'plant_owner':
      return p.owner_id === auth.userId;
    default:
      return auth.companyId !== null && p.company_id === auth.companyId;
  }
}

export async function rightsOn(db: Db, auth: AuthContext, p: AdminPlantRow): Promise<PlantRights> {
  const [w] = await query<{ ok: boolean }>(
    db,
    sql`select exists (select 1 from plant p where p.id = ${p.id} and ${plantWriteScope(auth)}) as ok`,
  );
  const writable = Boolean(w?.ok);
  const can = (key: Parameters<AuthContext['permissions']['has']>[0]) => auth.permissions.has(key);
  return {
    edit: writable && can('station.edit'),
    delete: writable && manages(auth, p) && can('station.delete'),
    share: p.created_by === auth.userId && can('station.share'),
    transfer: writable && manages(auth, p) && can('station.transfer'),
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
