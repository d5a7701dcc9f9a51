import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { ERROR_CODES, MESSAGES, type UpgradeRow } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { scopeCondition } from '../../access/policies.js';
import { query } from '../../db/rows.js';
import { appUser, company, device, upgrade, upgradeRollout } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { ACCOUNTS, signInForTests, TestApp } from '../../test/harness.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { provisionPlant } from '../plants/provision.js';
import { recordsCountQuery, recordsQuery } from './records.js';

/**
 * The maintenance log's upgrade records (issue 13 point 6): rows are inserted directly, each at a fixed time
 * (no wall clock), for Sunrise Energy and for Rival Solar; every filter narrows the list, another company's
 * records never appear, the download opens with the rows and translated headings, and the list reads a
 * company's 50,000 records through the index upgrade_company.
 */

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'installer', 'visitor', 'owner', 'rival');

/** 1 June 2026, 00:00 UTC: every record's times are minutes after it. */
const T0 = Date.UTC(2026, 5, 1);
const min = (n: number) => new Date(T0 + n * 60_000);

let rolloutId = '';
let rivalRolloutId = '';
let sunriseId = '';
let rivalId = '';
let ownerId = '';

type Page = { total: number; rows: UpgradeRow[] };

async function list(token: string, q: Record<string, string> = {}): Promise<Page> {
  const res = await t.call<Page>('GET', '/api/v1/upgrade/records', { token, query: q });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data;
}
const sns = (p: Page) => p.rows.map((r) => r.sn);

beforeAll(async () => {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [rival] = await db.select().from(company).where(eq(company.name, 'Rival Solar'));
  const [admin] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.admin));
  const [owner] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.owner));
  ownerId = owner?.id ?? '';
  rivalId = rival?.id ?? '';
  sunriseId = sunrise?.id ?? '';
  const own = await provisionPlant(db, {
    companyId: sunriseId,
    ownerId,
    name: 'Records plant',
    ...TEST_PLANT_FIELDS,
    gateways: [
      {
        sn: 'RECGW01',
        password: 'Records2026gw',
        devices: [
          { sn: 'RECINV01', kind: 'inverter', model: 'SIM-HYB-10K' },
          { sn: 'RECINV02', kind: 'inverter', model: 'SIM-MI-800' },
          { sn: 'RECMTR01', kind: 'meter', model: 'MTR-100%' },
        ],
      },
    ],
  });
  const theirs = await provisionPlant(db, {
    companyId: rival?.id ?? null,
    name: 'Rival site',
    ...TEST_PLANT_FIELDS,
    gateways: [
      {
        sn: 'RIVGW01',
        password: 'Records2026gw',
        devices: [{ sn: 'RIVINV01', kind: 'inverter', model: 'SIM-HYB-10K' }],
      },
    ],
  });
  const devices = await db.select().from(device);
  const deviceId = (sn: string) => devices.find((d) => d.sn === sn)?.id ?? null;
  const [rollout] = await db
    .insert(upgradeRollout)
    .values({ companyId: sunriseId, kind: 'inverter', wavePercent: 50, haltPercent: 20, waves: 2 })
    .returning();
  const [rivalRollout] = await db
    .insert(upgradeRollout)
    .values({ companyId: rival?.id ?? null, kind: 'inverter', wavePercent: 100, haltPercent: 20, waves: 1 })
    .returning();
  rolloutId = rollout?.id ?? '';
  rivalRolloutId = rivalRollout?.id ?? '';
  const ours = { companyId: sunriseId, plantId: own.plantId, gatewayId: own.gatewayIds[0] ?? '' };
  await db.insert(upgrade).values([
    {
      ...ours,
      kind: 'gateway',
      sn: 'RECGW01',
      model: 'HG-GW-4G',
      fromVersion: '1.0.0',
      toVersion: '1.1.0',
      state: 'succeeded',
      steps: [
        { step: 'sendingCode', at: min(1).getTime() },
        { step: 'sendingFile', at: min(2).getTime() },
        { step: 'downloadOk', at: min(3).getTime() },
        { step: 'upgradeOk', at: min(5).getTime() },
      ],
      createdBy: admin?.id ?? null,
      createdAt: min(0),
      startedAt: min(1),
      finishedAt: min(5),
    },
    {
      ...ours,
      deviceId: deviceId('RECMTR01'),
      kind: 'meter',
      sn: 'RECMTR01',
      model: 'MTR-100%',
      fromVersion: '3.0',
      toVersion: '3.1',
      state: 'failed',
      error: 'hash mismatch',
      createdAt: min(60),
      startedAt: min(61),
      finishedAt: min(62),
    },
    // Waiting for its gateway: never started, so its time is when it was asked for.
    {
      ...ours,
      deviceId: deviceId('RECINV01'),
      kind: 'inverter',
      sn: 'RECINV01',
      model: 'SIM-HYB-10K',
      fromVersion: '2.0.0',
      toVersion: '2.1.0',
      state: 'waiting',
      createdAt: min(120),
    },
    // A micro inverter in wave 1 of a rollout: it flashes from the first byte and cannot be cancelled.
    {
      ...ours,
      deviceId: deviceId('RECINV02'),
      kind: 'inverter',
      sn: 'RECINV02',
      model: 'SIM-MI-800',
      fromVersion: '1.0',
      toVersion: '1.2',
      state: 'running',
      steps: [{ step: 'sendingFile', at: min(181).getTime() }],
      progress: 40,
      rolloutId,
      wave: 1,
      createdAt: min(180),
      startedAt: min(180),
    },
    // An earlier upgrade of the same inverter, finished.
    {
      ...ours,
      deviceId: deviceId('RECINV01'),
      kind: 'inverter',
      sn: 'RECINV01',
      model: 'SIM-HYB-10K',
      fromVersion: '1.9.0',
      toVersion: '2.0.0',
      state: 'succeeded',
      createdAt: min(10),
      startedAt: min(11),
      finishedAt: min(20),
    },
  ]);
  await db.insert(upgrade).values({
    companyId: rival?.id ?? null,
    plantId: theirs.plantId,
    gatewayId: theirs.gatewayIds[0] ?? '',
    deviceId: deviceId('RIVINV01'),
    kind: 'inverter',
    sn: 'RIVINV01',
    model: 'SIM-HYB-10K',
    fromVersion: '2.0.0',
    toVersion: '2.1.0',
    state: 'running',
    rolloutId: rivalRolloutId,
    wave: 1,
    createdAt: min(30),
    startedAt: min(30),
  });
});

