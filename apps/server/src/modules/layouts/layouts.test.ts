import { and, eq } from 'drizzle-orm';
import type { LogicalNode, PhysicalPanel } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, device, deviceDay, deviceLatest, operationLog, plantLayout } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { DEFAULT_VALUATION, provisionPlant, type ProvisionPlant } from '../plants/provision.js';

interface Physical {
  panels: PhysicalPanel[];
  saved: boolean;
  micro: boolean;
  inverters: { sn: string; micro: boolean; inputs: number; pvW: number }[];
}

const t = TestApp.forTests();
let admin: string;
let microPlant: string;
let stringPlant: string;
let guestPlant: string;

const base = (name: string, companyId: string | null): ProvisionPlant => ({
  companyId,
  name,
  type: 'grid',
  inverterKind: 'micro',
  capacityKw: 1.64,
  commissionedOn: '2025-01-01',
  timezone: 'UTC',
  currency: 'EUR',
  latitude: 52.5,
  longitude: 13.4,
  address: 'Berlin',
  valuation: DEFAULT_VALUATION,
  gateways: [],
});
const microMeta = { mppts: 2, pvW: 820, inverterKind: 'micro', phases: 1 };

beforeAll(async () => {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const companyId = sunrise?.id ?? null;
  const userId = async (account: string) =>
    (await db.select().from(appUser).where(eq(appUser.account, account)))[0]?.id ?? '';
  microPlant = (
    await provisionPlant(db, {
      ...base('Layout micro roof', companyId),
      gateways: [
        {
          sn: 'GWLAY00001',
          password: 'GatewayPass2026',
          devices: [
            { sn: 'MILAY0001', kind: 'inverter', ratedW: 800, meta: microMeta },
            { sn: 'MILAY0002', kind: 'inverter', ratedW: 800, meta: microMeta },
          ],
        },
      ],
      sharedWith: [{ userId: await userId(ACCOUNTS.visitor), level: 'guest' }],
    })
  ).plantId;
  stringPlant = (
    await provisionPlant(db, {
      ...base('Layout string roof', companyId),
      inverterKind: 'string',
      capacityKw: 8.2,
      gateways: [
        {
          sn: 'GWLAY00002',
          password: 'GatewayPass2026',
          devices: [
            { sn: 'INVLAY0001', kind: 'inverter', ratedW: 6000, meta: { mppts: 2, pvW: 8200, inverterKind: 'string' } },
          ],
        },
      ],
    })
  ).plantId;
  // Someone else's plant shared to the demo owner as a guest: visible, not changeable.
  guestPlant = (
    await provisionPlant(db, {
      ...base('Layout guest roof', companyId),
      gateways: [],
      sharedWith: [{ userId: await userId(ACCOUNTS.owner), level: 'guest' }],
    })
  ).plantId;

  const [mi1] = await db.select().from(device).where(eq(device.sn, 'MILAY0001'));
  await db.insert(deviceLatest).values({
    deviceId: mi1?.id ?? '',
    ts: new Date(),
    metrics: { p_pv: 500, mppt1_p: 380, mppt1_v: 34.2, mppt1_i: 11.1, mppt2_p: 120, mppt2_v: 33, mppt2_i: 3.6 },
  });
  const [inv] = await db.select().from(device).where(eq(device.sn, 'INVLAY0001'));
  await db.insert(deviceLatest).values({
    deviceId: inv?.id ?? '',
    ts: new Date(),
    metrics: { p_pv: 4100, mppt1_p: 2050, mppt2_p: 2050 },
  });
  const today = new Date().toISOString().slice(0, 10);
  await db.insert(deviceDay).values({ deviceId: inv?.id ?? '', day: today, pv: 12.5 });
  await db.insert(deviceDay).values({ deviceId: inv?.id ?? '', day: '2025-02-01', pv: 30 });
  admin = await t.tokenFor(ACCOUNTS.admin);
});

const physical = (id: string, token: string) =>
  t.call<Physical>('GET', `/api/v1/plant/${id}/physical/layout`, { token });
