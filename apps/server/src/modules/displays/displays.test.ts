import { and, eq, isNull } from 'drizzle-orm';
import {
  CO2_KG_PER_KWH,
  ERROR_CODES,
  type Display,
  type DisplayData,
  type DisplayTotals,
  type ViewLinkToken,
} from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog, company, display, plantSummary, role } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { DEMO_PASSWORD, signInForTests, TestApp } from '../../test/harness.js';
import { DEFAULT_VALUATION, provisionPlant, type ProvisionPlant } from '../plants/provision.js';
import { DisplayTicker } from './live.js';

// 2026-06-15 12:00 UTC: the clock of the app and of the summaries written below.
const NOW = Date.UTC(2026, 5, 15, 12, 0, 0);
const t = TestApp.forTests();
t.now = () => NOW;
const tk = signInForTests(t, 'admin', 'staff', 'visitor', 'rival');

let plantA: string;
let plantB: string;
let rivalPlant: string;

const base = (name: string, companyId: string | null, capacityKw: number): ProvisionPlant => ({
  companyId,
  name,
  type: 'grid',
  inverterKind: 'string',
  capacityKw,
  commissionedOn: '2025-01-01',
  timezone: 'UTC',
  currency: 'EUR',
  latitude: 48.1,
  longitude: 11.6,
  address: 'Munich',
  valuation: DEFAULT_VALUATION,
  gateways: [],
});

async function summary(plantId: string, powerW: number, todayKwh: number, totalKwh: number) {
  await t.database.db
    .insert(plantSummary)
    .values({
      plantId,
      status: 'normal',
      statusUntil: null,
      powerW,
      powerTs: new Date(NOW),
      todayDay: '2026-06-15',
      todayKwh,
      todayIncome: todayKwh * 0.3,
      totalKwh,
      totalIncome: totalKwh * 0.3,
      computedAt: new Date(NOW),
    })
    .onConflictDoUpdate({ target: plantSummary.plantId, set: { powerW, todayKwh, totalKwh } });
}

const body = (plantIds: string[], extra: Record<string, unknown> = {}) => ({
  name: 'Control room',
  style: 'spliced',
  allPlants: false,
  plantIds,
  rows: 2,
  cols: 3,
  ...extra,
});

beforeAll(async () => {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [rival] = await db.insert(company).values({ name: 'Display Rival Co' }).returning();
  plantA = (await provisionPlant(db, base('Wall plant A', sunrise?.id ?? null, 100))).plantId;
  plantB = (await provisionPlant(db, base('Wall plant B', sunrise?.id ?? null, 50))).plantId;
  rivalPlant = (await provisionPlant(db, base('Rival wall plant', rival?.id ?? null, 10))).plantId;
  await summary(plantA, 42_000, 300, 10_000);
  await summary(plantB, 7_000, 100, 5_000);
  await summary(rivalPlant, 1_000, 10, 100);
});

async function create(token: string, b: unknown) {
  return t.call<Display>('POST', '/api/v1/fullscreen/add', { token, body: b });
}

