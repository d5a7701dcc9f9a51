import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, device, gateway, operationLog, plant } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { DEFAULT_VALUATION, provisionPlant } from '../plants/provision.js';
import { GatewayAuth } from '../mqtt/gateway-auth.js';
import { RateLimiter } from '../rate-limit/limiter.js';
import { loadRateLimits } from '../rate-limit/rules.js';
import { makeUser, spareCredentials, validPlant, withSpares } from '../../test/plant-admin-fixtures.js';

const t = TestApp.forTests();
let admin: string;
let companyId: string;

const plants = async () => (await t.database.db.select({ n: count() }).from(plant))[0]?.n ?? 0;
const boundOf = async (sn: string) =>
  (await t.database.db.select({ plantId: gateway.plantId }).from(gateway).where(eq(gateway.sn, sn)))[0]?.plantId;

beforeAll(async () => {
  companyId = await withSpares(t);
  admin = await t.tokenFor(ACCOUNTS.admin);
});

describe('POST /plant', () => {
  it('the broker refuses a spare gateway until the plant that binds it exists, then lets it in', async () => {
    const broker = new GatewayAuth(t.database.db, new RateLimiter(t.database.db, loadRateLimits({})));
    const password = spareCredentials.GW99000002 ?? '';
    expect(password).not.toBe('');
    expect(await broker.authenticate('GW99000002', password)).toBe(false);
    const made = await t.call<{ id: string }>('POST', '/api/v1/plant', {
      token: admin,
      body: validPlant({ name: 'Broker check roof', gateways: [{ sn: 'GW99000002', key: 'HG4T8N2W' }] }),
    });
    expect(made.code).toBe(0);
    expect(await broker.authenticate('GW99000002', password)).toBe(true);
    expect(await broker.authenticate('GW99000002', 'Wrong2026pass')).toBe(false);
    // Freed again for the tests below, which bind it.
    expect(
      (
        await t.call('POST', `/api/v1/plant/${made.data.id}/gateway`, {
          token: admin,
          body: { action: 'unbind', sn: 'GW99000002' },
        })
      ).code,
    ).toBe(0);
    expect(await broker.authenticate('GW99000002', password)).toBe(false);
  });

  it('creates the plant with creator, owner and company, binds the gateway and its devices, and logs it', async () => {
    const res = await t.call<{ id: string; gateways: { sn: string; devices: { kind: string }[] }[] }>(
      'POST',
      '/api/v1/plant',
      { token: admin, body: validPlant({ gateways: [{ sn: 'gw99000001', key: 'hg7k2m9q' }] }) },
    );
    expect(res.code).toBe(0);
    expect(res.data.gateways[0]?.sn).toBe('GW99000001');
    expect(res.data.gateways[0]?.devices.map((d) => d.kind).sort()).toEqual([
      'battery',
      'inverter',
      'inverter',
      'meter',
    ]);
    const db = t.database.db;
    const [row] = await db.select().from(plant).where(eq(plant.id, res.data.id));
    const [adminUser] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.admin));
    const [ownerUser] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.owner));
    expect(row).toMatchObject({
      name: 'Wizard Roof One',
      companyId,
      createdBy: adminUser?.id,
      ownerId: ownerUser?.id,
      contactPhone: '+351 912 345 678',
      currency: 'EUR',
    });
    expect(await boundOf('GW99000001')).toBe(res.data.id);
    const devices = await db
      .select({ plantId: device.plantId })
      .from(device)
      .where(sql`${device.sn} like '%99001%'`);
    expect(devices.length).toBe(4);
    expect(devices.every((d) => d.plantId === res.data.id)).toBe(true);
    const [log] = await db.select().from(operationLog).where(eq(operationLog.plantId, res.data.id));
    expect(log).toMatchObject({ operation: 'plant.create', result: 'succeeded', userId: adminUser?.id });
    expect(log?.ip).toBeTruthy();
    // The new plant is in the creator's list and opens.
    const info = await t.call<{ name: string; rights: { share: boolean } }>(
      'GET',
      `/api/v1/plant/${res.data.id}/info`,
      {
        token: admin,
      },
    );
    expect(info.data).toMatchObject({ name: 'Wizard Roof One', rights: { share: true } });
  });

  /** A time-of-use valuation of these segments, and one segment (buying at 0.1 unless said). */
  const tou = (...segments: { start: string; end: string; buy: number; sell: number }[]) => ({
    valuation: { method: 'tou', buyPrice: 0.2, sellPrice: 0.06, segments },
  });
  const seg = (start: string, end: string, buy = 0.1) => ({ start, end, buy, sell: 0.05 });
  const bad: [string, Record<string, unknown>, string, string][] = [
    ['a name of 4 characters', { name: 'Roof' }, 'name', 'plantName'],
    ['a name of 33 characters', { name: 'x'.repeat(33) }, 'name', 'plantName'],
    ['a negative capacity', { capacityKw: -1 }, 'capacityKw', 'capacityRange'],
    ['a capacity over 50,000 kW', { capacityKw: 50_001 }, 'capacityKw', 'capacityRange'],
    ['an unknown type', { type: 'nuclear' }, 'type', 'plantType'],
    ['an impossible date', { commissionedOn: '2025-02-30' }, 'commissionedOn', 'date'],
    ['an unknown time zone', { timezone: 'Europe/Atlantis' }, 'timezone', 'timezone'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency', 'currency'],
    ['a bad phone', { contactPhone: 'ring me' }, 'contactPhone', 'phone'],
    ['an alias over 32 bytes', { alias: 'ä'.repeat(17) }, 'alias', 'aliasBytes'],
    ['a negative investment', { totalInvestment: -1 }, 'totalInvestment', 'nonNegative'],
    [
      'a constant price with 3 decimals',
      { valuation: { method: 'constant', buyPrice: 0.225, sellPrice: 0.06 } },
      'valuation.buyPrice',
      'priceDecimals2',
    ],
    [
      'a price over 9999',
      { valuation: { method: 'constant', buyPrice: 10_000, sellPrice: 0.06 } },
      'valuation.buyPrice',
      'priceRange',
    ],
    [
      'a VAT over 100 %',
      { valuation: { method: 'constant', buyPrice: 0.2, sellPrice: 0.06, buyVat: 120 } },
      'valuation.buyVat',
      'percentRange',
    ],
    [
      'overlapping time-of-use segments',
      tou(seg('00:00', '12:00'), seg('11:00', '24:00', 0.3)),
      'valuation.segments.1.start',
      'touOverlap',
    ],
    [
      'a repeated segment',
      tou(seg('00:00', '24:00'), seg('00:00', '24:00')),
      'valuation.segments.1.start',
      'touRepeat',
    ],
    ['a last segment ending before 24:00', tou(seg('00:00', '23:00')), 'valuation.segments.0.end', 'touLastEnd'],
    [
      'an end before the start',
      tou(seg('08:00', '06:00'), seg('12:00', '24:00')),
      'valuation.segments.0.end',
      'touEndBeforeStart',
    ],
    [
      'seven segments',
      tou(
        ...Array.from({ length: 7 }, (_, i) =>
          seg(`${String(i * 3).padStart(2, '0')}:00`, i === 6 ? '24:00' : `${String(i * 3 + 3).padStart(2, '0')}:00`),
        ),
      ),
      'valuation.segments',
      'touCount',
    ],
    [
      'a time-of-use price with 5 decimals',
      tou(seg('00:00', '24:00', 0.12345)),
      'valuation.segments.0.buy',
      'priceDecimals4',
    ],
    [
      'a gateway serial number with special characters',
      { gateways: [{ sn: 'GW-9900/0001', key: 'HG7K2M9Q' }] },
      'gateways.0.sn',
      'noSpecialCharacters',
    ],
    ['an owner that is not an account', { ownerAccount: 'owner' }, 'ownerAccount', 'email'],
  ];

  it.each(bad)('refuses %s with code 4 naming the field and rule, saving nothing', async (_why, over, field, rule) => {
    const before = await plants();
    const res = await t.call<{ fields: { field: string; rule: string; message: string }[] }>('POST', '/api/v1/plant', {
      token: admin,
      body: { ...validPlant({ gateways: [{ sn: 'GW99000002', key: 'HG4T8N2W' }] }), ...over },
      query: { lan: 'de' },
    });
    expect(res.code).toBe(4);
    const hit = res.data.fields.find((f) => f.field === field);
    expect(hit?.rule).toBe(rule);
    // The message is in the caller's language, not the English one.
    expect(hit?.message).toMatch(/\S/);
    expect(await plants()).toBe(before);
    expect(await boundOf('GW99000002')).toBeNull();
  });

  it('says which field is missing', async () => {
    const { name: _n, ...rest } = validPlant();
    const res = await t.call<{ fields: { field: string; rule: string }[] }>('POST', '/api/v1/plant', {
      token: admin,
      body: rest,
    });
    expect(res.data.fields).toContainEqual(expect.objectContaining({ field: 'name', rule: 'required' }));
  });

  it.each([
    ['a latitude of 91', { latitude: 91 }],
    ['a longitude of -181', { longitude: -181 }],
    ['a latitude that is text', { latitude: 'north' }],
  ])('answers %s with code 10 and saves nothing', async (_why, over) => {
    const before = await plants();
    const res = await t.call('POST', '/api/v1/plant', { token: admin, body: { ...validPlant(), ...over } });
    expect(res.code).toBe(10);
    expect(await plants()).toBe(before);
  });

  it('refuses an owner account of another company as not registered', async () => {
    await t.otherCompanyToken();
    const before = await plants();
    const res = await t.call('POST', '/api/v1/plant', {
      token: admin,
      body: validPlant({ ownerAccount: 'boss@rival.example' }),
    });
    expect(res.code).toBe(105);
    expect(await plants()).toBe(before);
  });
});

