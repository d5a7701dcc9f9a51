import { eq } from 'drizzle-orm';
import type { MapClusterAnswer, PlantType } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { DEFAULT_VALUATION, provisionPlant } from './provision.js';

/**
 * GET plants/mapClusters (issue 11): the map's visible box at its zoom, as a person with a large fleet sees
 * it — bubbles where plants crowd, single plants up close, only their own company's plants, the list's
 * filters, and a bad box or zoom answered as a validation error in their language.
 */

const t = TestApp.forTests();
let admin: string;
let rival: string;

async function plantAt(companyId: string | null, n: number, lat: number, lon: number, type: PlantType = 'grid') {
  await provisionPlant(t.database.db, {
    companyId,
    name: `Cluster Plant ${n}`,
    type,
    inverterKind: 'string',
    capacityKw: 10 + n,
    commissionedOn: '2025-01-01',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    latitude: lat,
    longitude: lon,
    address: `Street ${n}`,
    valuation: DEFAULT_VALUATION,
    gateways: [{ sn: `GWCLUS${String(n).padStart(4, '0')}`, password: 'GatewayPass2026', devices: [] }],
  });
}

beforeAll(async () => {
  const db = t.database.db;
  rival = await t.otherCompanyToken();
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [rivalCo] = await db.select().from(company).where(eq(company.name, 'Rival Solar'));
  // Twelve plants across Berlin, three of them storage; two in Fiji either side of the antimeridian.
  for (let n = 1; n <= 12; n++)
    await plantAt(sunrise?.id ?? null, n, 52.45 + n * 0.01, 13.3 + n * 0.01, n <= 3 ? 'storage_ac' : 'grid');
  await plantAt(sunrise?.id ?? null, 13, -17.8, 179.9);
  await plantAt(sunrise?.id ?? null, 14, -17.7, -179.9);
  // Rival Solar's plants stand among Sunrise's.
  for (let n = 20; n < 25; n++) await plantAt(rivalCo?.id ?? null, n, 52.5, 13.4 + n * 0.001);
  admin = await t.tokenFor(ACCOUNTS.admin);
});

const clusters = (query: Record<string, string>, token = admin) =>
  t.call<MapClusterAnswer>('GET', '/api/v1/plants/mapClusters', { token, query });
const BERLIN = '13.0,52.3,13.8,52.7';
const shown = (a: MapClusterAnswer) => a.clusters.reduce((n, c) => n + c.count, 0) + a.plants.length;

describe('GET /plants/mapClusters', () => {
  it('draws a crowded city as a bubble far out and as single plants up close', async () => {
    const far = await clusters({ bbox: BERLIN, zoom: '2' });
    expect(far.code).toBe(0);
    expect(far.data.total).toBe(12);
    expect(far.data.plants).toEqual([]);
    expect(far.data.clusters).toHaveLength(1);
    const [bubble] = far.data.clusters;
    expect(bubble?.count).toBe(12);
    // No plant reports in this fixture: the bubble says so.
    expect(bubble?.worst).toBe('offline');
    expect(bubble?.counts.offline).toBe(12);

    const close = await clusters({ bbox: BERLIN, zoom: '16' });
    expect(close.data.clusters).toEqual([]);
    expect(close.data.plants.map((p) => p.name).sort()).toHaveLength(12);
    expect(close.data.plants.every((p) => p.name.startsWith('Cluster Plant'))).toBe(true);
  });

  it('answers only the plants in view, including a view across the antimeridian', async () => {
    const fiji = await clusters({ bbox: '179,-19,181,-17', zoom: '9' });
    expect(fiji.data.total).toBe(2);
    expect(shown(fiji.data)).toBe(2);
    const world = await clusters({ bbox: '-180,-85,180,85', zoom: '0' });
    expect(world.data.total).toBeGreaterThanOrEqual(14);
    expect(shown(world.data)).toBe(world.data.total);
  });

  it('applies the list’s filters', async () => {
    const storage = await clusters({ bbox: BERLIN, zoom: '16', type: 'storage_ac' });
    expect(storage.data.plants).toHaveLength(3);
    const none = await clusters({ bbox: BERLIN, zoom: '4', status: 'fault' });
    expect(none.data).toEqual({ total: 0, clusters: [], plants: [] });
    const named = await clusters({ bbox: BERLIN, zoom: '16', keyword: 'Cluster Plant 1' });
    // "Cluster Plant 1", 10, 11 and 12.
    expect(named.data.total).toBe(4);
  });

  it('shows another company none of these plants', async () => {
    const other = await clusters({ bbox: BERLIN, zoom: '16' }, rival);
    expect(other.code).toBe(0);
    expect(other.data.total).toBe(5);
    expect(other.data.plants.every((p) => Number(p.name.split(' ').pop()) >= 20)).toBe(true);
    const ours = await clusters({ bbox: BERLIN, zoom: '16' });
    expect(ours.data.plants.some((p) => Number(p.name.split(' ').pop()) >= 20)).toBe(false);
  });

  it('refuses a bad box or zoom as a validation error in the caller’s language, never a server error', async () => {
    const bad: Record<string, string>[] = [
      { bbox: '13,52,14', zoom: '5' },
      { bbox: '13,53,14,52', zoom: '5' },
      { bbox: 'a,b,c,d', zoom: '5' },
      { bbox: '13,-95,14,52', zoom: '5' },
      { bbox: BERLIN, zoom: '-1' },
      { bbox: BERLIN, zoom: '23' },
      { bbox: BERLIN, zoom: 'x' },
      { bbox: BERLIN, zoom: '4.5' },
      { bbox: BERLIN },
      { zoom: '4' },
    ];
    for (const query of bad) {
      const a = await t.call<{ fields: { field: string; message: string }[] }>('GET', '/api/v1/plants/mapClusters', {
        token: admin,
        query: { ...query, lan: 'de' },
      });
      expect(a.status).toBeLessThan(500);
      expect(a.code).toBe(4);
      expect(a.msg).toBe('Einige Felder sind ungültig.');
      expect(a.data.fields.some((f) => f.field === 'bbox' || f.field === 'zoom')).toBe(true);
    }
  });

  it('needs a signed-in caller', async () => {
    expect((await t.call('GET', '/api/v1/plants/mapClusters', { query: { bbox: BERLIN, zoom: '4' } })).status).toBe(
      401,
    );
  });
});