describe('displays', () => {
  it('a company administrator defines a display of listed plants', async () => {
    const res = await create(tk.admin, body([plantA]));
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      name: 'Control room',
      style: 'spliced',
      rows: 2,
      cols: 3,
      plants: [{ id: plantA, name: 'Wall plant A' }],
      plantCount: 1,
      link: null,
    });
    const list = await t.call<{ total: number; rows: Display[] }>('GET', '/api/v1/fullscreen/list', {
      token: tk.staff,
      query: { keyword: 'control' },
    });
    expect(list.data.rows.map((r) => r.id)).toContain(res.data.id);
  });

  it('refuses another company’s plant as "does not exist" and stores nothing', async () => {
    const before = (await t.database.db.select().from(display)).length;
    const res = await create(tk.admin, body([plantA, rivalPlant], { name: 'Sneaky' }));
    expect(res.code).toBe(700);
    expect((await t.database.db.select().from(display)).length).toBe(before);
  });

  it('refuses bad input with a field message and no row', async () => {
    const res = await create(tk.admin, body([], { name: '' }));
    expect(res.status).toBe(400);
    const fields = (res.data as unknown as { fields: { field: string }[] }).fields.map((f) => f.field);
    expect(fields).toContain('name');
  });

  it('another company’s administrator and a visitor get "does not exist" or no permission', async () => {
    const d = (await create(tk.admin, body([plantA], { name: 'Private wall' }))).data;
    for (const [method, url] of [
      ['GET', `/api/v1/fullscreen/display/${d.id}`],
      ['GET', `/api/v1/fullscreen/display/${d.id}/data`],
      ['POST', `/api/v1/fullscreen/display/${d.id}/link`],
      ['POST', `/api/v1/fullscreen/display/${d.id}/delete`],
    ] as const) {
      const res = await t.call(method, url, { token: tk.rival });
      expect(res.code, url).toBe(404);
    }
    const list = await t.call<{ rows: Display[] }>('GET', '/api/v1/fullscreen/list', { token: tk.rival });
    expect(list.data.rows.map((r) => r.id)).not.toContain(d.id);
    expect((await t.call('GET', '/api/v1/fullscreen/list', { token: tk.visitor })).status).toBe(403);
  });

  it('shows the display’s fleet: totals, map, top plants', async () => {
    const d = (await create(tk.admin, body([plantA, plantB], { name: 'Fleet', style: 'single' }))).data;
    const res = await t.call<DisplayData>('GET', `/api/v1/fullscreen/display/${d.id}/data`, { token: tk.admin });
    expect(res.code).toBe(0);
    expect(res.data.totals).toMatchObject({
      plants: 2,
      capacityKw: 150,
      powerW: 49_000,
      todayKwh: 400,
      totalKwh: 15_000,
    });
    expect(res.data.totals.co2Tonnes).toBeCloseTo((15_000 * CO2_KG_PER_KWH) / 1000);
    expect(res.data.totals.todayIncome).toEqual([{ currency: 'EUR', amount: 120 }]);
    expect(res.data.plants.map((p) => p.name).sort()).toEqual(['Wall plant A', 'Wall plant B']);
    // A: 300 kWh / 100 kWp = 3.0; B: 100 / 50 = 2.0.
    expect(res.data.top.map((p) => [p.name, p.yield])).toEqual([
      ['Wall plant A', 3],
      ['Wall plant B', 2],
    ]);
  });
});

