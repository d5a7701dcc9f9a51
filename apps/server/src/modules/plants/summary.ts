import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { plantStatusUntilSql } from './status.js';

type Exec = Pick<Db, 'execute'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Recomputes the plant_summary rows of these plants from the source tables (devices, their latest readings
 * and open events, plant_power, plant_day) in one set-based statement, by the same rules the list applied
 * on read (status.ts). Being a recomputation, replayed and out-of-order batches cannot make it wrong.
 *
 * Of two refreshes of one plant racing (two instances, or the sweep beside a flush), the one that started
 * later wins: its snapshot saw at least what the other one saw.
 */
export async function refreshPlantSummaries(db: Exec, plantIds: readonly string[]): Promise<number> {
  const ids = [...new Set(plantIds)].filter((id) => UUID.test(id));
  if (ids.length === 0) return 0;
  const rows = await query<{ plant_id: string }>(
    db,
    sql`insert into plant_summary (plant_id, status, status_until, power_w, power_ts, today_day, today_kwh,
        today_income, total_kwh, total_income, computed_at)
      select p.id, st.status, st.status_until, pw.pv, pw.ts, t.today, f.today_kwh, f.today_income, f.total_kwh,
        f.total_income, statement_timestamp()
      from plant p
      cross join lateral (select (now() at time zone p.timezone)::date as today) t
      cross join lateral ${plantStatusUntilSql} st
      left join lateral (select pv, ts from plant_power where plant_id = p.id order by ts desc limit 1) pw on true
      cross join lateral (select coalesce(sum(pv) filter (where day = t.today), 0) as today_kwh,
          coalesce(sum(income) filter (where day = t.today), 0) as today_income,
          coalesce(sum(pv), 0) as total_kwh, coalesce(sum(income), 0) as total_income
        from plant_day where plant_id = p.id) f
      where p.id = any(${`{${ids.join(',')}}`}::uuid[])
      order by p.id
      on conflict (plant_id) do update set status = excluded.status, status_until = excluded.status_until,
        power_w = excluded.power_w, power_ts = excluded.power_ts, today_day = excluded.today_day,
        today_kwh = excluded.today_kwh, today_income = excluded.today_income, total_kwh = excluded.total_kwh,
        total_income = excluded.total_income, computed_at = excluded.computed_at
      where plant_summary.computed_at <= excluded.computed_at
      returning plant_id`,
  );
  return rows.length;
}

/**
 * Live plants with no summary row yet, whose status has expired (a device went quiet since), or with a device
 * added or deleted after the row was computed (paths outside ingest do not mark their plants).
 */
export async function staleSummaries(db: Exec, limit: number): Promise<string[]> {
  const rows = await query<{ id: string }>(
    db,
    sql`select p.id from plant p left join plant_summary s on s.plant_id = p.id
      where p.deleted_at is null and (s.plant_id is null or s.status_until < now()
        or exists (select 1 from device d where d.plant_id = p.id
          and (d.created_at > s.computed_at or d.deleted_at > s.computed_at)))
      limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/**
 * The live plants whose rows were computed longest ago, before `before` (so one sweep takes a row once): a
 * safety net for changes nobody marked (a device added, moved or deleted, an upload interval changed).
 */
export async function oldestSummaries(db: Exec, limit: number, before: Date): Promise<string[]> {
  const rows = await query<{ id: string }>(
    db,
    sql`select s.plant_id as id from plant_summary s join plant p on p.id = s.plant_id
      where p.deleted_at is null and s.computed_at < ${before.toISOString()}::timestamptz
      order by s.computed_at limit ${limit}`,
  );
  return rows.map((r) => r.id);
}