describe('gateways: POST /gateways/check and binding at creation', () => {
  beforeAll(async () => {
    await provisionPlant(t.database.db, {
      companyId,
      name: 'Bound elsewhere',
      type: 'grid',
      inverterKind: 'string',
      capacityKw: 5,
      commissionedOn: '2024-01-01',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      latitude: 52,
      longitude: 13,
      address: 'Berlin',
      valuation: DEFAULT_VALUATION,
      gateways: [{ sn: 'GWBOUND001', password: 'GatewayPass2026', registrationKey: 'BOUNDKEY', devices: [] }],
    });
  });

  const check = (body: Record<string, unknown>, token = admin) =>
    t.call<{ sn: string; devices: { sn: string; kind: string }[] }>('POST', '/api/v1/gateways/check', {
      token,
      body,
    });

  it('answers the devices of a spare gateway with the right key', async () => {
    const res = await check({ sn: 'GW99000003', key: 'HG5R3X6P' });
    expect(res.code).toBe(0);
    expect(res.data.devices.filter((d) => d.kind === 'inverter').length).toBeGreaterThan(1);
  });

  it('305 for an unknown serial number', async () => {
    expect((await check({ sn: 'GW12345678', key: 'HG5R3X6P' })).code).toBe(305);
  });

  it('300 for a wrong registration key', async () => {
    expect((await check({ sn: 'GW99000003', key: 'WRONGKEY' })).code).toBe(300);
  });

  it('301 for a gateway bound to a plant already', async () => {
    expect((await check({ sn: 'GWBOUND001', key: 'BOUNDKEY' })).code).toBe(301);
  });

  it('1218 for a locked gateway, in the check and in the wizard, and nothing is saved', async () => {
    await t.database.db.update(gateway).set({ locked: true }).where(eq(gateway.sn, 'GW99000003'));
    try {
      expect((await check({ sn: 'GW99000003', key: 'HG5R3X6P' })).code).toBe(1218);
      const before = await plants();
      const refused = await t.call('POST', '/api/v1/plant', {
        token: admin,
        body: validPlant({ name: 'Locked roof', gateways: [{ sn: 'GW99000003', key: 'HG5R3X6P' }] }),
      });
      expect(refused.code).toBe(1218);
      expect(await plants()).toBe(before);
      expect(await boundOf('GW99000003')).toBeNull();
    } finally {
      await t.database.db.update(gateway).set({ locked: false }).where(eq(gateway.sn, 'GW99000003'));
    }
  });

  it('305 for another company’s gateway, whatever the key', async () => {
    const rival = await t.otherCompanyToken();
    expect((await check({ sn: 'GW99000003', key: 'HG5R3X6P' }, rival)).code).toBe(305);
  });

  it('refuses special characters with code 4', async () => {
    const res = await check({ sn: 'GW 9900', key: 'HG5R3X6P' });
    expect(res.code).toBe(4);
  });

  it('1216 for a gateway assigned to another customer until confirmed, then binds it', async () => {
    const otherOwner = await makeUser(t, 'neighbour@sunrise.example', 'plant_owner', companyId);
    await t.database.db.update(gateway).set({ customerId: otherOwner }).where(eq(gateway.sn, 'GW99000003'));
    const asked = await check({ sn: 'GW99000003', key: 'HG5R3X6P', ownerAccount: ACCOUNTS.owner });
    expect(asked.code).toBe(1216);
    // The neighbour's own plant would take it without asking.
    expect((await check({ sn: 'GW99000003', key: 'HG5R3X6P', ownerAccount: 'neighbour@sunrise.example' })).code).toBe(
      0,
    );
    const before = await plants();
    const refused = await t.call('POST', '/api/v1/plant', {
      token: admin,
      body: validPlant({ gateways: [{ sn: 'GW99000003', key: 'HG5R3X6P' }] }),
    });
    expect(refused.code).toBe(1216);
    expect(await plants()).toBe(before);
    const created = await t.call<{ id: string }>('POST', '/api/v1/plant', {
      token: admin,
      body: validPlant({ name: 'Confirmed roof', gateways: [{ sn: 'GW99000003', key: 'HG5R3X6P', confirm: true }] }),
    });
    expect(created.code).toBe(0);
    expect(await boundOf('GW99000003')).toBe(created.data.id);
    const [gw] = await t.database.db.select().from(gateway).where(eq(gateway.sn, 'GW99000003'));
    const [owner] = await t.database.db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.owner));
    expect(gw?.customerId).toBe(owner?.id);
  });

  it('two wizards binding the same gateway at once: one plant gets it, the other is told 301 and not saved', async () => {
    const before = await plants();
    const body = (name: string) => validPlant({ name, gateways: [{ sn: 'GW99000002', key: 'HG4T8N2W' }] });
    const answers = await Promise.all([
      t.call<{ id: string }>('POST', '/api/v1/plant', { token: admin, body: body('Race roof one') }),
      t.call<{ id: string }>('POST', '/api/v1/plant', { token: admin, body: body('Race roof two') }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([0, 301]);
    expect(await plants()).toBe(before + 1);
    const winner = answers.find((a) => a.code === 0);
    expect(await boundOf('GW99000002')).toBe(winner?.data.id);
    // Freed for the tests after this one.
    await t.call('POST', `/api/v1/plant/${winner?.data.id}/gateway`, {
      token: admin,
      body: { action: 'unbind', sn: 'GW99000002' },
    });
  });

  it('after 20 wrong keys in 15 minutes, even the right key waits (1108)', async () => {
    await makeUser(t, 'guesser@sunrise.example', 'installer', companyId);
    const guesser = await t.tokenFor('guesser@sunrise.example');
    for (let i = 0; i < 20; i++) {
      expect((await check({ sn: 'GW99000002', key: `GUESS${i}` }, guesser)).code).toBe(300);
    }
    expect((await check({ sn: 'GW99000002', key: 'HG4T8N2W' }, guesser)).code).toBe(1108);
    // Someone else is not held up by it.
    expect((await check({ sn: 'GW99000002', key: 'HG4T8N2W', confirm: true })).code).toBe(0);
  });

  it('a wrong key among several gateways saves nothing, not even the good one', async () => {
    const before = await plants();
    const res = await t.call<{ index: number }>('POST', '/api/v1/plant', {
      token: admin,
      body: validPlant({
        gateways: [
          { sn: 'GW99000002', key: 'HG4T8N2W' },
          { sn: 'GWBOUND001', key: 'NOTTHEKEY' },
        ],
      }),
    });
    expect(res.code).toBe(300);
    expect(res.data.index).toBe(1);
    expect(await plants()).toBe(before);
    expect(await boundOf('GW99000002')).toBeNull();
  });
});
