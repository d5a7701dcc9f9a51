import { sql } from 'drizzle-orm';
import { addDays } from '@heliograph/shared';
import { openDatabase } from '../apps/server/src/db/client.js';
import { query } from '../apps/server/src/db/rows.js';
import { company } from '../apps/server/src/db/schema.js';
import { seedDemo } from '../apps/server/src/modules/demo/seed.js';
import { refreshPlantSummaries } from '../apps/server/src/modules/plants/summary.js';
import { scratchDatabase } from '../apps/server/src/test/scratch-database.js';
import { benchApp, p95 } from './common.js';
import { signIn } from './query.js';

/**
 * The plant list at fleet size (issue 11): 10,000 plants of one company on PostgreSQL, five devices each
 * (50,000), most reporting, some with open faults or warnings, 30 days of daily rollups and two hours of
 * 5-minute power. Rows are written with SQL (the demo fleet hashes a password per gateway, far too slow
 * here). Times the list's first page, a search, a status filter, mapCount and the map through the API, as
 * the company administrator. Not a test: it prints figures.
 *
 * `PLANT_LIST_DB=<url>` reuses a database seeded by an earlier run (and keeps it), so two builds of the
 * server can be compared on the same rows; otherwise a scratch database on TEST_DATABASE_URL is made and
 * dropped. `PLANT_LIST_SUMMARIES=0` empties plant_summary first (every plant then computed on read).
 */
const PLANTS = Number(process.env.PLANT_LIST_PLANTS ?? 10_000);
const DEVICES = 5;
const REQUESTS = Number(process.env.PLANT_LIST_REQUESTS ?? 30);
const PASSWORD = 'Bench2026pass';

export async function benchPlantList(): Promise<void> {
  const reuse = process.env.PLANT_LIST_DB;
  let url = reuse;
  let drop = async (): Promise<void> => undefined;
  if (!url) {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL (or PLANT_LIST_DB) is not set');
    const scratch = await scratchDatabase(base, 'hg_plist');
    url = scratch.url;
    drop = scratch.drop;
  }
  const database = await openDatabase({ url, poolSize: 16 });
  const { db } = database;
  try {
    const [count] = await query<{ n: number }>(
      db,
      sql`select count(*)::int as n from plant where name like 'Bench plant %'`,
    );
    const n = count?.n ?? 0;
    if (n === 0) await seed(db);
    if (process.env.PLANT_LIST_SUMMARIES === '0') await db.execute(sql`delete from plant_summary`);
    else {
      const t0 = performance.now();
      const ids = await query<{ id: string }>(db, sql`select id from plant order by id`);
      for (let i = 0; i < ids.length; i += 500)
        await refreshPlantSummaries(
          db,
          ids.slice(i, i + 500).map((r) => r.id),
        );
      const ms = performance.now() - t0;
      console.log(`plant-list refresh_all_ms=${ms.toFixed(0)} (${ids.length} plants, 500 a statement)`);
    }
    await db.execute(sql`analyze`);

    const built = await benchApp(database, { ANSWER_CACHE_MS: '0' }); // the queries, not the answer cache
    try {
      const token = await signIn(built.app, 'admin@sunrise.example', PASSWORD);
      const time = async (url: string) => {
        const t0 = performance.now();
        const res = await built.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
        const ms = performance.now() - t0;
        const body = res.json() as { code: number };
        if (body.code !== 0) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
        return ms;
      };
      const calls: [string, string][] = [
        ['list_first_page', '/api/v1/plants?page=1&size=20'],
        ['list_search', '/api/v1/plants?page=1&size=20&keyword=plant%204242'],
        ['list_status_fault', '/api/v1/plants?page=1&size=20&status=fault'],
        ['list_sort_power', '/api/v1/plants?page=1&size=20&sort=power'],
        ['map_count', '/api/v1/plants/mapCount'],
        ['map', '/api/v1/plants/map'],
      ];
      for (const [name, path] of calls) {
        for (let i = 0; i < 3; i++) await time(path);
        const ms: number[] = [];
        for (let i = 0; i < REQUESTS; i++) ms.push(await time(path));
        ms.sort((a, b) => a - b);
        const p50 = ms[Math.floor(ms.length / 2)] ?? 0;
        console.log(`plant-list ${name}_p50_ms=${p50.toFixed(1)} ${name}_p95_ms=${p95(ms).toFixed(1)}`);
      }
    } finally {
      await built.app.close();
    }
  } finally {
    await database.close();
    if (!reuse) await drop();
  }
}

async function seed(db: import('../apps/server/src/db/client.js').Db): Promise<void> {
  const t0 = performance.now();
  await seedDemo(db, { dataDir: '/tmp', demoPassword: PASSWORD });
  const [sunrise] = await db
    .select()
    .from(company)
    .where(sql`name = 'Sunrise Energy'`);
  const today = new Date().toISOString().slice(0, 10);
  await db.execute(sql`
    insert into plant (company_id, name, type, capacity_kw, commissioned_on, timezone, currency, latitude, longitude, address, valuation)
    select ${sunrise?.id ?? null}::uuid, 'Bench plant ' || g, (array['grid','storage_ac','storage_dc'])[1 + g % 3], 5 + g % 50,
      '2024-01-01', (array['Europe/Berlin','UTC','Asia/Shanghai'])[1 + g % 3], 'EUR', 30 + (g % 300) / 10.0, -10 + (g % 500) / 10.0,
      'Street ' || g, '{"method":"constant","buyPrice":0.3,"sellPrice":0.08,"segments":[],"buyVat":0,"sellVat":0,"buyFee":0,"sellFee":0}'
    from generate_series(1, ${PLANTS}) g`);
  await db.execute(sql`
    insert into gateway (sn, company_id, plant_id, registration_key, conn_password_hash, online)
    select 'GWB' || lpad(row_number() over (order by id)::text, 7, '0'), company_id, id, 'k', 'x', true from plant`);
  await db.execute(sql`
    insert into device (sn, gateway_id, plant_id, kind)
    select g.sn || '-' || i, g.id, g.plant_id, case when i = 1 then 'meter' else 'inverter' end
    from gateway g cross join generate_series(1, ${DEVICES}) i`);
  // Most devices reported within the last 10 minutes; about 3 % not for an hour (offline), some never.
  await db.execute(sql`
    insert into device_latest (device_id, ts, metrics)
    select id, now() - (case when random() < 0.03 then 3600 else random() * 600 end) * interval '1 second', '{"p_ac": 1000}'
    from device where random() < 0.98`);
  await db.execute(sql`
    insert into device_event (gateway_id, gateway_event_id, device_id, plant_id, code, level, raised_at)
    select gateway_id, 'ev-' || id, id, plant_id, 'E1', case when random() < 0.5 then 'fault' else 'warning' end, now()
    from device where random() < 0.01`);
  await db.execute(sql`
    insert into plant_day (plant_id, day, pv, purchase, feed_in, charge, discharge, load, income)
    select p.id, d::date, 20 + random() * 30, random() * 10, random() * 15, random() * 5, random() * 5, 15 + random() * 10, random() * 8
    from plant p cross join generate_series(${addDays(today, -30)}::date, ${addDays(today, 1)}::date, interval '1 day') d`);
  await db.execute(sql`
    insert into plant_power (plant_id, ts, pv, load, grid, battery, soc)
    select p.id, date_bin('5 minutes', now(), 'epoch') - k * interval '5 minutes', random() * 5000, 800, 0, 0, null
    from plant p cross join generate_series(0, 23) k`);
  console.log(`plant-list seeded ${PLANTS} plants in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