const save = (id: string, token: string, panels: unknown[]) =>
  t.call<Physical>('POST', `/api/v1/plant/${id}/physical/layout`, { token, body: { panels } });

describe('physical layout', () => {
  it('offers a default layout from the inverters until one is saved: one panel per micro input', async () => {
    const res = await physical(microPlant, admin);
    expect(res.code).toBe(0);
    expect(res.data.saved).toBe(false);
    expect(res.data.micro).toBe(true);
    expect(res.data.panels.map((p) => `${p.inverterSn}/${p.input}@${p.x},${p.y}`)).toEqual([
      'MILAY0001/1@0,0',
      'MILAY0001/2@1,0',
      'MILAY0002/1@2,0',
      'MILAY0002/2@3,0',
    ]);
    const strings = await physical(stringPlant, admin);
    // 8.2 kW on two MPPTs: two strings of ten 410 W panels.
    expect(strings.data.panels).toHaveLength(20);
    expect(new Set(strings.data.panels.map((p) => p.string))).toEqual(new Set(['1-1', '1-2']));
  });

  it('saves moved panels and angles, and gives them back the same way under both paths', async () => {
    const { panels } = (await physical(microPlant, admin)).data;
    const moved = panels.map((p, i) => (i === 0 ? { ...p, x: 7, y: 5, inclination: 15, azimuth: 90, ratedW: 420 } : p));
    const res = await save(microPlant, admin, moved);
    expect(res.code).toBe(0);
    expect(res.data.saved).toBe(true);
    for (const url of [`/api/v1/plant/${microPlant}/physical/layout`, `/api/v1/plant/${microPlant}/layout/physical`]) {
      const back = await t.call<Physical>('GET', url, { token: admin });
      expect(back.data.saved).toBe(true);
      expect(back.data.panels[0]).toMatchObject({ x: 7, y: 5, inclination: 15, azimuth: 90, ratedW: 420 });
      expect(back.data.panels).toHaveLength(4);
    }
    const log = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.target, microPlant), eq(operationLog.operation, 'plant.layout.physical')));
    expect(log).toHaveLength(1);
    expect(log[0]?.newValue).toBe('{"panels":4}');
  });

  it('refuses a 100th panel with the panel-limit message and keeps the saved layout', async () => {
    const before = (await physical(microPlant, admin)).data.panels;
    const panel = before[0] as PhysicalPanel;
    const many = Array.from({ length: 100 }, (_, i) => ({
      ...panel,
      id: `p${i + 1}`,
      x: i % 10,
      y: Math.floor(i / 10),
      number: i + 1,
    }));
    const res = await save(microPlant, admin, many);
    expect(res.code).toBe(1219);
    expect(res.msg).toMatch(/99/);
    expect((await physical(microPlant, admin)).data.panels).toEqual(before);
    const ok = await save(microPlant, admin, many.slice(0, 99));
    expect(ok.code).toBe(0);
    expect(ok.data.panels).toHaveLength(99);
    await save(microPlant, admin, before);
  });

  it('refuses angles and power out of range with code 4 naming each field, saving nothing', async () => {
    const before = (await physical(microPlant, admin)).data.panels;
    const [a, b, c] = before as [PhysicalPanel, PhysicalPanel, PhysicalPanel];
    const res = await t.call<{ fields: { field: string }[] }>('POST', `/api/v1/plant/${microPlant}/physical/layout`, {
      token: admin,
      body: {
        panels: [
          { ...a, inclination: 91 },
          { ...b, azimuth: -1 },
          { ...c, ratedW: 0 },
        ],
      },
    });
    expect(res.code).toBe(4);
    expect(res.data.fields.map((f) => f.field).sort()).toEqual([
      'panels.0.inclination',
      'panels.1.azimuth',
      'panels.2.ratedW',
    ]);
    const clash = await save(microPlant, admin, [a, { ...b, x: a.x, y: a.y }]);
    expect(clash.code).toBe(4);
    expect((await physical(microPlant, admin)).data.panels).toEqual(before);
  });

  it('lets a visitor and a guest share look but not save (code 2)', async () => {
    const visitor = await t.tokenFor(ACCOUNTS.visitor);
    const seen = await physical(microPlant, visitor);
    expect(seen.code).toBe(0);
    expect((await save(microPlant, visitor, seen.data.panels)).code).toBe(2);
    const owner = await t.tokenFor(ACCOUNTS.owner);
    const guest = await physical(guestPlant, owner);
    expect(guest.code).toBe(0);
    expect((await save(guestPlant, owner, [])).code).toBe(2);
    expect(await t.database.db.select().from(plantLayout).where(eq(plantLayout.plantId, guestPlant))).toHaveLength(0);
  });

  it('answers another company "plant does not exist" (700) on every layout route', async () => {
    const rival = await t.otherCompanyToken();
    const gets = [
      `/plant/${microPlant}/physical/layout`,
      `/plant/${microPlant}/layout/physical`,
      `/plant/${microPlant}/layout/logical`,
      `/plant/${microPlant}/logical/layout/day`,
      `/plant/${microPlant}/physical/layout/micro/panel`,
    ];
    for (const url of gets) expect((await t.call('GET', `/api/v1${url}`, { token: rival })).code).toBe(700);
    expect((await save(microPlant, rival, [])).code).toBe(700);
    const logical = await t.call('POST', `/api/v1/plant/${microPlant}/layout/logical`, {
      token: rival,
      body: { collapsed: [] },
    });
    expect(logical.code).toBe(700);
    expect((await physical('00000000-0000-0000-0000-000000000000', admin)).code).toBe(700);
  });
});

