import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import {
  clearSkyInsolation,
  errorMessage,
  type ExportJob,
  type Report,
  type ReportConfig,
  type ReportRow,
} from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query } from '../../db/rows.js';
import { company, message, reportExport } from '../../db/schema.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfDocument } from '../../pdf/document.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { provisionPlant } from '../plants/provision.js';
import { ReportWorker } from './worker.js';

/**
 * Plant reports through the API on the test's clock: totals are the sums of the plants' daily rollups,
 * another company's plants never enter a report and its configs do not exist, exports run in the background
 * (xlsx with numbers; an A4 pdf; a renderer that fails ends as §8 says), and a scheduled mail goes once across two
 * workers on one database.
 */
const START = Date.UTC(2026, 5, 15, 12, 0, 0);
const clock = { ms: START, now: (): number => clock.ms };

let t: TestApp;
let admin = '';
let rival = '';
let plantA = '';
let plantB = '';
let rivalPlant = '';

const call = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.call<T>(method, `/api/v1${url}`, { token, ...(body === undefined ? {} : { body }) });

/** A day of rollups for a plant: generation grows with the day of the month, so every day differs. */
async function rollups(plantId: string, month: string, base: number): Promise<void> {
  const days = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  for (let d = 1; d <= days; d++) {
    const day = `${month}-${String(d).padStart(2, '0')}`;
    const pv = base + d * 0.5;
    await t.database.db.execute(
      sql`insert into plant_day (plant_id, day, pv, purchase, feed_in, charge, discharge, load, income)
        values (${plantId}, ${day}::date, ${pv}, ${d * 0.1}, ${pv / 2}, 1, 0.5, ${pv / 2 + d * 0.1}, ${pv * 0.1})`,
    );
  }
}

async function sums(plantIds: string[], from: string, to: string): Promise<{ pv: number; income: number }> {
  const [r] = await query<{ pv: unknown; income: unknown }>(
    t.database.db,
    sql`select coalesce(sum(pv), 0) as pv, coalesce(sum(income), 0) as income from plant_day
      where plant_id = any(${`{${plantIds.join(',')}}`}::uuid[]) and day between ${from}::date and ${to}::date`,
  );
  return { pv: Number(r?.pv), income: Number(r?.income) };
}

const ALL_FIGURES = [
  'pv',
  'load',
  'purchase',
  'feedIn',
  'income',
  'specificYield',
  'performanceRatio',
  'availability',
  'co2',
  'lastYear',
];

beforeAll(async () => {
  t = await TestApp.start({}, undefined, { now: clock.now });
  admin = await t.tokenFor(ACCOUNTS.admin);
  rival = await t.otherCompanyToken();
  plantA = await sunrisePlant(t, 'Report plant A', [
    { sn: 'GWREP00001', devices: [{ sn: 'INVREP0001', kind: 'inverter' }] },
  ]);
  plantB = await sunrisePlant(t, 'Report plant B', [{ sn: 'GWREP00002', devices: [] }]);
  const [other] = await t.database.db.select().from(company).where(eq(company.name, 'Rival Solar'));
  ({ plantId: rivalPlant } = await provisionPlant(t.database.db, {
    companyId: other?.id ?? null,
    name: 'Rival report plant',
    ...TEST_PLANT_FIELDS,
    gateways: [],
  }));
  await rollups(plantA, '2026-05', 20);
  await rollups(plantB, '2026-05', 35);
  await rollups(plantA, '2025-05', 18);
  await rollups(rivalPlant, '2026-05', 99);
}, 60_000);

afterAll(() => t.close());