describe('the upgrade records list', () => {
  it('shows a company its own records, newest first, as the log shows them', async () => {
    const page = await list(tokens.admin);
    expect(page.total).toBe(5);
    expect(sns(page)).toEqual(['RECINV02', 'RECINV01', 'RECMTR01', 'RECINV01', 'RECGW01']);
    const gw = page.rows.at(-1);
    expect(gw).toMatchObject({
      kind: 'gateway',
      model: 'HG-GW-4G',
      plant: { name: 'Records plant' },
      fromVersion: '1.0.0',
      toVersion: '1.1.0',
      state: 'succeeded',
      operator: ACCOUNTS.admin,
      createdAt: min(0).getTime(),
      startedAt: min(1).getTime(),
      finishedAt: min(5).getTime(),
      cancellable: false,
    });
    expect(gw?.steps.map((s) => s.step)).toEqual(['sendingCode', 'sendingFile', 'downloadOk', 'upgradeOk']);
    const [micro, waiting] = page.rows;
    expect(micro).toMatchObject({ rolloutId, wave: 1, progress: 40, operator: '', cancellable: false });
    expect(waiting).toMatchObject({ state: 'waiting', startedAt: null, cancellable: true });
    // The installer works for Sunrise too: the same log.
    expect((await list(tokens.installer)).total).toBe(5);
  });

  it('never shows another company’s records, and shows the other company only its own', async () => {
    const rival = await list(tokens.rival);
    expect(sns(rival)).toEqual(['RIVINV01']);
    // Searching for what only Sunrise has, or its rollout, finds nothing for the rival.
    expect((await list(tokens.rival, { q: 'RECINV' })).total).toBe(0);
    expect((await list(tokens.rival, { q: 'Records plant' })).total).toBe(0);
    expect((await list(tokens.rival, { rolloutId })).total).toBe(0);
    // And Sunrise never sees the rival's, even by its search or rollout.
    expect((await list(tokens.admin, { q: 'RIVINV01' })).total).toBe(0);
    expect((await list(tokens.admin, { rolloutId: rivalRolloutId })).total).toBe(0);
  });

  it('shows a platform administrator every company’s records', async () => {
    const platform = await t.tokenFor(ACCOUNTS.platform);
    const all = sns(await list(platform, { size: '100' }));
    expect(all).toEqual(expect.arrayContaining(['RIVINV01', 'RECGW01', 'RECMTR01', 'RECINV02']));
  });

  it('narrows the list by each filter', async () => {
    expect(sns(await list(tokens.admin, { kind: 'meter' }))).toEqual(['RECMTR01']);
    expect(sns(await list(tokens.admin, { kind: 'inverter' }))).toEqual(['RECINV02', 'RECINV01', 'RECINV01']);
    expect(sns(await list(tokens.admin, { state: 'failed' }))).toEqual(['RECMTR01']);
    expect(sns(await list(tokens.admin, { state: 'succeeded' }))).toEqual(['RECINV01', 'RECGW01']);
    expect(sns(await list(tokens.admin, { rolloutId }))).toEqual(['RECINV02']);
    // The search box: serial, plant, model or version, in part and in any case.
    expect(sns(await list(tokens.admin, { q: 'recinv' }))).toEqual(['RECINV02', 'RECINV01', 'RECINV01']);
    expect((await list(tokens.admin, { q: 'records PLANT' })).total).toBe(5);
    expect(sns(await list(tokens.admin, { q: 'HG-GW' }))).toEqual(['RECGW01']);
    expect(sns(await list(tokens.admin, { q: '2.1.0' }))).toEqual(['RECINV01']);
    expect(sns(await list(tokens.admin, { q: '1.9' }))).toEqual(['RECINV01']);
    // By when it started (inclusive), or, never started, when it was asked for.
    const window = { from: String(min(61).getTime()), to: String(min(120).getTime()) };
    expect(sns(await list(tokens.admin, window))).toEqual(['RECINV01', 'RECMTR01']);
    expect(sns(await list(tokens.admin, { to: String(min(1).getTime()) }))).toEqual(['RECGW01']);
    expect(sns(await list(tokens.admin, { from: String(min(150).getTime()) }))).toEqual(['RECINV02']);
    // Filters together.
    expect(sns(await list(tokens.admin, { kind: 'inverter', state: 'succeeded', q: '2.0.0' }))).toEqual(['RECINV01']);
  });

  it('pages newest first, and says how many match in all', async () => {
    const second = await list(tokens.admin, { page: '2', size: '2' });
    expect(second.total).toBe(5);
    expect(sns(second)).toEqual(['RECMTR01', 'RECINV01']);
    expect(sns(await list(tokens.admin, { page: '3', size: '2' }))).toEqual(['RECGW01']);
    expect((await list(tokens.admin, { page: '4', size: '2' })).rows).toEqual([]);
  });

  it('takes % and _ in the search as themselves', async () => {
    expect(sns(await list(tokens.admin, { q: '0%' }))).toEqual(['RECMTR01']);
    expect((await list(tokens.admin, { q: '%' })).total).toBe(1);
    // Unescaped, `_` would match any character (SIM-HYB, HG-GW…); no record has one.
    expect((await list(tokens.admin, { q: 'M_H' })).total).toBe(0);
    expect((await list(tokens.admin, { q: '_' })).total).toBe(0);
  });

  it('refuses bad filters with a clear code, never a 500', async () => {
    const backwards = await t.call('GET', '/api/v1/upgrade/records', {
      token: tokens.admin,
      query: { from: String(min(10).getTime()), to: String(min(5).getTime()) },
    });
    expect([backwards.status, backwards.code]).toEqual([400, ERROR_CODES.validation]);
    const bad: Record<string, string>[] = [
      { kind: 'toaster' },
      { state: 'done' },
      { rolloutId: 'nope' },
      { from: '-1' },
      { q: 'x'.repeat(65) },
    ];
    for (const q of bad) {
      const res = await t.call('GET', '/api/v1/upgrade/records', { token: tokens.admin, query: q });
      expect([res.status, res.code], JSON.stringify(q)).toEqual([400, ERROR_CODES.validation]);
    }
    // A bound past the last date a clock can show is the last date, not a fault.
    expect((await list(tokens.admin, { to: String(Number.MAX_SAFE_INTEGER) })).total).toBe(5);
    expect((await list(tokens.admin, { from: String(Number.MAX_SAFE_INTEGER) })).total).toBe(0);
  });

  it('refuses callers without the maintenance log permission', async () => {
    for (const token of [tokens.visitor, tokens.owner]) {
      for (const url of ['/api/v1/upgrade/records', '/api/v1/upgrade/records/download']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        expect([res.statusCode, (res.json() as { code: number }).code]).toEqual([403, ERROR_CODES.noPermission]);
      }
    }
  });
});