describe('display links', () => {
  let mine: Display;
  let other: Display;
  let token: string;
  const asLink = (method: 'GET' | 'POST', url: string, tok = token) => t.call(method, url, { token: tok });

  beforeAll(async () => {
    mine = (await create(tk.admin, body([plantA], { name: 'Lobby' }))).data;
    other = (await create(tk.admin, body([plantB], { name: 'Office' }))).data;
    const link = await t.call<ViewLinkToken>('POST', `/api/v1/fullscreen/display/${mine.id}/link`, { token: tk.admin });
    token = link.data.token;
  });

  it('is shown once and named on the display without its token', async () => {
    expect(token).toMatch(/^hgl_/);
    const d = await t.call<Display>('GET', `/api/v1/fullscreen/display/${mine.id}`, { token: tk.admin });
    expect(d.data.link?.id).toBeTruthy();
    expect(JSON.stringify(d.data)).not.toContain(token);
  });

  it('reads exactly its display’s plants', async () => {
    const res = await asLink('GET', `/api/v1/fullscreen/display/${mine.id}/data`);
    const data = res.data as DisplayData;
    expect(res.code).toBe(0);
    expect(data.plants.map((p) => p.id)).toEqual([plantA]);
    expect(data.totals).toMatchObject({ plants: 1, powerW: 42_000 });
  });

  it('opens with an account only for who holds the style’s key; the display link needs none', async () => {
    // An agent of the company may define displays (fullscreen.list) but not open a wall screen.
    const db = t.database.db;
    const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    const [agentRole] = await db
      .select({ id: role.id })
      .from(role)
      .where(and(eq(role.key, 'agent'), isNull(role.companyId)));
    await db.insert(appUser).values({
      account: 'wall-agent@sunrise.example',
      email: 'wall-agent@sunrise.example',
      nickname: 'wall-agent',
      companyId: sunrise?.id ?? null,
      roleId: agentRole?.id ?? '',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    });
    const agent = await t.tokenFor('wall-agent@sunrise.example');
    for (const style of ['single', 'spliced', 'multipage'] as const) {
      const d = (await create(tk.admin, body([plantA], { name: `Wall ${style}`, style }))).data;
      const url = `/api/v1/fullscreen/display/${d.id}`;
      expect((await t.call('GET', url, { token: agent })).code, style).toBe(0);
      expect((await t.call('GET', `${url}/data`, { token: agent })).code, style).toBe(ERROR_CODES.noPermission);
      expect((await t.call('GET', `${url}/live`, { token: agent })).code, style).toBe(ERROR_CODES.noPermission);
      expect((await t.call('GET', `${url}/data`, { token: tk.admin })).code, style).toBe(0);
      const link = await t.call<ViewLinkToken>('POST', `${url}/link`, { token: agent });
      expect((await asLink('GET', `${url}/data`, link.data.token)).code, style).toBe(0);
    }
  });

  it('finds another display, of its company or not, "does not exist"', async () => {
    expect((await asLink('GET', `/api/v1/fullscreen/display/${other.id}/data`)).code).toBe(404);
    expect((await asLink('GET', `/api/v1/fullscreen/display/${other.id}`)).code).toBe(404);
  });

  it('never reaches write routes or any other route', async () => {
    for (const [method, url] of [
      ['POST', `/api/v1/fullscreen/display/${mine.id}`],
      ['POST', `/api/v1/fullscreen/display/${mine.id}/link`],
      ['POST', `/api/v1/fullscreen/display/${mine.id}/delete`],
      ['GET', '/api/v1/fullscreen/list'],
      ['GET', `/api/v1/plant/${plantA}`],
      ['GET', '/api/v1/user'],
    ] as const) {
      const res = await asLink(method, url);
      expect(res.status, url).toBe(401);
    }
  });

  it('stops working at once when revoked, and a new link replaces the old', async () => {
    const second = await t.call<ViewLinkToken>('POST', `/api/v1/fullscreen/display/${mine.id}/link`, {
      token: tk.admin,
    });
    expect((await asLink('GET', `/api/v1/fullscreen/display/${mine.id}/data`)).status).toBe(401);
    expect((await asLink('GET', `/api/v1/fullscreen/display/${mine.id}/data`, second.data.token)).code).toBe(0);
    const revoked = await t.call<Display>('POST', `/api/v1/fullscreen/display/${mine.id}/link/revoke`, {
      token: tk.admin,
    });
    expect(revoked.data.link).toBeNull();
    expect((await asLink('GET', `/api/v1/fullscreen/display/${mine.id}/data`, second.data.token)).status).toBe(401);
  });

  it('a made-up token is refused', async () => {
    expect((await asLink('GET', `/api/v1/fullscreen/display/${mine.id}/data`, 'hgl_nothing')).status).toBe(401);
  });
});

describe('live totals', () => {
  it('one tick serves every screen of a display, ends a revoked link’s screens and leaves no timer', async () => {
    const d = (await create(tk.admin, body([plantA, plantB], { name: 'Ticking' }))).data;
    const link = await t.call<ViewLinkToken>('POST', `/api/v1/fullscreen/display/${d.id}/link`, { token: tk.admin });
    const [row] = await t.database.db.select().from(display).where(eq(display.id, d.id));
    const scope = { id: d.id, companyId: row?.companyId ?? '', allPlants: false };
    const ticker = new DisplayTicker({
      db: t.database.db,
      now: () => NOW,
      tickMs: 3_600_000,
      onError: (e) => {
        throw e;
      },
    });
    const seen: DisplayTotals[][] = [[], []];
    let revoked = 0;
    const stops = [0, 1].map((i) =>
      ticker.watch(scope, { linkId: link.data.link.id, send: (x) => seen[i]?.push(x), revoked: () => (revoked += 1) }),
    );
    expect(ticker.size).toBe(1);
    await ticker.tickAll();
    expect(seen.map((s) => s.map((x) => x.powerW))).toEqual([[49_000], [49_000]]);
    await summary(plantA, 50_000, 310, 10_010);
    await ticker.tickAll();
    expect(seen[0]?.at(-1)?.powerW).toBe(57_000);
    await t.call('POST', `/api/v1/fullscreen/display/${d.id}/link/revoke`, { token: tk.admin });
    await ticker.tickAll();
    expect(revoked).toBe(2);
    expect(seen[0]).toHaveLength(2);
    for (const stop of stops) stop();
    expect(ticker.size).toBe(0);
    ticker.stop();
  });
});

