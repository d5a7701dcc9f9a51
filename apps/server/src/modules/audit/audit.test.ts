import { ERROR_CODES } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();
let admin: string;
let staff: string;
let rival: string;
let platform: string;
let sunriseId: string;
let rivalId: string;

interface Row {
  action: string;
  oldValue: unknown;
  newValue: unknown;
  ip: string;
  at: number;
  actor: { account: string; nickname: string } | null;
}
type Page = { total: number; rows: Row[] };

const audit = (token: string, query: Record<string, string> = {}) =>
  t.call<Page>('GET', '/api/v1/company/audit', { token, query });

beforeAll(async () => {
  admin = await t.tokenFor(ACCOUNTS.admin);
  staff = await t.tokenFor(ACCOUNTS.staff);
  platform = await t.tokenFor(ACCOUNTS.platform);
  rival = await t.otherCompanyToken();
  const companies = await t.database.db.select().from(company);
  sunriseId = companies.find((c) => c.name === 'Sunrise Energy')?.id ?? '';
  rivalId = companies.find((c) => c.name === 'Rival Solar')?.id ?? '';
  // Three changes in Sunrise, one in Rival.
  await t.call('POST', '/api/v1/company/themeColor', { token: admin, body: { themeColor: '#aa3300' } });
  await t.call('POST', '/api/v1/company/themeColor', { token: admin, body: { themeColor: '#0b5fff' } });
  await t.call('POST', '/api/v1/company/agent', { token: admin, body: { account: 'boss@rival.example' } });
  await t.call('POST', '/api/v1/company/themeColor', { token: rival, body: { themeColor: '#123456' } });
});

describe('the audit log', () => {
  it('shows the caller’s company’s changes, newest first, with who, old and new value and the address', async () => {
    const res = await audit(admin);
    expect(res.code).toBe(0);
    expect(res.data.total).toBe(3);
    expect(res.data.rows.map((r) => r.action)).toEqual(['agent.appoint', 'company.themeColor', 'company.themeColor']);
    expect(res.data.rows[1]).toMatchObject({
      oldValue: { themeColor: '#aa3300' },
      newValue: { themeColor: '#0b5fff' },
      ip: '127.0.0.1',
      actor: { account: ACCOUNTS.admin, nickname: 'Amira Haddad' },
    });
    const [newest, next] = res.data.rows;
    expect((newest?.at ?? 0) >= (next?.at ?? 0)).toBe(true);
  });

  it('never shows another company’s entries; naming another company is "does not exist"', async () => {
    const own = await audit(rival);
    expect(own.data.rows.map((r) => r.newValue)).toEqual([{ themeColor: '#123456' }]);
    const other = await audit(rival, { companyId: sunriseId });
    expect(other.code).toBe(ERROR_CODES.notFound);
  });

  it('filters by action family, actor, target and time, and pages', async () => {
    expect((await audit(admin, { family: 'agent' })).data.total).toBe(1);
    expect((await audit(admin, { actor: 'amira' })).data.total).toBe(3);
    expect((await audit(admin, { actor: 'lukas' })).data.total).toBe(0);
    expect((await audit(admin, { target: rivalId.slice(0, 8) })).data.total).toBe(1);
    expect((await audit(admin, { from: String(Date.UTC(2100, 0, 1)) })).data.total).toBe(0);
    expect((await audit(admin, { to: String(Date.UTC(2000, 0, 1)) })).data.total).toBe(0);
    const page2 = await audit(admin, { size: '2', page: '2' });
    expect(page2.data).toMatchObject({ total: 3 });
    expect(page2.data.rows.map((r) => r.action)).toEqual(['company.themeColor']);
  });

  it('is refused to members without company.audit; platform administrators read any company', async () => {
    expect((await audit(staff)).status).toBe(403);
    const p = await audit(platform, { companyId: rivalId });
    expect(p.data.total).toBe(1);
  });
});