describe('the upgrade records download', () => {
  async function sheet(token: string, q: string): Promise<ExcelJS.Worksheet | undefined> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/upgrade/records/download?${q}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="upgrade-records-\d{8}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb.worksheets[0];
  }
  const texts = (row: ExcelJS.Row | undefined): string[] => {
    const out: string[] = [];
    row?.eachCell({ includeEmpty: true }, (c) => void out.push(c.text));
    return out;
  };

  it('opens with the rows, newest first, under headings in the caller’s language', async () => {
    const ws = await sheet(tokens.admin, 'lan=de');
    const de = MESSAGES.de.sheetHeadings;
    expect(texts(ws?.getRow(1))).toEqual([
      de.sn,
      de.upgradeKind,
      de.model,
      de.plant,
      de.upgradeFrom,
      de.upgradeTo,
      de.upgradeState,
      de.upgradeError,
      de.upgradeWave,
      de.upgradeOperator,
      de.upgradeCreated,
      de.upgradeStarted,
      de.upgradeFinished,
      de.upgradeSteps,
    ]);
    expect(ws?.rowCount).toBe(6);
    const first = texts(ws?.getRow(2));
    expect(first.slice(0, 9)).toEqual([
      'RECINV02',
      MESSAGES.de.sheetWords.kindInverter,
      'SIM-MI-800',
      'Records plant',
      '1.0',
      '1.2',
      MESSAGES.de.sheetWords.upgradeRunning,
      '',
      '1',
    ]);
    expect(first[10]).toBe('2026-06-01 03:00:00');
    const meter = texts(ws?.getRow(4));
    expect(meter.slice(6, 8)).toEqual([MESSAGES.de.sheetWords.upgradeFailed, 'hash mismatch']);
    const gateway = texts(ws?.getRow(6));
    expect(gateway[9]).toBe(ACCOUNTS.admin);
    expect(gateway.slice(11, 13)).toEqual(['2026-06-01 00:01:00', '2026-06-01 00:05:00']);
    const words = MESSAGES.de.sheetWords;
    expect(gateway[13]).toBe(
      [
        `${words.stepSendingCode} 2026-06-01 00:01:00`,
        `${words.stepSendingFile} 2026-06-01 00:02:00`,
        `${words.stepDownloadOk} 2026-06-01 00:03:00`,
        `${words.stepUpgradeOk} 2026-06-01 00:05:00`,
      ].join('; '),
    );
  });

  it('takes the list’s filters, in Hebrew right to left, and never another company’s rows', async () => {
    const ws = await sheet(tokens.admin, 'lan=he&kind=meter');
    expect(ws?.getRow(1).getCell(1).text).toBe(MESSAGES.he.sheetHeadings.sn);
    expect(ws?.views[0]?.rightToLeft).toBe(true);
    expect(ws?.rowCount).toBe(2);
    expect(ws?.getRow(2).getCell(1).text).toBe('RECMTR01');
    const rival = await sheet(tokens.rival, 'lan=en');
    expect(rival?.rowCount).toBe(2);
    expect(rival?.getRow(2).getCell(1).text).toBe('RIVINV01');
  });
});