describe('report configs and reports', () => {
  let config: ReportConfig;

  it('saves a config and its report totals are the sums of the plants’ daily rollups', async () => {
    const saved = await call<ReportConfig>('POST', '/plant/report/config', admin, {
      name: 'May fleet',
      plantIds: [plantA, plantB],
      figures: ALL_FIGURES,
      period: 'monthly',
    });
    expect(saved.code).toBe(0);
    config = saved.data;
    const r = await call<Report>('GET', `/plant/report/config/${config.id}/report?date=2026-05`, admin);
    expect(r.code).toBe(0);
    const expected = await sums([plantA, plantB], '2026-05-01', '2026-05-31');
    expect(r.data.totals.pv).toBeCloseTo(expected.pv, 6);
    expect(r.data.totals.income).toBeCloseTo(expected.income, 6);
    expect(r.data.totals.currency).toBe('EUR');
    const a = r.data.rows.find((row) => row.plantId === plantA);
    const onlyA = await sums([plantA], '2026-05-01', '2026-05-31');
    expect(a?.pv).toBeCloseTo(onlyA.pv, 6);
    expect(a?.specificYield).toBeCloseTo(onlyA.pv / 10, 6);
    expect(a?.lastYearPv).toBeCloseTo((await sums([plantA], '2025-05-01', '2025-05-31')).pv, 6);
    // No weather station: PR is read against the clear-sky model.
    expect(a?.insolationSource).toBe('clearSky');
    // … summed over the days the plant reported (all of May here): PR = energy / (kWp × insolation).
    let clearSky = 0;
    for (let d = 1; d <= 31; d++)
      clearSky += clearSkyInsolation(`2026-05-${String(d).padStart(2, '0')}`, 52.5, 13.4, 'Europe/Berlin');
    expect(a?.insolation).toBeCloseTo(clearSky, 6);
    // Its one inverter reported no generation of its own on any of the 31 days the plant reported.
    expect(a?.availability).toBe(0);
    expect(a?.performanceRatio).toBeCloseTo(onlyA.pv / (10 * clearSky), 9);
    // The chart's days add up to the same total.
    expect(r.data.series.buckets).toHaveLength(31);
    expect(r.data.series.pv.reduce((s, v) => s + v, 0)).toBeCloseTo(expected.pv, 6);
  });

  it('a config naming no plant reads every plant the caller sees, never another company’s', async () => {
    const saved = await call<ReportConfig>('POST', '/plant/report/config', admin, {
      name: 'Everything',
      figures: ['pv'],
      period: 'yearly',
    });
    const r = await call<Report>('GET', `/plant/report/config/${saved.data.id}/report?date=2026`, admin);
    const ids = r.data.rows.map((row) => row.plantId);
    expect(ids).toContain(plantA);
    expect(ids).not.toContain(rivalPlant);
  });

  it('another company’s plant cannot be named, nor its config read, changed, reported or deleted', async () => {
    const named = await call('POST', '/plant/report/config', rival, {
      name: 'Spy',
      plantIds: [plantA],
      figures: ['pv'],
      period: 'monthly',
    });
    expect(named.code).toBe(700);
    expect((await call('GET', `/plant/report/config/${config.id}`, rival)).code).toBe(404);
    expect((await call('GET', `/plant/report/config/${config.id}/report?date=2026-05`, rival)).code).toBe(404);
    expect((await call('DELETE', `/plant/report/config/${config.id}`, rival)).code).toBe(404);
    const list = await call<{ rows: ReportRow[] }>('GET', '/plant/report/list?period=monthly&date=2026-05', rival);
    expect(list.data.rows.map((row) => row.plantId)).toEqual([rivalPlant]);
    expect((await call('GET', `/plant/report/list?period=monthly&date=2026-05&plantId=${plantA}`, rival)).code).toBe(
      700,
    );
  });

  it('reads PR only over the days a plant reported: a half-reported month is not a poor one', async () => {
    const half = await sunrisePlant(t, 'Half month', [{ sn: 'GWREP00003', devices: [] }]);
    for (let d = 16; d <= 31; d++)
      await t.database.db.execute(
        sql`insert into plant_day (plant_id, day, pv) values (${half}, ${`2026-05-${d}`}::date, 30)`,
      );
    const list = await call<{ rows: ReportRow[] }>(
      'GET',
      `/plant/report/list?period=monthly&date=2026-05&plantId=${half}`,
      admin,
    );
    let clearSky = 0;
    for (let d = 16; d <= 31; d++) clearSky += clearSkyInsolation(`2026-05-${d}`, 52.5, 13.4, 'Europe/Berlin');
    expect(list.data.rows[0]?.insolation).toBeCloseTo(clearSky, 6);
    expect(list.data.rows[0]?.performanceRatio).toBeCloseTo((16 * 30) / (10 * clearSky), 9);
  });

  it('availability: inverter-days that produced of those the plant reported (28 of 31)', async () => {
    const [inv] = await query<{ id: string }>(t.database.db, sql`select id from device where sn = 'INVREP0001'`);
    for (let d = 1; d <= 28; d++)
      await t.database.db.execute(
        sql`insert into device_day (device_id, day, pv) values (${inv?.id}, ${`2026-05-${String(d).padStart(2, '0')}`}::date, 20)`,
      );
    const list = await call<{ rows: ReportRow[] }>(
      'GET',
      `/plant/report/list?period=monthly&date=2026-05&plantId=${plantA}`,
      admin,
    );
    expect(list.data.rows[0]?.availability).toBeCloseTo(28 / 31, 9);
  });

  it('a per-device report reads each device’s own rollups', async () => {
    const saved = await call<ReportConfig>('POST', '/plant/report/config', admin, {
      name: 'Inverters',
      plantIds: [plantA],
      figures: ['pv', 'availability'],
      period: 'monthly',
      scope: 'device',
    });
    const r = await call<Report>('GET', `/plant/report/config/${saved.data.id}/report?date=2026-05`, admin);
    const inv = r.data.rows.find((row) => row.deviceSn === 'INVREP0001');
    expect(inv?.pv).toBeCloseTo(28 * 20, 9);
    expect(inv?.availability).toBeCloseTo(28 / 31, 9);
    expect(r.data.totals.pv).toBeCloseTo(
      r.data.rows.reduce((sum, row) => sum + row.pv, 0),
      9,
    );
  });

  it('reads PR against the plant’s weather station when it covers the days the plant reported', async () => {
    const station = await sunrisePlant(t, 'Station plant', [
      { sn: 'GWREP00004', devices: [{ sn: 'WXREP0001', kind: 'weather' }] },
    ]);
    const [wx] = await query<{ id: string }>(t.database.db, sql`select id from device where sn = 'WXREP0001'`);
    for (const day of ['2026-05-10', '2026-05-11', '2026-05-12']) {
      await t.database.db.execute(sql`insert into plant_day (plant_id, day, pv) values (${station}, ${day}::date, 48)`);
      // 500 W/m² from 06:00 to 18:00 Berlin time (UTC+2), every 10 minutes: 12 h × 0.5 kW/m² = 6 kWh/m².
      await t.database.db.execute(
        sql`insert into device_sample (device_id, ts, plant_id, metrics)
          select ${wx?.id}, ${`${day}T04:00:00Z`}::timestamptz + k * interval '10 minutes', ${station},
            '{"irradiance": 500}'::jsonb
          from generate_series(0, 72) k`,
      );
    }
    const list = await call<{ rows: ReportRow[] }>(
      'GET',
      `/plant/report/list?period=monthly&date=2026-05&plantId=${station}`,
      admin,
    );
    const row = list.data.rows[0];
    expect(row?.insolationSource).toBe('station');
    expect(row?.insolation).toBeCloseTo(18, 9);
    // 144 kWh / (10 kWp × 18 kWh/m²) = 0.8
    expect(row?.performanceRatio).toBeCloseTo(0.8, 9);
  });

  it('the report list reads one plant or a page of them', async () => {
    const one = await call<{ total: number; rows: ReportRow[] }>(
      'GET',
      `/plant/report/list?period=monthly&date=2026-05&plantId=${plantB}`,
      admin,
    );
    expect(one.data.total).toBe(1);
    expect(one.data.rows[0]?.pv).toBeCloseTo((await sums([plantB], '2026-05-01', '2026-05-31')).pv, 6);
  });

  it('a period that does not fit is refused with a message and changes nothing', async () => {
    const bad = await call('GET', `/plant/report/config/${config.id}/report?date=2026-13`, admin);
    expect(bad.code).toBe(4);
    expect(bad.msg.length).toBeGreaterThan(0);
    const wrongKind = await call('GET', `/plant/report/config/${config.id}/report?date=2026`, admin);
    expect(wrongKind.code).toBe(4);
  });

  it('exports an .xlsx in the background with numbers, not text, and announces it', async () => {
    const started = await call<ExportJob>('POST', `/plant/report/config/${config.id}/export`, admin, {
      format: 'xlsx',
      date: '2026-05',
    });
    expect(started.data.status).toBe('queued');
    expect((await call('GET', `/plant/report/export/${started.data.id}`, rival)).code).toBe(404);
    await t.reports.tick();
    const done = await call<ExportJob>('GET', `/plant/report/export/${started.data.id}`, admin);
    expect(done.data).toMatchObject({ status: 'done', progress: 100 });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/plant/report/export/${started.data.id}/file`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const headings = (ws?.getRow(1).values as unknown[]).slice(1);
    const pvCol = headings.indexOf('Generation (kWh)') + 1;
    expect(pvCol).toBeGreaterThan(0);
    const rowA = ws?.getRow(2);
    expect(rowA?.getCell(1).value).toBe('Report plant A');
    const cell = rowA?.getCell(pvCol);
    expect(typeof cell?.value).toBe('number');
    expect(cell?.value).toBeCloseTo((await sums([plantA], '2026-05-01', '2026-05-31')).pv, 6);
    const [user] = await query<{ id: string }>(
      t.database.db,
      sql`select id from app_user where account = ${ACCOUNTS.admin}`,
    );
    const notices = await t.database.db
      .select()
      .from(message)
      .where(eq(message.source, `report-export:${started.data.id}`));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.userId).toBe(user?.id);
    expect(notices[0]?.url).toContain(`export=${started.data.id}`);
  });

  it('exports a PDF through the app’s renderer: A4 of spec §9, with the report’s name in it', async () => {
    const started = await call<ExportJob>('POST', `/plant/report/config/${config.id}/export`, admin, {
      format: 'pdf',
      date: '2026-05',
    });
    await t.reports.tick();
    const job = await call<ExportJob>('GET', `/plant/report/export/${started.data.id}`, admin);
    expect(job.data).toMatchObject({ status: 'done', progress: 100 });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/plant/report/export/${started.data.id}/file`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocument({ data: new Uint8Array(file.rawPayload), verbosity: 0 }).promise;
    const page = await pdf.getPage(1);
    expect(page.view.slice(2)).toEqual([592.28, 841.89]);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('May');
    expect(text).toContain('fleet');
  });
});

