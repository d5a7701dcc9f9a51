import { and, count, eq, isNull } from 'drizzle-orm';
import { ERROR_CODES } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog, company, companyAgent, device, role } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { provisionPlant } from '../plants/provision.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { ACCOUNTS, DEMO_PASSWORD, TestApp } from '../../test/harness.js';

// The answer cache on, as in production: a revoked agent must be gone on the very next request all the same.
const t = TestApp.forTests({ ANSWER_CACHE_MS: '60000' });

let sunriseId: string;
let rivalId: string;
let thirdId: string;
let sunrisePlant: string;
let thirdPlant: string;
const tokens: Record<string, string> = {};

async function account(accountName: string, companyId: string | null, roleKey: string): Promise<void> {
  const db = t.database.db;
  const [r] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.key, roleKey), isNull(role.companyId)));
  await db.insert(appUser).values({
    account: accountName,
    email: accountName,
    nickname: accountName.split('@')[0] ?? accountName,
    companyId,
    roleId: r?.id ?? '',
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
}

/** Rows of company_agent and audit_log: a refusal must leave both as they were. */
async function counts(): Promise<{ agents: number; audits: number }> {
  const db = t.database.db;
  const [a] = await db.select({ n: count() }).from(companyAgent);
  const [l] = await db.select({ n: count() }).from(auditLog);
  return { agents: a?.n ?? 0, audits: l?.n ?? 0 };
}

const appoint = (token: string, accountName: string, level: 'view' | 'operate' = 'view') =>
  t.call<{ companyId: string; level: string }>('POST', '/api/v1/company/agent', {
    token,
    body: { account: accountName, level },
  });

beforeAll(async () => {
  const db = t.database.db;
  tokens.rival = await t.otherCompanyToken();
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [rival] = await db.select().from(company).where(eq(company.name, 'Rival Solar'));
  const [third] = await db.insert(company).values({ name: 'Third Power' }).returning();
  sunriseId = sunrise?.id ?? '';
  rivalId = rival?.id ?? '';
  thirdId = third?.id ?? '';
  await account('boss2@rival.example', rivalId, 'company_admin');
  await account('crew@rival.example', rivalId, 'company_staff');
  await account('boss@third.example', thirdId, 'company_admin');
  await account('support@heliograph.example', null, 'internal_employee');
  tokens.admin = await t.tokenFor(ACCOUNTS.admin);
  tokens.crew = await t.tokenFor('crew@rival.example');
  tokens.third = await t.tokenFor('boss@third.example');
  const gw = (sn: string, inv: string) => [
    { sn, password: 'Agent2026gw', devices: [{ sn: inv, kind: 'inverter' as const, ratedW: 5000 }] },
  ];
  sunrisePlant = (
    await provisionPlant(db, {
      companyId: sunriseId,
      name: 'Sunrise roof',
      ...TEST_PLANT_FIELDS,
      gateways: gw('AGGW1', 'AGINV1'),
    })
  ).plantId;
  thirdPlant = (
    await provisionPlant(db, {
      companyId: thirdId,
      name: 'Third roof',
      ...TEST_PLANT_FIELDS,
      gateways: gw('AGGW3', 'AGINV3'),
    })
  ).plantId;
});

describe('appointing an agent', () => {
  it.each([
    ['105: an account that does not exist', 'nobody@nowhere.example', 'accountNotRegistered'],
    ['900: the caller itself', ACCOUNTS.admin, 'agentSelf'],
    ['900: an account of the caller’s company', ACCOUNTS.staff, 'agentSelf'],
    ['901: an internal employee', 'support@heliograph.example', 'agentInternal'],
    ['901: a platform administrator', ACCOUNTS.platform, 'agentInternal'],
    ['902: an account that is not a company administrator', 'crew@rival.example', 'agentManager'],
  ] as const)('refuses %s, and saves nothing', async (_, who, error) => {
    const before = await counts();
    const res = await appoint(tokens.admin ?? '', who);
    expect(res.code).toBe(ERROR_CODES[error]);
    expect(await counts()).toEqual(before);
  });

  it('appoints another company’s administrator, lists it, audits it; then 903 and 202 save nothing', async () => {
    const ok = await appoint(tokens.admin ?? '', 'boss@rival.example');
    expect(ok.code).toBe(0);
    expect(ok.data.companyId).toBe(rivalId);
    const list = await t.call<{ companyName: string; account: string; level: string }[]>(
      'GET',
      '/api/v1/company/agents',
      { token: tokens.admin },
    );
    expect(list.data).toEqual([
      expect.objectContaining({ companyName: 'Rival Solar', account: 'boss@rival.example', level: 'view' }),
    ]);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'agent.appoint'));
    expect(entry).toMatchObject({
      companyId: sunriseId,
      targetId: rivalId,
      newValue: { account: 'boss@rival.example', level: 'view' },
    });

    const before = await counts();
    // 903: the same account cannot serve a second company.
    expect((await appoint(tokens.third ?? '', 'boss@rival.example')).code).toBe(ERROR_CODES.agentOfOthers);
    // 202: Sunrise already has Rival as its agent, whichever of Rival's administrators is named.
    expect((await appoint(tokens.admin ?? '', 'boss2@rival.example')).code).toBe(ERROR_CODES.agentExists);
    expect((await appoint(tokens.admin ?? '', 'boss@rival.example')).code).toBe(ERROR_CODES.agentExists);
    expect(await counts()).toEqual(before);

    // The agent's side: Rival sees whom it serves, read-only.
    const served = await t.call<{ companyName: string }[]>('GET', '/api/v1/company/agents/served', {
      token: tokens.rival,
    });
    expect(served.data.map((s) => s.companyName)).toEqual(['Sunrise Energy']);
  });
});