describe('POLICIES.upgrade beyond a company’s own staff', () => {
  const caller = (over: Partial<AuthContext>): AuthContext => ({
    userId: '00000000-0000-4000-8000-000000000001',
    sessionId: 's',
    companyId: null,
    role: 'company_admin',
    roleId: 'r',
    permissions: new Set(),
    ...over,
  });
  const seen = async (auth: AuthContext, write = false): Promise<string[]> =>
    (
      await query<{ sn: string }>(
        t.database.db,
        sql`select distinct u.sn from upgrade u where ${scopeCondition(auth, 'upgrade', { write })} order by u.sn`,
      )
    ).map((r) => r.sn);

  it('lets an agent read the companies it serves, and change only where it operates', async () => {
    const agent = caller({ companyId: rivalId, agentFor: [{ companyId: sunriseId, operate: false }] });
    expect(await seen(agent)).toEqual(['RECGW01', 'RECINV01', 'RECINV02', 'RECMTR01', 'RIVINV01']);
    expect(await seen(agent, true)).toEqual(['RIVINV01']);
    const operating = caller({ companyId: rivalId, agentFor: [{ companyId: sunriseId, operate: true }] });
    expect(await seen(operating, true)).toHaveLength(5);
  });

  it('gives a plant’s owner its plant’s records, and a stranger none', async () => {
    expect(await seen(caller({ role: 'plant_owner', userId: ownerId }))).toEqual([
      'RECGW01',
      'RECINV01',
      'RECINV02',
      'RECMTR01',
    ]);
    expect(await seen(caller({ role: 'plant_owner' }))).toEqual([]);
    expect(await seen(caller({ role: 'customer', companyId: sunriseId }))).toEqual([]);
    // Internal employees read every company's log and change none of it.
    expect(await seen(caller({ role: 'internal_employee' }))).toContain('RIVINV01');
    expect(await seen(caller({ role: 'internal_employee' }), true)).toEqual([]);
  });
});

