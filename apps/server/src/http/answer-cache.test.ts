import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../db/schema.js';
import { provisionPlant } from '../modules/plants/provision.js';
import { ACCOUNTS, TestApp } from '../test/harness.js';
import { TEST_PLANT_FIELDS } from '../test/plant-fields.js';

/**
 * The plant list and map reuse a caller's answer for a moment (ANSWER_CACHE_MS): what a user notices is that
 * a plant added elsewhere shows within that moment, their own changes show at once, and nobody ever gets
 * another caller's answer.
 */

let clock = Date.UTC(2026, 5, 1, 12);
let t: TestApp;
let admin: string;
let rival: string;
let n = 0;

beforeAll(async () => {
  t = await TestApp.start({ ANSWER_CACHE_MS: '2000' }, undefined, { now: () => clock });
  admin = await t.tokenFor(ACCOUNTS.admin);
  rival = await t.otherCompanyToken();
});
afterAll(() => t.close());

/** A plant of Sunrise's put straight into the database, as another instance or a script would. */
async function plantBehindTheApi(): Promise<void> {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  n++;
  await provisionPlant(db, {
    companyId: sunrise?.id ?? null,
    name: `Cache Test Plant ${n}`,
    ...TEST_PLANT_FIELDS,
    gateways: [],
  });
}

async function list(token: string, url = '/api/v1/plants?page=1&size=20') {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const body = res.json() as { code: number; data: { total: number } | { id: string }[] };
  return { status: res.statusCode, body, cached: res.headers['x-answer-age'] !== undefined };
}
const total = (r: Awaited<ReturnType<typeof list>>) => (r.body.data as { total: number }).total;

describe('a caller’s plant list is reused for a moment', () => {
  it('a plant added behind the API shows once the moment is over', async () => {
    const first = await list(admin);
    expect(first.cached).toBe(false);
    await plantBehindTheApi();
    const again = await list(admin);
    expect(again.cached).toBe(true);
    expect(total(again)).toBe(total(first));
    clock += 2000;
    const later = await list(admin);
    expect(later.cached).toBe(false);
    expect(total(later)).toBe(total(first) + 1);
  });

  it('another company’s account asking the same URL gets its own answer, never ours', async () => {
    const ours = await list(admin);
    const theirs = await list(rival);
    expect(theirs.cached).toBe(false);
    expect(total(theirs)).toBe(0);
    expect(total(ours)).toBeGreaterThan(0);
    const map = await list(rival, '/api/v1/plants/map');
    expect(map.body.data).toEqual([]);
  });

  it('a change made through this instance shows at once', async () => {
    const before = await list(admin);
    await plantBehindTheApi();
    expect((await list(admin)).cached).toBe(true);
    // Any change answered by this instance (here a sign-out of another session) forgets the moment's answers.
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/v1/oauth/token/revoke',
      payload: { refresh_token: 'rt_unknown' },
    });
    expect(signOut.statusCode).toBe(200);
    const after = await list(admin);
    expect(after.cached).toBe(false);
    expect(total(after)).toBe(total(before) + 1);
  });

  it('a refusal is never kept: a signed-out caller is still refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/plants?page=1&size=20' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-answer-age']).toBeUndefined();
  });
});