describe('the audit log', () => {
  it('records who defined, changed, linked and deleted a display, and who made a plant’s embed link, never a token', async () => {
    const actions = async (targetId: string) =>
      (
        await t.database.db
          .select({ action: auditLog.action, newValue: auditLog.newValue })
          .from(auditLog)
          .where(eq(auditLog.targetId, targetId))
          .orderBy(auditLog.createdAt, auditLog.id)
      ).map((r) => r.action);
    const d = (await create(tk.admin, body([plantA], { name: 'Audited wall' }))).data;
    await t.call('POST', `/api/v1/fullscreen/display/${d.id}`, { token: tk.admin, body: body([plantA, plantB]) });
    const link = await t.call<ViewLinkToken>('POST', `/api/v1/fullscreen/display/${d.id}/link`, { token: tk.admin });
    await t.call('POST', `/api/v1/fullscreen/display/${d.id}/link/revoke`, { token: tk.admin });
    await t.call('POST', `/api/v1/fullscreen/display/${d.id}/delete`, { token: tk.admin });
    expect(await actions(d.id)).toEqual([
      'display.create',
      'display.update',
      'display.link',
      'display.linkRevoke',
      'display.delete',
    ]);
    const [update] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, d.id), eq(auditLog.action, 'display.update')));
    expect(update?.oldValue).toMatchObject({ name: 'Audited wall', plantIds: [plantA] });
    expect(update?.newValue).toMatchObject({ name: 'Control room', plantIds: [plantA, plantB] });
    const embed = await t.call<ViewLinkToken>('POST', '/api/v1/fullscreen/embed', {
      token: tk.admin,
      body: { kind: 'plant', plantId: plantB },
    });
    await t.call('POST', `/api/v1/fullscreen/embed/${embed.data.link.id}/revoke`, { token: tk.admin });
    expect(await actions(plantB)).toEqual(expect.arrayContaining(['embed.create', 'embed.revoke']));
    const logged = JSON.stringify(await t.database.db.select().from(auditLog));
    expect(logged).not.toContain(link.data.token);
    expect(logged).not.toContain(embed.data.token);
    // A refused change leaves no entry.
    const before = (await t.database.db.select().from(auditLog)).length;
    await create(tk.admin, body([rivalPlant], { name: 'Not mine' }));
    expect((await t.database.db.select().from(auditLog)).length).toBe(before);
  });
});

describe('embed links of a plant', () => {
  let token: string;
  let linkId: string;

  beforeAll(async () => {
    const res = await t.call<ViewLinkToken>('POST', '/api/v1/fullscreen/embed', {
      token: tk.admin,
      body: { kind: 'plant', plantId: plantA },
    });
    token = res.data.token;
    linkId = res.data.link.id;
  });

  it('reads its one plant’s flow and nothing else', async () => {
    const rt = await t.call<{ powerW: { pv: number | null } }>('GET', `/api/v1/plant/${plantA}/realtime`, { token });
    expect(rt.code).toBe(0);
    expect((await t.call('GET', `/api/v1/plant/${plantA}`, { token })).code).toBe(0);
    expect((await t.call('GET', `/api/v1/plant/${plantB}`, { token })).code).toBe(700);
    expect((await t.call('GET', `/api/v1/plant/${rivalPlant}/realtime`, { token })).code).toBe(700);
    // Not a display's link, not a route of the plant's other data.
    const d = (await create(tk.admin, body([plantA], { name: 'Embed check' }))).data;
    expect((await t.call('GET', `/api/v1/fullscreen/display/${d.id}/data`, { token })).status).toBe(401);
    expect((await t.call('GET', `/api/v1/plant/${plantA}/power/day`, { token })).status).toBe(401);
    expect(
      (await t.call('POST', `/api/v1/fullscreen/embed`, { token, body: { kind: 'plant', plantId: plantA } })).status,
    ).toBe(401);
  });

  it('is listed for the plant, and another company can neither make, list nor revoke one', async () => {
    const list = await t.call<{ id: string }[]>('GET', '/api/v1/fullscreen/embeds', {
      token: tk.admin,
      query: { plantId: plantA },
    });
    expect(list.data.map((l) => l.id)).toContain(linkId);
    const made = await t.call('POST', '/api/v1/fullscreen/embed', {
      token: tk.rival,
      body: { kind: 'plant', plantId: plantA },
    });
    expect(made.code).toBe(700);
    expect(
      (await t.call('GET', '/api/v1/fullscreen/embeds', { token: tk.rival, query: { plantId: plantA } })).code,
    ).toBe(700);
    expect((await t.call('POST', `/api/v1/fullscreen/embed/${linkId}/revoke`, { token: tk.rival })).code).toBe(404);
    expect((await t.call('GET', `/api/v1/plant/${plantA}`, { token })).code).toBe(0);
  });

  it('stops at once when revoked', async () => {
    expect((await t.call('POST', `/api/v1/fullscreen/embed/${linkId}/revoke`, { token: tk.admin })).code).toBe(0);
    expect((await t.call('GET', `/api/v1/plant/${plantA}/realtime`, { token })).status).toBe(401);
    const list = await t.call<{ id: string }[]>('GET', '/api/v1/fullscreen/embeds', {
      token: tk.admin,
      query: { plantId: plantA },
    });
    expect(list.data.map((l) => l.id)).not.toContain(linkId);
  });
});