describe('a company with 50,000 records', () => {
  /** The plan's nodes, flattened: their type and the index they read, if any. */
  function nodes(plan: unknown): { type: string; index?: string; relation?: string }[] {
    const out: { type: string; index?: string; relation?: string }[] = [];
    const walk = (n: Record<string, unknown>) => {
      out.push({
        type: String(n['Node Type']),
        ...(typeof n['Index Name'] === 'string' ? { index: n['Index Name'] } : {}),
        ...(typeof n['Relation Name'] === 'string' ? { relation: n['Relation Name'] } : {}),
      });
      for (const child of (n['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    walk(plan as Record<string, unknown>);
    return out;
  }

  it('reads a page through the index upgrade_company, not the whole table', async () => {
    const db = t.database.db;
    const [gw] = await query<{ id: string }>(db, sql`select id from gateway where sn = 'RECGW01'`);
    const fleet = '00000000-0000-4000-8000-000000050000';
    const elsewhere = '00000000-0000-4000-8000-000000010000';
    // 50,000 records of one company over a year, and 10,000 of another, in one statement each.
    for (const [companyId, n] of [
      [fleet, 50_000],
      [elsewhere, 10_000],
    ] as const)
      await db.execute(sql`insert into upgrade (company_id, gateway_id, kind, sn, model, to_version, state, created_at, started_at)
        select ${companyId}::uuid, ${gw?.id}::uuid, (array['gateway','inverter','meter'])[1 + i % 3], 'BULK' || i,
          'SIM-HYB-10K', '2.' || (i % 50), (array['succeeded','failed','cancelled'])[1 + (i / 3) % 3],
          ${min(0).toISOString()}::timestamptz - make_interval(mins => i * 10),
          ${min(0).toISOString()}::timestamptz - make_interval(mins => i * 10 - 1)
        from generate_series(1, ${n}::int) i`);
    const auth: AuthContext = {
      userId: '00000000-0000-4000-8000-000000000001',
      sessionId: 's',
      companyId: fleet,
      role: 'company_admin',
      roleId: 'r',
      permissions: new Set(),
    };
    const planOf = async (q: SQLWrapper) => {
      const [row] = await query<{ 'QUERY PLAN': [{ Plan: unknown; 'Execution Time': number }] }>(
        db,
        sql`explain (analyze, format json) ${q}`,
      );
      const top = row?.['QUERY PLAN'][0];
      return { nodes: nodes(top?.Plan), ms: top?.['Execution Time'] ?? NaN };
    };
    const reads = (p: { nodes: { type: string; index?: string; relation?: string }[] }) => ({
      index: p.nodes.some((n) => n.index === 'upgrade_company'),
      seqScan: p.nodes.some((n) => n.type === 'Seq Scan' && n.relation === 'upgrade'),
    });
    // As the embedded database runs (no statistics gathered yet), and after ANALYZE, as PostgreSQL's autovacuum
    // leaves it.
    const figures: { analysed: boolean; page: number; filtered: number; count: number }[] = [];
    for (const analysed of [false, true]) {
      if (analysed) await db.execute(sql`analyze upgrade`);
      const first = await planOf(recordsQuery(db, auth, {}, 20, 0));
      expect(reads(first), `first page, analysed ${analysed}`).toEqual({ index: true, seqScan: false });
      const filtered = await planOf(recordsQuery(db, auth, { kind: 'meter', state: 'failed' }, 20, 0));
      expect(reads(filtered), `kind and state, analysed ${analysed}`).toEqual({ index: true, seqScan: false });
      // The count reads every matching record: with a company that is most of the table, a sequential scan is
      // the right plan, so only its time is kept (docs/firmware.md).
      figures.push({
        analysed,
        page: first.ms,
        filtered: filtered.ms,
        count: (await planOf(recordsCountQuery(db, auth, {}))).ms,
      });
    }
    // The milliseconds of each plan, for the bench note: RECORDS_PLAN=1 npx vitest run …/records.test.ts
    if (process.env['RECORDS_PLAN']) console.info(JSON.stringify(figures));
    const [count] = await recordsCountQuery(db, auth, {});
    expect(count?.n).toBe(50_000);
    // The bulk rows go again, so nothing above depends on the order the blocks run in.
    await db.execute(sql`delete from upgrade where company_id in (${fleet}::uuid, ${elsewhere}::uuid)`);
  });
});