/** A second worker on the test's database with its own PDF renderer: only it takes the jobs queued directly. */
const workerDrawing = (renderPdf: (doc: PdfDocument) => Promise<Buffer>) =>
  new ReportWorker({
    db: t.database.db,
    files: t.files,
    mailer: { send: () => Promise.resolve() },
    log: t.app.log,
    now: clock.now,
    publicUrl: 'https://console.example',
    intervalMs: 0,
    renderPdf,
  });

describe('PDF exports through an injected renderer', () => {
  it('hands the renderer the report’s document and keeps what it draws as the file', async () => {
    const saved = await call<ReportConfig>('POST', '/plant/report/config', admin, {
      name: 'PDF month',
      plantIds: [plantA],
      figures: ['pv', 'income'],
      period: 'monthly',
    });
    const [user] = await query<{ id: string }>(
      t.database.db,
      sql`select id from app_user where account = ${ACCOUNTS.admin}`,
    );
    // Queued directly, so only the worker below (with a renderer) takes it.
    const [job] = await t.database.db
      .insert(reportExport)
      .values({ configId: saved.data.id, userId: user?.id ?? '', format: 'pdf', anchor: '2026-05', lang: 'de' })
      .returning();
    const drawn: PdfDocument[] = [];
    const withPdf = workerDrawing((doc) => {
      drawn.push(doc);
      return Promise.resolve(Buffer.from('%PDF-1.7 drawn'));
    });
    await withPdf.tick();
    const done = await call<ExportJob>('GET', `/plant/report/export/${job?.id}`, admin);
    expect(done.data).toMatchObject({ status: 'done', fileName: 'PDF-month-2026-05.pdf' });
    expect(drawn[0]?.title).toBe('PDF month');
    expect(drawn[0]?.lang).toBe('de');
    expect(drawn[0]?.generatedLine).toBe('Erstellt 2026-06-15 14:00 (Europe/Berlin)');
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/plant/report/export/${job?.id}/file`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body).toBe('%PDF-1.7 drawn');
    // Deleting the config takes its exports and their files with it.
    const [kept] = await query<{ file_id: string }>(
      t.database.db,
      sql`select file_id from report_export where id = ${job?.id ?? ''}`,
    );
    expect((await call('DELETE', `/plant/report/config/${saved.data.id}`, admin)).code).toBe(0);
    expect(await query(t.database.db, sql`select 1 from stored_file where id = ${kept?.file_id ?? ''}`)).toHaveLength(
      0,
    );
    expect((await call('GET', `/plant/report/export/${job?.id}`, admin)).code).toBe(404);
  });

  it('a renderer that fails ends the export in “file generation failed” (§8), with no file', async () => {
    const [user] = await query<{ id: string }>(
      t.database.db,
      sql`select id from app_user where account = ${ACCOUNTS.admin}`,
    );
    const saved = await call<ReportConfig>('POST', '/plant/report/config', admin, {
      name: 'PDF broken',
      plantIds: [plantA],
      figures: ['pv'],
      period: 'monthly',
    });
    const [job] = await t.database.db
      .insert(reportExport)
      .values({ configId: saved.data.id, userId: user?.id ?? '', format: 'pdf', anchor: '2026-05', lang: 'en' })
      .returning();
    const failing = workerDrawing(() => Promise.reject(new Error('font missing')));
    await failing.tick();
    const failed = await call<ExportJob>('GET', `/plant/report/export/${job?.id}`, admin);
    expect(failed.data.status).toBe('failed');
    expect(failed.data.error).toBe(errorMessage('fileGenerationFailed', 'en'));
    const file = await call('GET', `/plant/report/export/${job?.id}/file`, admin);
    expect(file.code).not.toBe(0);
  });
});

describe('scheduled delivery', () => {
  it('two workers on one database mail a due report once, then again the next day', async () => {
    const saved = await call<ReportConfig>('POST', '/plant/report/config', admin, {
      name: 'Daily mail',
      plantIds: [plantA],
      figures: ['pv', 'income'],
      period: 'daily',
      schedule: 'daily',
    });
    // 06:00 Berlin (summer time) on the next day.
    expect(saved.data.nextDueAt).toBe(Date.UTC(2026, 5, 16, 4, 0, 0));
    const second = new ReportWorker({
      db: t.database.db,
      files: t.files,
      mailer: { send: async (m) => void t.mails.push(m) },
      log: t.app.log,
      now: clock.now,
      publicUrl: 'https://console.example',
      intervalMs: 0,
    });
    const mails = () => t.mails.filter((m) => m.subject.includes('Daily mail'));
    await Promise.all([t.reports.tick(), second.tick()]);
    expect(mails()).toHaveLength(0);
    clock.ms = Date.UTC(2026, 5, 16, 4, 1, 0);
    await Promise.all([t.reports.tick(), second.tick(), t.reports.tick(), second.tick()]);
    expect(mails()).toHaveLength(1);
    expect(mails()[0]?.to).toBe(ACCOUNTS.admin);
    expect(mails()[0]?.subject).toContain('2026-06-15');
    clock.ms = Date.UTC(2026, 5, 17, 4, 1, 0);
    await Promise.all([t.reports.tick(), second.tick()]);
    expect(mails()).toHaveLength(2);
    clock.ms = START;
  });

  it('tries a failed mail again for the same period, then tells the user in the notice centre', async () => {
    const saved = await call<ReportConfig>('POST', '/plant/report/config', admin, {
      name: 'Flaky mail',
      plantIds: [plantA],
      figures: ['pv'],
      period: 'daily',
      schedule: 'daily',
    });
    let down = true;
    const sent: string[] = [];
    const worker = new ReportWorker({
      db: t.database.db,
      files: t.files,
      mailer: {
        send: async (m) => {
          if (down) throw new Error('mail server down');
          sent.push(m.subject);
        },
      },
      log: t.app.log,
      now: clock.now,
      publicUrl: 'https://console.example',
      intervalMs: 0,
    });
    const mine = () => worker.mailOne();
    // Due 06:00 Berlin on the 16th; the mail server is down at 06:01 and at the first retry 5 minutes on.
    clock.ms = Date.UTC(2026, 5, 16, 4, 1, 0);
    while (await mine());
    clock.ms += 4 * 60_000;
    expect(await mine()).toBe(false);
    clock.ms += 60_000;
    while (await mine());
    // Up again by the second retry, half an hour later: it mails the 15th's report, the period that failed.
    down = false;
    clock.ms += 30 * 60_000;
    while (await mine());
    expect(sent.filter((s) => s.includes('Flaky mail'))).toEqual(['Heliograph report: Flaky mail (2026-06-15)']);
    const [row] = await query<{ mail_attempts: unknown; next: unknown }>(
      t.database.db,
      sql`select mail_attempts, next_due_at as next from report_config where id = ${saved.data.id}`,
    );
    expect(Number(row?.mail_attempts)).toBe(0);
    expect(new Date(String(row?.next)).getTime()).toBe(Date.UTC(2026, 5, 17, 4, 0, 0));

    // Down for good on the 17th: three retries, then one notice for that day's report, and the 18th is due as usual.
    down = true;
    clock.ms = Date.UTC(2026, 5, 17, 4, 1, 0);
    for (const wait of [0, 5, 30, 120]) {
      clock.ms += wait * 60_000;
      while (await mine());
    }
    const notices = await t.database.db
      .select()
      .from(message)
      .where(eq(message.source, `report-mail:${saved.data.id}:2026-06-16`));
    expect(notices.map((n) => n.title)).toEqual(['Report “Flaky mail” (2026-06-16) could not be mailed']);
    const [after] = await query<{ mail_attempts: unknown; next: unknown }>(
      t.database.db,
      sql`select mail_attempts, next_due_at as next from report_config where id = ${saved.data.id}`,
    );
    expect(Number(after?.mail_attempts)).toBe(0);
    expect(new Date(String(after?.next)).getTime()).toBe(Date.UTC(2026, 5, 18, 4, 0, 0));
    await call('DELETE', `/plant/report/config/${saved.data.id}`, admin);
    clock.ms = START;
  });
});