describe('layout embed links', () => {
  it('read the plant’s layout and name, not its flow nor another plant', async () => {
    const res = await t.call<ViewLinkToken>('POST', '/api/v1/fullscreen/embed', {
      token: tk.admin,
      body: { kind: 'layout', plantId: plantB },
    });
    const token = res.data.token;
    expect((await t.call('GET', `/api/v1/plant/${plantB}/layout/logical`, { token })).code).toBe(0);
    expect((await t.call('GET', `/api/v1/plant/${plantB}/logical/layout/day`, { token })).code).toBe(0);
    expect((await t.call('GET', `/api/v1/plant/${plantB}/physical/layout`, { token })).code).toBe(0);
    expect((await t.call('GET', `/api/v1/plant/${plantB}`, { token })).code).toBe(0);
    expect((await t.call('GET', `/api/v1/plant/${plantA}/layout/logical`, { token })).code).toBe(700);
    expect((await t.call('GET', `/api/v1/plant/${plantB}/realtime`, { token })).status).toBe(401);
    expect(
      (await t.call('POST', `/api/v1/plant/${plantB}/layout/logical`, { token, body: { collapsed: [] } })).status,
    ).toBe(401);
    const list = await t.call<{ kind: string }[]>('GET', '/api/v1/fullscreen/embeds', {
      token: tk.admin,
      query: { plantId: plantB },
    });
    expect(list.data.map((l) => l.kind)).toEqual(['layout']);
  });
});

describe('device embed links', () => {
  it('read one inverter’s flow, not another inverter of the same plant', async () => {
    const db = t.database.db;
    const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    const meta = { mppts: 2, pvW: 5000, inverterKind: 'string', phases: 1 };
    const plantId = (
      await provisionPlant(db, {
        ...base('Wall plant with inverters', sunrise?.id ?? null, 10),
        gateways: [
          {
            sn: 'GWWALL0001',
            password: 'GatewayPass2026',
            devices: [
              { sn: 'INVWALL01', kind: 'inverter', ratedW: 5000, meta },
              { sn: 'INVWALL02', kind: 'inverter', ratedW: 5000, meta },
            ],
          },
        ],
      })
    ).plantId;
    const refused = await t.call('POST', '/api/v1/fullscreen/embed', {
      token: tk.admin,
      body: { kind: 'device', plantId: plantA, sn: 'INVWALL01' },
    });
    expect(refused.code).toBe(600);
    const res = await t.call<ViewLinkToken>('POST', '/api/v1/fullscreen/embed', {
      token: tk.admin,
      body: { kind: 'device', plantId, sn: 'INVWALL01' },
    });
    const token = res.data.token;
    expect((await t.call('GET', '/api/v1/inverter/INVWALL01/flow', { token })).code).toBe(0);
    expect((await t.call('GET', '/api/v1/inverter/INVWALL02/flow', { token })).code).toBe(600);
    expect((await t.call('GET', `/api/v1/plant/${plantId}`, { token })).status).toBe(401);
    expect((await t.call('GET', '/api/v1/inverter/INVWALL01/control', { token })).status).toBe(401);
    const list = await t.call<{ kind: string; sn: string | null }[]>('GET', '/api/v1/fullscreen/embeds', {
      token: tk.admin,
      query: { plantId },
    });
    expect(list.data).toEqual([expect.objectContaining({ kind: 'device', sn: 'INVWALL01' })]);
  });
});
