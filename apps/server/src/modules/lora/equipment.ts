import { sql, type SQL } from 'drizzle-orm';
import type { EquipKind, SmartEquip } from '@heliograph/shared';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { containing, num, query, toMs } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { deviceStatusOwnSql } from '../plants/status.js';

/**
 * The application centre's device list (GET smart/equips/list): bound bulbs, AC switches, LoRa master and
 * sub-nodes and weather stations of one plant or of every plant the caller may see, as one paged list. Each
 * part is read through its own policy (device, light).
 */
export async function smartEquipment(
  db: Db,
  auth: AuthContext,
  q: { plantId?: string; kind?: EquipKind; q?: string },
  page: { page: number; size: number },
): Promise<{ total: number; rows: SmartEquip[] }> {
  const devices = sql`select d.kind, d.id::text as id, d.sn, coalesce(d.alias, d.sn) as name, g.plant_id::text as plant_id,
      pl.name as plant_name, ${deviceStatusOwnSql} as status, par.sn as parent_sn, null::int as brightness, dl.ts
    from device d join gateway g on g.id = d.gateway_id left join plant pl on pl.id = g.plant_id
    left join device_latest dl on dl.device_id = d.id left join device par on par.id = d.parent_id
    where d.deleted_at is null and d.kind in ('switch', 'lora', 'weather') and ${scopeCondition(auth, 'device')}`;
  const lights = sql`select 'light' as kind, l.id::text as id, l.provider_device_id as sn, l.alias as name,
      l.plant_id::text as plant_id, p.name as plant_name, case when l.on then 'on' else 'off' end as status,
      null as parent_sn, l.brightness, l.updated_at as ts
    from light l join plant p on p.id = l.plant_id where ${scopeCondition(auth, 'light')}`;
  const parts: SQL[] = [sql`true`];
  if (q.plantId) parts.push(sql`e.plant_id = ${q.plantId}`);
  if (q.kind) parts.push(sql`e.kind = ${q.kind}`);
  if (q.q) {
    const like = containing(q.q);
    parts.push(sql`(e.sn ilike ${like} or e.name ilike ${like} or coalesce(e.plant_name, '') ilike ${like})`);
  }
  const from = sql`from (${devices} union all ${lights}) e where ${sql.join(parts, sql` and `)}`;
  const rows = await query<{
    kind: EquipKind;
    id: string;
    sn: string;
    name: string;
    plant_id: string | null;
    plant_name: string | null;
    status: string;
    parent_sn: string | null;
    brightness: unknown;
    ts: unknown;
  }>(
    db,
    sql`select e.* ${from} order by e.kind, e.name, e.id limit ${page.size} offset ${(page.page - 1) * page.size}`,
  );
  const [n] = await query<{ n: unknown }>(db, sql`select count(*) as n ${from}`);
  return {
    total: Number(n?.n ?? 0),
    rows: rows.map((r) => ({
      kind: r.kind,
      id: r.id,
      sn: r.sn,
      name: r.name,
      plantId: r.plant_id,
      plantName: r.plant_name,
      status: r.status,
      parentSn: r.parent_sn,
      brightness: num(r.brightness),
      lastSeen: r.ts ? toMs(r.ts) : null,
    })),
  };
}
