import { eq } from 'drizzle-orm';
import { localDay, type PlantType } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, device, deviceEvent, deviceLatest, plant, plantDay, plantPower } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { DEFAULT_VALUATION, provisionPlant } from './provision.js';

/**
 * My Plants (spec §2.2 plants, §7 GET plants, plants/map, mapCount, queryStationByPoint, anonymous/inChina):
 * what a user finds with search, filters, groups, sort and pages, and that nobody sees another's plants.
 */

interface Row {
  id: string;
  name: string;
  status: string;
  powerW: number | null;
  todayKwh: number;
  totalKwh: number;
  capacityKw: number;
  writable: boolean;
}
interface ListAnswer {
  total: number;
  rows: Row[];
  stats: Record<string, number>;
  groups: Record<string, number>;
}
interface MapPoint {
  id: string;
  name: string;
  lat: number;
  lon: number;
  status: string;
  capacityKw: number;
  todayKwh: number;
}

const TZ = 'Europe/Berlin';
const t = TestApp.forTests();
let admin: string;
let rival: string;
const ids: Record<string, string> = {};

interface Fixture {
  name: string;
  type: PlantType;
  capacityKw: number;
  lat: number;
  lon: number;
  address: string;
  /** undefined: no device reports (offline) */
  state?: 'normal' | 'fault' | 'warning';
  powerW?: number;
  todayKwh?: number;
}

const FIXTURES: Fixture[] = [
  {
    name: 'Alpha Harbour Solar',
    type: 'grid',
    capacityKw: 10,
    lat: 52.52,
    lon: 13.4,
    address: 'Hafenstraße 1, Berlin',
    state: 'normal',
    powerW: 5000,
    todayKwh: 20,
  },
  {
    name: 'Beta Ridge Storage',
    type: 'storage_ac',
    capacityKw: 50,
    lat: 52.39,
    lon: 13.06,
    address: 'Potsdam',
    state: 'fault',
    powerW: 20000,
    todayKwh: 80,
  },
  { name: 'Gamma Fields', type: 'grid', capacityKw: 500, lat: 40.4, lon: -3.7, address: 'Calle Mayor, Madrid' },
  {
    name: 'Delta Roofs',
    type: 'storage_dc',
    capacityKw: 5,
    lat: 52.521,
    lon: 13.401,
    address: 'Berlin Mitte',
    state: 'warning',
    powerW: 1000,
    todayKwh: 5,
  },
];

async function userId(account: string): Promise<string> {
  const [u] = await t.database.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.account, account));
  return u?.id ?? '';
}

beforeAll(async () => {
  const db = t.database.db;
  rival = await t.otherCompanyToken();
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [rivalCo] = await db.select().from(company).where(eq(company.name, 'Rival Solar'));
  const [owner, installer, visitor, adminId] = await Promise.all(
    [ACCOUNTS.owner, ACCOUNTS.installer, ACCOUNTS.visitor, ACCOUNTS.admin].map(userId),
  );
  const today = localDay(Date.now(), TZ);
  for (const [i, f] of FIXTURES.entries()) {
    const n = i + 1;
    const { plantId } = await provisionPlant(db, {
      companyId: sunrise?.id ?? null,
      ownerId: n === 1 ? owner : null,
      installerId: n === 1 ? installer : null,
      name: f.name,
      type: f.type,
      inverterKind: 'string',
      capacityKw: f.capacityKw,
      commissionedOn: '2025-01-01',
      timezone: TZ,
      currency: 'EUR',
      latitude: f.lat,
      longitude: f.lon,
      address: f.address,
      valuation: DEFAULT_VALUATION,
      gateways: [
        { sn: `GWLIST000${n}`, password: 'GatewayPass2026', devices: [{ sn: `INVLIST000${n}`, kind: 'inverter' }] },
      ],
      sharedWith: n === 2 ? [{ userId: visitor ?? '', level: 'guest' }] : [],
    });
    ids[f.name] = plantId;
    // Created one after another, a second apart, so "newest first" has an answer.
    await db
      .update(plant)
      .set({ createdAt: new Date(Date.now() - (10 - n) * 1000), ...(n === 3 ? { createdBy: adminId } : {}) })
      .where(eq(plant.id, plantId));
    const [inv] = await db
      .select()
      .from(device)
      .where(eq(device.sn, `INVLIST000${n}`));
    if (f.state && inv) {
      await db.insert(deviceLatest).values({ deviceId: inv.id, ts: new Date(), metrics: {} });
      if (f.state !== 'normal')
        await db.insert(deviceEvent).values({
          gatewayId: inv.gatewayId,
          gatewayEventId: `ev${n}`,
          deviceId: inv.id,
          plantId,
          code: 'E001',
          level: f.state,
          raisedAt: new Date(),
        });
    }
    if (f.powerW !== undefined)
      await db.insert(plantPower).values({ plantId, ts: new Date(Date.now() - 60_000), pv: f.powerW });
    if (f.todayKwh !== undefined) await db.insert(plantDay).values({ plantId, day: today, pv: f.todayKwh });
    await db.insert(plantDay).values({ plantId, day: '2025-06-01', pv: 100 });
  }
  const { plantId: rivalPlant } = await provisionPlant(db, {
    companyId: rivalCo?.id ?? null,
    name: 'Rival Rooftop Berlin',
    type: 'grid',
    inverterKind: 'string',
    capacityKw: 12,
    commissionedOn: '2025-01-01',
    timezone: TZ,
    currency: 'EUR',
    latitude: 52.5201,
    longitude: 13.4001,
    address: 'Berlin',
    valuation: DEFAULT_VALUATION,
    gateways: [{ sn: 'GWRIVAL001', password: 'GatewayPass2026', devices: [] }],
  });
  ids.rival = rivalPlant;
  admin = await t.tokenFor(ACCOUNTS.admin);
});