describe('live panels and the logical tree', () => {
  it('reports each micro panel’s own input power; an inverter without a fresh reading has none', async () => {
    const res = await t.call<{
      panels: { id: string; inverterSn: string; input: number; powerW: number | null; efficiency: number | null }[];
    }>('GET', `/api/v1/plant/${microPlant}/physical/layout/micro/panel`, { token: admin });
    expect(res.code).toBe(0);
    const by = new Map(res.data.panels.map((p) => [`${p.inverterSn}/${p.input}`, p]));
    expect(by.get('MILAY0001/1')?.powerW).toBe(380);
    expect(by.get('MILAY0001/2')?.powerW).toBe(120);
    expect(by.get('MILAY0002/1')?.powerW).toBeNull();
    const none = await t.call<{ panels: unknown[] }>(
      'GET',
      `/api/v1/plant/${stringPlant}/physical/layout/micro/panel`,
      {
        token: admin,
      },
    );
    expect(none.data.panels).toEqual([]);
  });

  it('builds the tree with power now, energy for the period and efficiency against peak', async () => {
    const day = await t.call<LogicalNode[]>('GET', `/api/v1/plant/${stringPlant}/logical/layout/day`, { token: admin });
    expect(day.code).toBe(0);
    const root = day.data.find((n) => n.kind === 'root');
    expect(root).toMatchObject({ powerW: 4100, energyKwh: 12.5, ratedW: 8200, efficiency: 50 });
    expect(day.data.filter((n) => n.kind === 'string')).toHaveLength(2);
    expect(day.data.filter((n) => n.kind === 'panel')).toHaveLength(20);
    const total = await t.call<LogicalNode[]>('GET', `/api/v1/plant/${stringPlant}/logical/layout/total`, {
      token: admin,
    });
    expect(total.data.find((n) => n.kind === 'root')?.energyKwh).toBe(42.5);
    const bad = await t.call('GET', `/api/v1/plant/${stringPlant}/logical/layout/week`, { token: admin });
    expect(bad.code).toBe(4);
  });

  it('keeps the folded nodes of the logical view', async () => {
    const collapsed = [`inv:INVLAY0001:s2`];
    const saved = await t.call('POST', `/api/v1/plant/${stringPlant}/layout/logical`, {
      token: admin,
      body: { collapsed },
    });
    expect(saved.code).toBe(0);
    const back = await t.call<{ collapsed: string[]; saved: boolean }>(
      'GET',
      `/api/v1/plant/${stringPlant}/layout/logical`,
      {
        token: admin,
      },
    );
    expect(back.data).toEqual({ collapsed, saved: true });
  });
});
