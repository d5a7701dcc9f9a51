import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays, signNonce } from '@heliograph/shared';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { company } from '../apps/server/src/db/schema.js';
import { seedDemo } from '../apps/server/src/modules/demo/seed.js';
import { benchApp, freshDatabase, p95 } from './common.js';

/**
 * Chart latency over a fleet-sized database: 1,000 plants with a year of daily rollups and the last
 * 30 days of 5-minute plant power (8.6 million rows). The dataset is built once under
 * DATA_DIR/bench-query (a few minutes) and reused. Measured through the API (app.inject), so the figure
 * includes authentication, tenant scoping, the query and serialisation.
 */
const PLANTS = 1000;
const REQUESTS = 300;
const PASSWORD = 'Bench2026pass';

export async function benchQuery(): Promise<void> {
  const dir = path.resolve(process.env.DATA_DIR ?? './data', 'bench-query');
  const marker = path.join(dir, 'built.json');
  const fresh = !existsSync(marker);
  mkdirSync(dir, { recursive: true });
  const { database } = await freshDatabase('pglite', path.join(dir, 'db'));
  const db = database.db;
  const today = new Date().toISOString().slice(0, 10);
  if (fresh) {
    const t0 = performance.now();
    await seedDemo(db, { dataDir: dir, demoPassword: PASSWORD });
    const [sunrise] = await db.select().from(company);
    await db.execute(sql`
      insert into plant (company_id, name, type, capacity_kw, commissioned_on, timezone, currency, latitude, longitude, valuation)
      select ${sunrise?.id ?? null}::uuid, 'Bench plant ' || g, (array['grid','storage_ac','storage_dc'])[1 + g % 3], 5 + g % 50,
        '2024-01-01', 'UTC', 'EUR', 50, 10, '{"method":"constant","buyPrice":0.3,"sellPrice":0.08,"segments":[],"buyVat":0,"sellVat":0,"buyFee":0,"sellFee":0}'
      from generate_series(1, ${PLANTS}) g`);
    await db.execute(sql`
      insert into plant_day (plant_id, day, pv, purchase, feed_in, charge, discharge, load, income)
      select p.id, d::date, 20 + random() * 30, random() * 10, random() * 15, random() * 5, random() * 5, 15 + random() * 10, random() * 8
      from plant p cross join generate_series(${addDays(today, -365)}::date, ${today}::date, interval '1 day') d`);
    const ids = (await db.execute(sql`select id from plant order by id`)) as unknown as { rows: { id: string }[] };
    const chunk = 50;
    for (let i = 0; i < ids.rows.length; i += chunk) {
      const part = ids.rows.slice(i, i + chunk).map((r) => r.id);
      await db.execute(sql`
        insert into plant_power (plant_id, ts, pv, load, grid, battery, soc)
        select p, ts, greatest(0, 5000 * sin(pi() * extract(hour from ts) / 24)), 800 + random() * 400, random() * 1000 - 500, random() * 600 - 300, 20 + random() * 70
        from unnest(${`{${part.join(',')}}`}::uuid[]) p cross join generate_series(${addDays(today, -30)}::timestamptz, ${today}::timestamptz, interval '5 minutes') ts`);
      process.stdout.write(
        `\rbuilding the query dataset: ${Math.min(i + chunk, ids.rows.length)}/${ids.rows.length} plants`,
      );
    }
    await db.execute(sql`analyze`);
    writeFileSync(marker, JSON.stringify({ plants: PLANTS, builtOn: today }));
    console.log(`\nbuilt in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const built = await benchApp(database, { ANSWER_CACHE_MS: '0' }); // the queries, not the answer cache
  try {
    const token = await signIn(built.app, 'platform@heliograph.example', PASSWORD);
    const plants = (
      (await db.execute(sql`select id from plant where name like 'Bench plant %'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows.map((r) => r.id);
    const rows =
      ((await db.execute(sql`select count(*)::int as n from plant_power`)) as unknown as { rows: { n: number }[] })
        .rows[0]?.n ?? 0;
    const pick = () => plants[Math.floor(Math.random() * plants.length)] ?? '';
    const year = today.slice(0, 4);
    const time = async (url: string) => {
      const t0 = performance.now();
      const res = await built.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - t0;
      const body = res.json() as { code: number; data: unknown[] };
      if (body.code !== 0 || body.data.length === 0) throw new Error(`${url}: ${res.body.slice(0, 200)}`);
      return ms;
    };
    for (let i = 0; i < 20; i++) await time(`/api/v1/plant/${pick()}/power/year?year=${year}`);
    const yearMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) yearMs.push(await time(`/api/v1/plant/${pick()}/power/year?year=${year}`));
    const dayMs: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const day = addDays(today, -1 - Math.floor(Math.random() * 28));
      dayMs.push(await time(`/api/v1/plant/${pick()}/power/day?date=${day}`));
    }
    console.log(`query year_chart_p95_ms=${p95(yearMs).toFixed(1)}`);
    console.log(`query day_chart_p95_ms=${p95(dayMs).toFixed(1)}`);
    console.log(`  (${plants.length} plants, ${rows} five-minute rows, ${REQUESTS} requests each, through the API)`);
  } finally {
    await built.app.close();
    await database.close();
  }
}

export async function signIn(
  app: import('fastify').FastifyInstance,
  account: string,
  password: string,
): Promise<string> {
  const nonce = randomBytes(8).toString('hex');
  const key = (
    await app.inject({ url: `/api/v1/anonymous/publicKey?nonce=${nonce}&source=web&sign=${signNonce(nonce, 'web')}` })
  ).json() as {
    data: { keyId: string; publicKey: string };
  };
  const cipher = publicEncrypt(
    { key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const res = (
    await app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token/new',
      payload: { account, password: cipher, keyId: key.data.keyId, source: 'web' },
    })
  ).json() as {
    data: { access_token: string };
  };
  return res.data.access_token;
}