const list = async (query: Record<string, string> = {}, token = admin) =>
  t.call<ListAnswer>('GET', '/api/v1/plants', { token, query });
const names = (a: { data: { rows: Row[] } }) => a.data.rows.map((r) => r.name);

describe('GET /plants', () => {
  it('lists the company’s plants with status, figures and statistics', async () => {
    const a = await list();
    expect(a.code).toBe(0);
    expect(a.data.total).toBe(4);
    expect(names(a)).toEqual(['Alpha Harbour Solar', 'Beta Ridge Storage', 'Delta Roofs', 'Gamma Fields']);
    expect(a.data.stats).toMatchObject({ all: 4, normal: 1, warning: 1, fault: 1, offline: 1 });
    const alpha = a.data.rows[0];
    expect(alpha).toMatchObject({ status: 'normal', powerW: 5000, todayKwh: 20, totalKwh: 120, capacityKw: 10 });
    // An offline plant shows no current power, not its last reading.
    expect(a.data.rows[3]).toMatchObject({ name: 'Gamma Fields', status: 'offline', powerW: null });
  });

  it('finds plants by name, address, gateway or device serial number, and treats % as a letter', async () => {
    expect(names(await list({ keyword: 'harbour' }))).toEqual(['Alpha Harbour Solar']);
    expect(names(await list({ keyword: 'madrid' }))).toEqual(['Gamma Fields']);
    expect(names(await list({ keyword: 'GWLIST0002' }))).toEqual(['Beta Ridge Storage']);
    expect(names(await list({ keyword: 'invlist0004' }))).toEqual(['Delta Roofs']);
    const none = await list({ keyword: '%' });
    expect(none.data).toMatchObject({ total: 0, rows: [] });
    expect(none.data.stats.all).toBe(0);
  });

  it('filters by type, status and capacity; statistics follow every filter but the status', async () => {
    expect(names(await list({ type: 'grid' }))).toEqual(['Alpha Harbour Solar', 'Gamma Fields']);
    const faults = await list({ status: 'fault' });
    expect(names(faults)).toEqual(['Beta Ridge Storage']);
    expect(faults.data.total).toBe(1);
    expect(faults.data.stats).toMatchObject({ all: 4, fault: 1, offline: 1 });
    const mid = await list({ capacityMin: '10', capacityMax: '50' });
    expect(names(mid)).toEqual(['Alpha Harbour Solar', 'Beta Ridge Storage']);
    expect(mid.data.stats).toMatchObject({ all: 2, normal: 1, fault: 1, offline: 0 });
    expect((await list({ type: 'grid', status: 'offline' })).data.rows.map((r) => r.name)).toEqual(['Gamma Fields']);
  });

  it('refuses a capacity range upside down, an unknown status and a page of more than 100', async () => {
    expect((await list({ capacityMin: '50', capacityMax: '10' })).code).toBe(4);
    expect((await list({ status: 'exploded' })).code).toBe(4);
    expect((await list({ size: '101' })).code).toBe(4);
    expect((await list({ sort: 'password' })).code).toBe(4);
  });

  it('sorts by name, capacity, current power, today’s energy and creation', async () => {
    expect(names(await list({ sort: 'name', order: 'desc' }))[0]).toBe('Gamma Fields');
    expect(names(await list({ sort: 'capacity', order: 'desc' }))).toEqual([
      'Gamma Fields',
      'Beta Ridge Storage',
      'Alpha Harbour Solar',
      'Delta Roofs',
    ]);
    // Offline plants have no power and come last either way.
    expect(names(await list({ sort: 'power', order: 'desc' }))).toEqual([
      'Beta Ridge Storage',
      'Alpha Harbour Solar',
      'Delta Roofs',
      'Gamma Fields',
    ]);
    expect(names(await list({ sort: 'power', order: 'asc' }))).toEqual([
      'Delta Roofs',
      'Alpha Harbour Solar',
      'Beta Ridge Storage',
      'Gamma Fields',
    ]);
    expect(names(await list({ sort: 'todayEnergy', order: 'desc' })).slice(0, 3)).toEqual([
      'Beta Ridge Storage',
      'Alpha Harbour Solar',
      'Delta Roofs',
    ]);
    expect(names(await list({ sort: 'created', order: 'desc' }))[0]).toBe('Delta Roofs');
    expect(names(await list({ sort: 'created', order: 'asc' }))[0]).toBe('Alpha Harbour Solar');
  });

  it('pages through the plants and keeps the total past the last page', async () => {
    const second = await list({ size: '3', page: '2', sort: 'capacity', order: 'asc' });
    expect(second.data.total).toBe(4);
    expect(names(second)).toEqual(['Gamma Fields']);
    const beyond = await list({ size: '3', page: '5' });
    expect(beyond.data).toMatchObject({ total: 4, rows: [] });
  });

  it('splits the plants into the four groups', async () => {
    const a = await list();
    // Groups are the caller's: the administrator created Gamma and installed none.
    expect(a.data.groups).toEqual({ all: 4, mine: 1, installed: 0, shared: 0 });
    expect(names(await list({ group: 'mine' }))).toEqual(['Gamma Fields']);
    const installer = await t.tokenFor(ACCOUNTS.installer);
    expect(names(await list({ group: 'installed' }, installer))).toEqual(['Alpha Harbour Solar']);
    expect((await list({}, installer)).data.groups).toMatchObject({ all: 4, installed: 1 });
    const owner = await t.tokenFor(ACCOUNTS.owner);
    const own = await list({}, owner);
    expect(names(own)).toEqual(['Alpha Harbour Solar']);
    expect(own.data.groups).toMatchObject({ all: 1, mine: 1, shared: 0 });
  });

  it('shows a visitor only the plants shared to them', async () => {
    const visitor = await t.tokenFor(ACCOUNTS.visitor);
    const a = await list({}, visitor);
    expect(names(a)).toEqual(['Beta Ridge Storage']);
    expect(a.data.stats.all).toBe(1);
    expect(a.data.groups).toMatchObject({ all: 1, shared: 1, mine: 0 });
    expect(names(await list({ group: 'shared' }, visitor))).toEqual(['Beta Ridge Storage']);
    // Read-only for the visitor, while the company's administrator may change it.
    expect(a.data.rows[0]?.writable).toBe(false);
    expect((await list({ keyword: 'Beta' })).data.rows[0]?.writable).toBe(true);
    expect((await list({ keyword: 'Alpha' }, visitor)).data.total).toBe(0);
  });

  it('shows another company none of these plants, even when searching for their serial numbers', async () => {
    const a = await list({}, rival);
    expect(names(a)).toEqual(['Rival Rooftop Berlin']);
    expect(a.data.stats.all).toBe(1);
    expect((await list({ keyword: 'GWLIST0001' }, rival)).data.total).toBe(0);
  });
});

