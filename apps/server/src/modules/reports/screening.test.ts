import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES, SCREENING_BANDS, screeningQuery, type PlantType, type ScreeningAnswer } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import type { AuthContext } from '../../http/context.js';
import { provisionPlant } from '../plants/provision.js';
import { RANKING_MEMO_MS, RankingMemo } from './screening.js';

/**
 * The data-screening dashboard (issue 16 point 6) through the API: the filtered fleet ranked by its figures for
 * a month, each plant's kWh/kWp against its peers' median, the under-performers found, and only the caller's
 * plants. Five German plants of 10 kWp made 1,000, 1,100, 1,200, 1,300 and 600 kWh in May 2026 (median 110
 * kWh/kWp: the 600 kWh plant is at 55 % of it); a Spanish one reported nothing.
 */
const START = Date.UTC(2026, 5, 15, 12, 0, 0);
const clock = { ms: START, now: (): number => clock.ms };

let t: TestApp;
let admin = '';
let rival = '';
const ids: Record<string, string> = {};

const screen = (token: string, params: string) =>
  t.call<ScreeningAnswer>('GET', `/api/v1/plant/report/screening?period=monthly&date=2026-05&${params}`, { token });

/** A month of equal days adding up to `total` kWh. */
async function may(plantId: string, total: number): Promise<void> {
  for (let d = 1; d <= 31; d++)
    await t.database.db.execute(
      sql`insert into plant_day (plant_id, day, pv) values (${plantId}, ${`2026-05-${String(d).padStart(2, '0')}`}::date, ${total / 31})`,
    );
}

beforeAll(async () => {
  t = await TestApp.start({}, undefined, { now: clock.now });
  admin = await t.tokenFor(ACCOUNTS.admin);
  rival = await t.otherCompanyToken();
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [other] = await db.select().from(company).where(eq(company.name, 'Rival Solar'));
  const plant = async (
    name: string,
    fields: { country: string; type?: PlantType; capacityKw?: number },
    companyId = sunrise?.id,
  ) =>
    (await provisionPlant(db, { companyId: companyId ?? null, name, ...TEST_PLANT_FIELDS, ...fields, gateways: [] }))
      .plantId;
  ids.a = await plant('Screen Alpha', { country: 'DE' });
  ids.b = await plant('Screen Bravo', { country: 'DE' });
  ids.c = await plant('Screen Charlie', { country: 'DE', type: 'storage_ac' });
  ids.d = await plant('Screen Delta', { country: 'DE', type: 'storage_ac' });
  ids.e = await plant('Screen Echo', { country: 'DE' });
  ids.f = await plant('Screen Foxtrot', { country: 'ES', capacityKw: 250 });
  ids.rival = await plant('Screen Rival', { country: 'FR' }, other?.id);
  await may(ids.a, 1000);
  await may(ids.b, 1100);
  await may(ids.c, 1200);
  await may(ids.d, 1300);
  await may(ids.e, 600);
  await may(ids.rival, 50);
}, 60_000);

afterAll(() => t.close());

