import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { query } from '../apps/server/src/db/rows.js';
import { appUser, company, reportConfig, reportExport } from '../apps/server/src/db/schema.js';
import { seedDemo } from '../apps/server/src/modules/demo/seed.js';
import { RankingMemo, screenFleet } from '../apps/server/src/modules/reports/screening.js';
import { loadUserContext } from '../apps/server/src/modules/users/repository.js';
import { screeningQuery } from '@heliograph/shared';
import { DEFAULT_VALUATION } from '../apps/server/src/modules/plants/provision.js';
import { freshDatabase } from './common.js';

const PLANTS = Number(process.env.BENCH_REPORT_PLANTS ?? 1000);
/** Distinct places of the fleet (clear-sky insolation is computed once per place and day). */
const PLACES = Number(process.env.BENCH_REPORT_PLACES ?? 50);
const YEAR = '2025';

/**
 * `npm run bench -- reports`: a company of 1,000 plants with a year of daily rollups exports its yearly report
 * as .xlsx and as PDF through the background worker (issue 16: "a year of a 1,000-plant company exports without timing
 * out"). Prints how long the export took, the file's size and the worst event-loop stall meanwhile; then how long
 * the data-screening dashboard takes to rank the whole fleet for a month and for the year.
 */
export async function benchReports(
  kind: 'pglite' | 'postgres' = 'pglite',
  opts: { exports?: boolean } = {},
): Promise<void> {
  const { database, drop } = await freshDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hg-bench-reports-'));
  const built = await buildApp({
    config: {
      ...loadConfig({ DATA_DIR: dataDir, MQTT_PORT: '0', SIMULATE: 'false', LOG_LEVEL: 'warn' }),
      webDist: path.join(dataDir, 'none'),
    },
    database,
    logger: false,
    mailer: { send: () => Promise.resolve() },
    notifyIntervalMs: 0,
    reportIntervalMs: 0,
  });
  await built.app.ready();
  const db = database.db;
  await seedDemo(db, { dataDir, demoPassword: 'Bench2026pass' });
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [admin] = await db.select().from(appUser).where(eq(appUser.account, 'admin@sunrise.example'));
  if (!sunrise || !admin) throw new Error('demo seed missing');

  const t0 = performance.now();
  await db.execute(sql`insert into plant (company_id, name, type, capacity_kw, commissioned_on, timezone, currency,
      latitude, longitude, valuation)
    select ${sunrise.id}, 'Bench plant ' || lpad(k::text, 4, '0'), 'grid', 10 + k % 40, '2024-01-01', 'Europe/Berlin',
      'EUR', 45 + (k % ${PLACES}) * 0.2, 5 + (k % ${PLACES}) * 0.3, ${JSON.stringify(DEFAULT_VALUATION)}::jsonb
    from generate_series(1, ${PLANTS}) k`);
  await db.execute(sql`insert into plant_day (plant_id, day, pv, purchase, feed_in, charge, discharge, load, income)
    select p.id, d::date, 20 + extract(doy from d) % 30, 3, 10, 0, 0, 13, 2.5
    from plant p, generate_series(${`${YEAR}-01-01`}::date, ${`${YEAR}-12-31`}::date, interval '1 day') d
    where p.name like 'Bench plant %'`);
  const seeded = performance.now() - t0;
  const [cfg] = await db
    .insert(reportConfig)
    .values({
      userId: admin.id,
      companyId: sunrise.id,
      name: 'Fleet year',
      figures: ['pv', 'income', 'specificYield', 'performanceRatio', 'availability', 'co2', 'lastYear'],
      period: 'yearly',
    })
    .returning();
  const lines = [`reports (${kind}): ${PLANTS} plants × 365 days of rollups seeded in ${(seeded / 1000).toFixed(1)} s`];
  // The same yearly report both ways: a spreadsheet, and an A4 document of tables and charts (pdf/render.ts).
  for (const format of opts.exports === false ? [] : (['xlsx', 'pdf'] as const)) {
    const [job] = await db
      .insert(reportExport)
      .values({ configId: cfg?.id ?? '', userId: admin.id, format, anchor: YEAR, lang: 'en' })
      .returning();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const t1 = performance.now();
    await built.reports.tick();
    const took = performance.now() - t1;
    loop.disable();
    const [done] = await query<{ status: string; size: unknown; rows: unknown }>(
      db,
      sql`select x.status, f.size, (select count(*) from plant where name like 'Bench plant %') as rows
        from report_export x left join stored_file f on f.id = x.file_id where x.id = ${job?.id ?? ''}`,
    );
    lines.push(
      `  yearly .${format} export ${done?.status}: ${Number(done?.rows)} rows, ${Math.round(Number(done?.size) / 1024)} KiB in ${(took / 1000).toFixed(1)} s`,
      `    event loop meanwhile: worst stall ${(loop.max / 1e6).toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`,
    );
  }
  // The data-screening dashboard over the same fleet: every plant ranked, the first page with full figures.
  const auth = await loadUserContext(db, admin.id);
  if (!auth) throw new Error('no admin context');
  for (const [period, date] of [
    ['monthly', `${YEAR}-06`],
    ['yearly', YEAR],
  ] as const) {
    const memo = new RankingMemo(() => 0);
    const timed = async (params: Record<string, unknown>, withMemo: boolean) => {
      const t2 = performance.now();
      const answer = await screenFleet(
        db,
        auth,
        screeningQuery.parse({ period, date, size: 20, ...params }),
        withMemo ? memo : undefined,
      );
      return { ms: performance.now() - t2, total: answer.total };
    };
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const cold = await timed({}, true);
    loop.disable();
    const again = await timed({}, false);
    const paged = await timed({ page: 2, sort: 'pv', order: 'desc' }, true);
    lines.push(
      `  screening ${period}: ${cold.total} plants ranked, page of 20 in ${Math.round(cold.ms)} ms (again ${Math.round(again.ms)} ms); next page re-sorted from the memo ${Math.round(paged.ms)} ms`,
      `    event loop during the first: worst stall ${(loop.max / 1e6).toFixed(0)} ms`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  await built.app.close();
  await database.close();
  await drop();
}
