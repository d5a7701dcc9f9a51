import { sql, type SQL } from 'drizzle-orm';
import { compareFirmwareVersions, type HardwareKind, type HardwareRow } from '@heliograph/shared';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { containing, query } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { newestInstallable } from './installable.js';

/** More groups than any fleet has (models × versions): the list is grouped in the database, paged here. */
const MAX_GROUPS = 5000;

export interface HardwareFilter {
  kind?: HardwareKind | undefined;
  q?: string | undefined;
  outdated?: 'true' | 'false' | undefined;
  page: number;
  size: number;
}

interface Group {
  kind: HardwareKind;
  model: string;
  firmware: string | null;
  devices: number;
  online: number;
}

/**
 * The hardware list: the devices the caller may see (POLICIES.device and POLICIES.gateway), grouped by kind,
 * model and the firmware they report, each group with the newest firmware of the library the caller may install
 * on that model (enabled, released, made for or authorised to its company) when it is newer than what they run.
 * So an operator sees at a glance what still runs old firmware. Grouped by the database, so 10,000 plants'
 * devices come back as a few hundred rows.
 */
export async function hardwareList(
  db: Db,
  auth: AuthContext,
  f: HardwareFilter,
): Promise<{ total: number; rows: HardwareRow[] }> {
  const like = f.q ? containing(f.q) : null;
  const parts: SQL[] = [];
  if (f.kind !== 'gateway')
    parts.push(sql`select d.kind, coalesce(d.model, '') as model, d.firmware, count(*)::int as devices,
            (count(*) filter (where g.online))::int as online
          from device d join gateway g on g.id = d.gateway_id
          where d.deleted_at is null and ${scopeCondition(auth, 'device')}
            ${f.kind ? sql`and d.kind = ${f.kind}` : sql``}
            ${like ? sql`and (d.model ilike ${like} or d.firmware ilike ${like})` : sql``}
          group by 1, 2, 3`);
  if (!f.kind || f.kind === 'gateway')
    // A gateway's model is what its status message says (gateway firmware is made for it); one that never
    // said is grouped by its hardware version.
    parts.push(sql`select 'gateway' as kind, coalesce(g.model, g.hardware_version, '') as model, g.firmware, count(*)::int as devices,
            (count(*) filter (where g.online))::int as online
          from gateway g
          where ${scopeCondition(auth, 'gateway')}
            ${like ? sql`and (g.model ilike ${like} or g.hardware_version ilike ${like} or g.firmware ilike ${like})` : sql``}
          group by 1, 2, 3`);
  const groups = await query<Group>(
    db,
    sql`select * from (${sql.join(parts, sql` union all `)}) x order by kind, model, firmware nulls first limit ${MAX_GROUPS}`,
  );

  const newest = await newestInstallable(db, auth);
  const rows: HardwareRow[] = groups.map((g) => {
    const latest = newest.get(`${g.kind}\0${g.model.toLowerCase()}`) ?? null;
    const outdated =
      latest !== null && (g.firmware === null || compareFirmwareVersions(latest.softwareVersion, g.firmware) > 0);
    return { ...g, latest, outdated };
  });
  const shown = f.outdated ? rows.filter((r) => r.outdated === (f.outdated === 'true')) : rows;
  return { total: shown.length, rows: shown.slice((f.page - 1) * f.size, f.page * f.size) };
}