describe('data screening', () => {
  it('ranks a region by kWh/kWp against the peers’ median, worst first, and finds the under-performer', async () => {
    const res = await screen(admin, 'country=DE');
    expect(res.code).toBe(0);
    const { rows, summary, total } = res.data;
    expect(total).toBe(5);
    expect(rows.map((r) => r.plantName)).toEqual([
      'Screen Echo',
      'Screen Alpha',
      'Screen Bravo',
      'Screen Charlie',
      'Screen Delta',
    ]);
    expect(summary.medianSpecificYield).toBeCloseTo(110, 9);
    expect(rows[0]?.peerShare).toBeCloseTo(60 / 110, 9);
    expect(rows.map((r) => r.under)).toEqual([true, false, false, false, false]);
    expect(summary).toMatchObject({ plants: 5, under: 1, noData: 0, capacityKwp: 50 });
    expect(summary.pv).toBeCloseTo(5200, 6);
    expect(summary.specificYield).toBeCloseTo(104, 6);
    // 0.55 in [0.5, 0.8); 0.91 in [0.9, 1.1) with 1.0; 1.09 too; 1.18 in [1.1, 1.2).
    expect(summary.bands).toEqual([0, 1, 0, 3, 1, 0]);
    expect(summary.bands).toHaveLength(SCREENING_BANDS.length);
    // Each row carries the plant's full report figures: a report row's generation is its rollups' sum.
    expect(rows[1]).toMatchObject({ plantId: ids.a, country: 'DE', type: 'grid', capacityKwp: 10 });
    expect(rows[1]?.pv).toBeCloseTo(1000, 6);
    expect(rows[1]?.specificYield).toBeCloseTo(100, 6);
    expect(rows[1]?.performanceRatio).toBeGreaterThan(0);
  });

  it('keeps the under-performers only when asked, and sorts by any figure both ways', async () => {
    const under = await screen(admin, 'country=DE&under=true');
    expect(under.data.rows.map((r) => r.plantId)).toEqual([ids.e]);
    expect(under.data.total).toBe(1);
    // The summary still reads the peers, not only the under-performers.
    expect(under.data.summary.plants).toBe(5);
    const best = await screen(admin, 'country=DE&sort=pv&order=desc&size=2');
    expect(best.data.rows.map((r) => r.plantName)).toEqual(['Screen Delta', 'Screen Charlie']);
    const second = await screen(admin, 'country=DE&sort=name&order=asc&size=2&page=2');
    expect(second.data.rows.map((r) => r.plantName)).toEqual(['Screen Charlie', 'Screen Delta']);
    expect(second.data.total).toBe(5);
  });

  it('compares a plant with the peers under the filters: the type narrows the median', async () => {
    const storage = await screen(admin, 'country=DE&type=storage_ac');
    expect(storage.data.rows.map((r) => r.plantName)).toEqual(['Screen Charlie', 'Screen Delta']);
    expect(storage.data.summary.medianSpecificYield).toBeCloseTo(125, 9);
    expect(storage.data.rows[0]?.peerShare).toBeCloseTo(120 / 125, 9);
    const big = await screen(admin, 'capacityMin=100');
    expect(big.data.rows.map((r) => r.plantName)).toEqual(['Screen Foxtrot']);
  });

  it('counts a plant that reported nothing apart and sorts it last, whichever the direction', async () => {
    const all = await screen(admin, 'keyword=Screen&size=100');
    expect(all.data.summary.noData).toBe(1);
    expect(all.data.rows.at(-1)?.plantName).toBe('Screen Foxtrot');
    expect(all.data.rows.at(-1)?.peerShare).toBeNull();
    const desc = await screen(admin, 'keyword=Screen&size=100&order=desc');
    expect(desc.data.rows.at(-1)?.plantName).toBe('Screen Foxtrot');
    expect(desc.data.rows[0]?.plantName).toBe('Screen Delta');
    expect(all.data.countries).toEqual(expect.arrayContaining(['DE', 'ES']));
    expect(all.data.countries).not.toContain('FR');
  });

  it('filters by the plant’s status as the plant list does', async () => {
    // No gateway, no device: every plant here is offline.
    const offline = await screen(admin, 'keyword=Screen&status=offline');
    expect(offline.data.total).toBe(6);
    expect(offline.data.rows.every((r) => r.status === 'offline')).toBe(true);
    expect((await screen(admin, 'keyword=Screen&status=normal')).data.total).toBe(0);
  });

  it('shows another company only its own plants', async () => {
    const res = await screen(rival, 'size=100');
    expect(res.data.rows.map((r) => r.plantName)).toEqual(['Screen Rival']);
    expect(res.data.countries).toEqual(['FR']);
    expect((await screen(rival, 'country=DE')).data.total).toBe(0);
  });

  it('refuses a bad region, sort or period with "the input is not valid", never a 500', async () => {
    for (const params of [
      'country=Germany',
      'sort=pr',
      'under=yes',
      'keyword=a%00b',
      `keyword=${'x'.repeat(5000)}`,
      'capacityMin=abc',
      'page=0',
    ]) {
      const res = await screen(admin, params);
      expect(res.code).toBe(ERROR_CODES.validation);
    }
    for (const [period, date] of [
      ['monthly', '2026-13'],
      ['monthly', 'May'],
      ['daily', '2026-02-30'],
      ['yearly', '99999'],
    ]) {
      const res = await t.call('GET', `/api/v1/plant/report/screening?period=${period}&date=${date}`, { token: admin });
      expect(res.code, `${period} ${date}`).toBe(ERROR_CODES.validation);
    }
    const wrongAnchor = await t.call('GET', '/api/v1/plant/report/screening?period=monthly&date=2026', {
      token: admin,
    });
    expect(wrongAnchor.code).toBe(ERROR_CODES.validation);
  });
});

describe('the ranking memo', () => {
  const q = (extra: Record<string, string> = {}) =>
    screeningQuery.parse({ period: 'monthly', date: '2026-05', ...extra });
  const who = (userId: string) => ({ userId, roleId: 'r', companyId: 'c' }) as unknown as AuthContext;
  const ranking = { fleet: [], summary: {} as ScreeningAnswer['summary'] };

  it('ranks once for the pages and sorts of one filter, again after 30 s, apart per caller and filter', async () => {
    const now = { ms: 0 };
    const memo = new RankingMemo(() => now.ms);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      return ranking;
    };
    await memo.get(who('u1'), q(), compute);
    await memo.get(who('u1'), q({ page: '3', sort: 'pv', order: 'desc', under: 'true' }), compute);
    expect(computed).toBe(1);
    await memo.get(who('u2'), q(), compute);
    await memo.get(who('u1'), q({ country: 'DE' }), compute);
    expect(computed).toBe(3);
    now.ms = RANKING_MEMO_MS;
    await memo.get(who('u1'), q(), compute);
    expect(computed).toBe(4);
  });

  it('does not keep a ranking that failed', async () => {
    const memo = new RankingMemo(() => 0);
    await expect(memo.get(who('u1'), q(), () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await new Promise((r) => setImmediate(r));
    await expect(memo.get(who('u1'), q(), async () => ranking)).resolves.toBe(ranking);
  });
});