describe('what an agent company reaches', () => {
  const plantsOf = async (token: string) =>
    (await t.call<{ rows: { id: string }[] }>('GET', '/api/v1/plants', { token })).data.rows.map((r) => r.id);

  it('at level view: the served company’s plants, details and devices, never a third company’s; writes answer "does not exist"', async () => {
    const crew = tokens.crew ?? '';
    const ids = await plantsOf(crew);
    expect(ids).toContain(sunrisePlant);
    expect(ids).not.toContain(thirdPlant);
    expect((await t.call('GET', `/api/v1/plant/${sunrisePlant}`, { token: crew })).code).toBe(0);
    const devices = await t.call<{ sn: string }[]>('GET', `/api/v1/plant/${sunrisePlant}/devices`, { token: crew });
    expect(devices.data.map((d) => d.sn)).toContain('AGINV1');
    expect((await t.call('GET', '/api/v1/inverter/AGINV1', { token: crew })).code).toBe(0);
    expect((await t.call('GET', `/api/v1/plant/${thirdPlant}`, { token: crew })).code).toBe(ERROR_CODES.plantNotFound);
    expect((await t.call('GET', '/api/v1/inverter/AGINV3', { token: crew })).code).toBe(ERROR_CODES.inverterNotFound);

    const rename = await t.call('POST', '/api/v1/inverter/AGINV1/alias', { token: crew, body: { alias: 'Agent' } });
    expect(rename.code).toBe(ERROR_CODES.inverterNotFound);
    const [inv] = await t.database.db.select().from(device).where(eq(device.sn, 'AGINV1'));
    expect(inv?.alias ?? null).not.toBe('Agent');
  });

  it('at level operate: writes are allowed; the change is audited', async () => {
    const level = await t.call<{ level: string }>('POST', `/api/v1/company/agent/${rivalId}/level`, {
      token: tokens.admin,
      body: { level: 'operate' },
    });
    expect(level.data.level).toBe('operate');
    const rename = await t.call('POST', '/api/v1/inverter/AGINV1/alias', {
      token: tokens.crew,
      body: { alias: 'Agent' },
    });
    expect(rename.code).toBe(0);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'agent.level'));
    expect(entry).toMatchObject({ oldValue: { level: 'view' }, newValue: { level: 'operate' } });
  });

  it('another company cannot change or revoke Sunrise’s agent: "does not exist", nothing changed', async () => {
    const before = await counts();
    const revoke = await t.call('POST', `/api/v1/company/agent/${rivalId}/delete`, { token: tokens.third });
    expect(revoke.code).toBe(ERROR_CODES.notFound);
    const level = await t.call('POST', `/api/v1/company/agent/${rivalId}/level`, {
      token: tokens.third,
      body: { level: 'view' },
    });
    expect(level.code).toBe(ERROR_CODES.notFound);
    expect(await counts()).toEqual(before);
  });

  it('revoked: the plants are gone on the next request, even from the answer cache', async () => {
    const crew = tokens.crew ?? '';
    expect(await plantsOf(crew)).toContain(sunrisePlant);
    // Asked twice: the second answer is the cached one.
    expect(await plantsOf(crew)).toContain(sunrisePlant);
    const revoke = await t.call('POST', `/api/v1/company/agent/${rivalId}/delete`, { token: tokens.admin });
    expect(revoke.code).toBe(0);
    expect(await plantsOf(crew)).not.toContain(sunrisePlant);
    expect((await t.call('GET', `/api/v1/plant/${sunrisePlant}`, { token: crew })).code).toBe(
      ERROR_CODES.plantNotFound,
    );
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'agent.revoke'));
    expect(entry).toMatchObject({
      companyId: sunriseId,
      targetId: rivalId,
      oldValue: { account: 'boss@rival.example' },
    });
    expect((await t.call<unknown[]>('GET', '/api/v1/company/agents', { token: tokens.admin })).data).toEqual([]);
  });
});