describe('plant map', () => {
  it('answers every plant in scope as a light point, with the list’s filters', async () => {
    const a = await t.call<MapPoint[]>('GET', '/api/v1/plants/map', { token: admin });
    expect(a.code).toBe(0);
    expect(a.data).toHaveLength(4);
    expect(a.data.find((p) => p.name === 'Beta Ridge Storage')).toEqual({
      id: ids['Beta Ridge Storage'],
      name: 'Beta Ridge Storage',
      type: 'storage_ac',
      lat: 52.39,
      lon: 13.06,
      status: 'fault',
      capacityKw: 50,
      todayKwh: 80,
    });
    const grid = await t.call<MapPoint[]>('GET', '/api/v1/plants/map', { token: admin, query: { type: 'grid' } });
    expect(grid.data.map((p) => p.name)).toEqual(['Alpha Harbour Solar', 'Gamma Fields']);
    const visitor = await t.tokenFor(ACCOUNTS.visitor);
    const seen = await t.call<MapPoint[]>('GET', '/api/v1/plants/map', { token: visitor });
    expect(seen.data.map((p) => p.name)).toEqual(['Beta Ridge Storage']);
    const other = await t.call<MapPoint[]>('GET', '/api/v1/plants/map', { token: rival });
    expect(other.data.map((p) => p.name)).toEqual(['Rival Rooftop Berlin']);
  });

  it('counts the map’s plants by status', async () => {
    const a = await t.call<Record<string, number>>('GET', '/api/v1/plants/mapCount', { token: admin });
    expect(a.data).toMatchObject({ all: 4, normal: 1, warning: 1, fault: 1, offline: 1 });
    const storage = await t.call<Record<string, number>>('GET', '/api/v1/plants/mapCount', {
      token: admin,
      query: { type: 'storage_dc' },
    });
    expect(storage.data).toMatchObject({ all: 1, warning: 1, normal: 0 });
    const overview = await t.call<Record<string, number>>('GET', '/api/v1/overview/plantCount', { token: rival });
    expect(overview.data.all).toBe(1);
  });

  it('finds the plants near a point, nearest first, and only the caller’s', async () => {
    const near = await t.call<(Row & { distanceKm: number })[]>('GET', '/api/v1/plants/queryStationByPoint', {
      token: admin,
      query: { lat: '52.52', lon: '13.4', radiusKm: '5' },
    });
    expect(near.code).toBe(0);
    expect(near.data.map((p) => p.name)).toEqual(['Alpha Harbour Solar', 'Delta Roofs']);
    expect(near.data[0]?.distanceKm).toBe(0);
    expect(near.data[1]?.distanceKm).toBeGreaterThan(0.1);
    expect(near.data[1]?.distanceKm).toBeLessThan(0.2);
    const wider = await t.call<Row[]>('GET', '/api/v1/plants/queryStationByPoint', {
      token: admin,
      query: { lat: '52.52', lon: '13.4', radiusKm: '50' },
    });
    expect(wider.data.map((p) => p.name)).toEqual(['Alpha Harbour Solar', 'Delta Roofs', 'Beta Ridge Storage']);
    const atPlant = await t.call<Row[]>('GET', '/api/v1/plants/queryStationByPoint', {
      token: admin,
      query: { id: ids['Alpha Harbour Solar'] ?? '' },
    });
    expect(atPlant.data.map((p) => p.name)).toEqual(['Alpha Harbour Solar', 'Delta Roofs']);
    // The rival's plant stands 15 m away and is still not there for Sunrise.
    expect(atPlant.data.map((p) => p.id)).not.toContain(ids.rival);
  });

  it('answers code 10 for coordinates off the globe', async () => {
    const queries: Record<string, string>[] = [{ lat: '95', lon: '13' }, { lat: '52', lon: '-181' }, { lat: '52' }];
    for (const query of queries) {
      const a = await t.call('GET', '/api/v1/plants/queryStationByPoint', { token: admin, query });
      expect(a.code).toBe(10);
    }
  });

  it('answers 700 when another company or a visitor asks about a plant that is not theirs', async () => {
    const a = await t.call('GET', '/api/v1/plants/queryStationByPoint', {
      token: rival,
      query: { id: ids['Alpha Harbour Solar'] ?? '' },
    });
    expect(a.code).toBe(700);
    const near = await t.call<Row[]>('GET', '/api/v1/plants/queryStationByPoint', {
      token: rival,
      query: { lat: '52.52', lon: '13.4', radiusKm: '50' },
    });
    expect(near.data.map((p) => p.name)).toEqual(['Rival Rooftop Berlin']);
    const visitor = await t.tokenFor(ACCOUNTS.visitor);
    const v = await t.call('GET', '/api/v1/plants/queryStationByPoint', {
      token: visitor,
      query: { id: ids['Gamma Fields'] ?? '' },
    });
    expect(v.code).toBe(700);
  });

  it('has no tile map and answers outside China unless configured', async () => {
    const cfg = await t.call('GET', '/api/v1/plants/mapConfig', { token: admin });
    expect(cfg.data).toEqual({ tileUrl: null, tileUrlCn: null, attribution: '' });
    const china = await t.call('GET', '/api/v1/anonymous/inChina');
    expect(china).toMatchObject({ code: 0, data: { inChina: 0 } });
    expect((await t.call('GET', '/api/v1/plants/mapConfig')).status).toBe(401);
  });
});

describe('a deployment in China with tile maps', () => {
  let cn: TestApp;
  beforeAll(async () => {
    cn = await TestApp.start({
      IN_CHINA: 'true',
      MAP_TILE_URL: 'https://tile.example.org/{z}/{x}/{y}.png',
      MAP_TILE_URL_CN: 'https://tiles.example.cn/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: '© Example maps',
    });
  });
  afterAll(async () => {
    await cn?.close();
  });

  it('answers inChina 1 and both tile URLs', async () => {
    expect((await cn.call('GET', '/api/v1/anonymous/inChina')).data).toEqual({ inChina: 1 });
    const token = await cn.tokenFor(ACCOUNTS.admin);
    const cfg = await cn.call('GET', '/api/v1/plants/mapConfig', { token });
    expect(cfg.data).toEqual({
      tileUrl: 'https://tile.example.org/{z}/{x}/{y}.png',
      tileUrlCn: 'https://tiles.example.cn/{z}/{x}/{y}.png',
      attribution: '© Example maps',
    });
  });
});
