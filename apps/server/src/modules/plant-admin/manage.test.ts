import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, device, gateway, operationLog, plant, plantShare } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { makeUser, validPlant, withSpares } from '../../test/plant-admin-fixtures.js';

const t = TestApp.forTests();
let admin: string;
let staff: string;
let visitor: string;
let owner: string;
let rival: string;
let companyId: string;
let plantId: string;

const rowOf = async (id: string) => (await t.database.db.select().from(plant).where(eq(plant.id, id)))[0];
const userId = async (account: string) =>
  (await t.database.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.account, account)))[0]?.id ?? '';

beforeAll(async () => {
  companyId = await withSpares(t);
  admin = await t.tokenFor(ACCOUNTS.admin);
  staff = await t.tokenFor(ACCOUNTS.staff);
  visitor = await t.tokenFor(ACCOUNTS.visitor);
  owner = await t.tokenFor(ACCOUNTS.owner);
  rival = await t.otherCompanyToken();
  const res = await t.call<{ id: string }>('POST', '/api/v1/plant', {
    token: admin,
    body: validPlant({ gateways: [{ sn: 'GW99000001', key: 'HG7K2M9Q' }] }),
  });
  plantId = res.data.id;
});

const valuation = { method: 'constant', buyPrice: 0.3, sellPrice: 0.1 };

/** Every route that changes a plant, with a body it would accept. */
const mutations = (id: string): [string, string, unknown][] => [
  ['POST', `/api/v1/plant/${id}`, validPlant({ name: 'Edited everything' })],
  ['POST', `/api/v1/plant/${id}/info`, { name: 'Edited name' }],
  ['POST', `/api/v1/plant/${id}/income`, { valuation }],
  ['POST', `/api/v1/plant/${id}/contacts`, { contactName: 'Someone' }],
  ['POST', `/api/v1/plant/${id}/gateway`, { action: 'bind', sn: 'GW99000002', key: 'HG4T8N2W' }],
  ['POST', `/api/v1/plant/${id}/share`, { account: ACCOUNTS.visitor, level: 'guest' }],
  ['POST', `/api/v1/plant/${id}/cancelShare`, { account: ACCOUNTS.visitor }],
  ['POST', `/api/v1/plant/${id}/transfer`, { account: ACCOUNTS.owner, keyId: 'x', password: 'x' }],
  ['POST', `/api/v1/plant/${id}/delete`, undefined],
];

/** Shares the plant (ours unless said) with an account, as the token's holder. */
const shareAs = (token: string, account: string, level = 'guest', id = plantId) =>
  t.call('POST', `/api/v1/plant/${id}/share`, { token, body: { account, level } });

describe('editing', () => {
  it('POST /plant/{id} changes every field and logs old and new values', async () => {
    const {
      gateways: _g,
      ownerAccount: _o,
      ...edit
    } = validPlant({
      name: 'Renamed plant',
      capacityKw: 12.5,
      type: 'grid',
      timezone: 'Europe/Madrid',
      currency: 'USD',
      latitude: 40.4,
      longitude: -3.7,
      alias: 'Roof',
      totalInvestment: 12000.5,
      generationOffsetKwh: 100,
      settings: { chargeTargetSoc: 90 },
      valuation: {
        method: 'tou',
        buyPrice: 0.2,
        sellPrice: 0.05,
        buyVat: 21,
        segments: [
          { start: '00:00', end: '08:00', buy: 0.1234, sell: 0.05 },
          { start: '08:00', end: '24:00', buy: 0.3, sell: 0.05 },
        ],
      },
    });
    const res = await t.call('POST', `/api/v1/plant/${plantId}`, { token: staff, body: edit });
    expect(res.code).toBe(0);
    const row = await rowOf(plantId);
    expect(row).toMatchObject({
      name: 'Renamed plant',
      capacityKw: 12.5,
      type: 'grid',
      timezone: 'Europe/Madrid',
      currency: 'USD',
      alias: 'Roof',
      totalInvestment: 12000.5,
      generationOffsetKwh: 100,
      settings: { chargeTargetSoc: 90 },
    });
    expect((row?.valuation as { segments: unknown[] }).segments).toHaveLength(2);
    const logs = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.plantId, plantId), eq(operationLog.operation, 'plant.edit')));
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]?.oldValue ?? '{}')).toMatchObject({ name: 'Wizard Roof One', currency: 'EUR' });
    expect(JSON.parse(logs[0]?.newValue ?? '{}')).toMatchObject({ name: 'Renamed plant', currency: 'USD' });
  });

  it('/info, /income and /contacts change only what they are given', async () => {
    expect(
      (await t.call('POST', `/api/v1/plant/${plantId}/info`, { token: admin, body: { capacityKw: 20 } })).code,
    ).toBe(0);
    expect(
      (
        await t.call('POST', `/api/v1/plant/${plantId}/contacts`, {
          token: admin,
          body: { contactPhone: '+49 30 123456' },
        })
      ).code,
    ).toBe(0);
    expect((await t.call('POST', `/api/v1/plant/${plantId}/income`, { token: admin, body: { valuation } })).code).toBe(
      0,
    );
    const row = await rowOf(plantId);
    expect(row).toMatchObject({
      capacityKw: 20,
      name: 'Renamed plant',
      contactPhone: '+49 30 123456',
      contactName: 'Sofia Martins',
    });
    expect(row?.valuation).toMatchObject({ method: 'constant', buyPrice: 0.3 });
  });

  it('a refused edit changes nothing', async () => {
    const before = await rowOf(plantId);
    const bad = await t.call('POST', `/api/v1/plant/${plantId}/income`, {
      token: admin,
      body: {
        valuation: {
          method: 'tou',
          buyPrice: 0.3,
          sellPrice: 0.1,
          segments: [{ start: '00:00', end: '23:00', buy: 1, sell: 1 }],
        },
      },
    });
    expect(bad.code).toBe(4);
    expect((await t.call('POST', `/api/v1/plant/${plantId}/info`, { token: admin, body: { name: 'abc' } })).code).toBe(
      4,
    );
    expect(
      (await t.call('POST', `/api/v1/plant/${plantId}/info`, { token: admin, body: { longitude: 200 } })).code,
    ).toBe(10);
    expect(await rowOf(plantId)).toEqual(before);
  });

  it('binds and unbinds a gateway of an existing plant', async () => {
    const bind = await t.call<{ devices: unknown[] }>('POST', `/api/v1/plant/${plantId}/gateway`, {
      token: admin,
      body: { action: 'bind', sn: 'GW99000002', key: 'HG4T8N2W' },
    });
    expect(bind.code).toBe(0);
    expect(bind.data.devices.length).toBe(4);
    const unbind = await t.call('POST', `/api/v1/plant/${plantId}/gateway`, {
      token: admin,
      body: { action: 'unbind', sn: 'GW99000002' },
    });
    expect(unbind.code).toBe(0);
    const [gw] = await t.database.db.select().from(gateway).where(eq(gateway.sn, 'GW99000002'));
    expect(gw?.plantId).toBeNull();
    const devices = await t.database.db
      .select()
      .from(device)
      .where(eq(device.gatewayId, gw?.id ?? ''));
    expect(devices.every((d) => d.plantId === null)).toBe(true);
  });
});

describe('a visitor changes nothing', () => {
  it.each(
    mutations('PLANT').map(([m, url, body]) => [url.replace('/api/v1/plant/PLANT', '') || '(edit)', m, url, body]),
  )('%s is refused with code 2', async (_name, method, url, body) => {
    // The visitor sees this plant through a guest share made by the creator.
    await shareAs(admin, ACCOUNTS.visitor);
    const before = await rowOf(plantId);
    const res = await t.call(method as 'POST', url.replace('PLANT', plantId), { token: visitor, body });
    expect(res.code).toBe(2);
    expect(await rowOf(plantId)).toEqual(before);
  });

  it('and cannot create a plant or check a gateway', async () => {
    expect((await t.call('POST', '/api/v1/plant', { token: visitor, body: validPlant() })).code).toBe(2);
    expect(
      (await t.call('POST', '/api/v1/gateways/check', { token: visitor, body: { sn: 'GW99000002', key: 'HG4T8N2W' } }))
        .code,
    ).toBe(2);
  });

  it('a guest share is read-only for a plant owner too, a maintainer share may edit', async () => {
    const neighbour = await makeUser(t, 'guest.owner@sunrise.example', 'plant_owner', companyId);
    await t.database.db.insert(plantShare).values({ plantId, userId: neighbour, level: 'guest' });
    const token = await t.tokenFor('guest.owner@sunrise.example');
    const info = await t.call<{ rights: Record<string, boolean> }>('GET', `/api/v1/plant/${plantId}/info`, { token });
    expect(info.data.rights).toEqual({ edit: false, delete: false, share: false, transfer: false });
    expect(
      (await t.call('POST', `/api/v1/plant/${plantId}/info`, { token, body: { name: 'Guest rename' } })).code,
    ).toBe(2);
    await t.database.db.update(plantShare).set({ level: 'maintainer' }).where(eq(plantShare.userId, neighbour));
    expect((await t.call('POST', `/api/v1/plant/${plantId}/info`, { token, body: { alias: 'Kept up' } })).code).toBe(0);
    expect((await t.call('POST', `/api/v1/plant/${plantId}/delete`, { token })).code).toBe(2);
  });
});

describe('another company’s plant does not exist', () => {
  it.each(
    mutations('PLANT').map(([m, url, body]) => [url.replace('/api/v1/plant/PLANT', '') || '(edit)', m, url, body]),
  )('%s answers 700', async (_name, method, url, body) => {
    const before = await rowOf(plantId);
    const res = await t.call(method as 'POST', url.replace('PLANT', plantId), { token: rival, body });
    expect(res.code).toBe(700);
    expect(await rowOf(plantId)).toEqual(before);
  });

  it.each(['info', 'getShareUsers', 'picture'])('GET /plant/{id}/%s answers 700', async (path) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/plant/${plantId}/${path}`,
      headers: { authorization: `Bearer ${rival}` },
    });
    expect(res.json<{ code: number }>().code).toBe(700);
  });

  it('a gateway check for their plant answers 700', async () => {
    const res = await t.call('POST', '/api/v1/gateways/check', {
      token: rival,
      body: { sn: 'GW99000002', key: 'HG4T8N2W', plantId },
    });
    expect(res.code).toBe(700);
  });
});

describe('sharing (spec §6)', () => {
  it('only the creator shares: staff of the same company get code 2', async () => {
    const res = await shareAs(staff, ACCOUNTS.visitor);
    expect(res.code).toBe(2);
  });

  it('701 to yourself', async () => {
    const res = await shareAs(admin, ACCOUNTS.admin);
    expect(res.code).toBe(701);
  });

  it.each([ACCOUNTS.staff, ACCOUNTS.installer, 'boss@rival.example', ACCOUNTS.platform])(
    '702 to the company user %s',
    async (account) => {
      const res = await shareAs(admin, account);
      expect(res.code).toBe(702);
      const shares = await t.database.db
        .select()
        .from(plantShare)
        .where(eq(plantShare.userId, await userId(account)));
      expect(shares).toHaveLength(0);
    },
  );

  it('703 for a company plant (one without an owner)', async () => {
    const { ownerAccount: _o, ...body } = validPlant({ name: 'Company carport' });
    const made = await t.call<{ id: string }>('POST', '/api/v1/plant', { token: admin, body });
    expect(made.code).toBe(0);
    const res = await shareAs(admin, ACCOUNTS.visitor, 'guest', made.data.id);
    expect(res.code).toBe(703);
  });

  it('shares at a level, lists, changes the level, cancels; the visitor then no longer sees it', async () => {
    const share = await shareAs(admin, ACCOUNTS.visitor, 'maintainer');
    expect(share.code).toBe(0);
    const list = await t.call<{ account: string; level: string }[]>('GET', `/api/v1/plant/${plantId}/getShareUsers`, {
      token: admin,
    });
    expect(list.data).toContainEqual(expect.objectContaining({ account: ACCOUNTS.visitor, level: 'maintainer' }));
    // A visitor role stays read-only whatever the share level says.
    expect((await t.call('POST', `/api/v1/plant/${plantId}/info`, { token: visitor, body: { alias: 'x' } })).code).toBe(
      2,
    );
    expect((await t.call('GET', `/api/v1/plant/${plantId}/info`, { token: visitor })).code).toBe(0);
    const cancel = await t.call('POST', `/api/v1/plant/${plantId}/cancelShare`, {
      token: admin,
      body: { account: ACCOUNTS.visitor },
    });
    expect(cancel.code).toBe(0);
    expect((await t.call('GET', `/api/v1/plant/${plantId}/info`, { token: visitor })).code).toBe(700);
    expect(
      (
        await t.call('POST', `/api/v1/plant/${plantId}/cancelShare`, {
          token: admin,
          body: { account: ACCOUNTS.visitor },
        })
      ).code,
    ).toBe(404);
  });
});

describe('transfer', () => {
  const transfer = async (token: string, account: string, password: string) => {
    const { keyId, cipher } = await t.encrypt(password);
    return t.call('POST', `/api/v1/plant/${plantId}/transfer`, { token, body: { account, keyId, password: cipher } });
  };

  it('needs the owner’s password: a wrong one is 108 and changes nothing', async () => {
    await makeUser(t, 'buyer@sunrise.example', 'plant_owner', companyId);
    const before = await rowOf(plantId);
    expect((await transfer(admin, 'buyer@sunrise.example', 'NotThePass1')).code).toBe(108);
    expect(await rowOf(plantId)).toEqual(before);
    const failed = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.plantId, plantId), eq(operationLog.operation, 'plant.transfer')));
    expect(failed.map((l) => l.result)).toEqual(['failed']);
  });

  it('after 5 wrong passwords in 15 minutes, even the right one waits (1108)', async () => {
    const installer = await t.tokenFor(ACCOUNTS.installer);
    for (let i = 0; i < 5; i++)
      expect((await transfer(installer, 'buyer@sunrise.example', `Wrong${i}Pass`)).code).toBe(108);
    expect((await transfer(installer, 'buyer@sunrise.example', 'Demo2026pass')).code).toBe(1108);
    expect((await rowOf(plantId))?.ownerId).toBe(await userId(ACCOUNTS.owner));
  });

  it('refuses an unknown recipient (105) and a company user (106)', async () => {
    expect((await transfer(owner, 'nobody@sunrise.example', 'Demo2026pass')).code).toBe(105);
    expect((await transfer(owner, ACCOUNTS.staff, 'Demo2026pass')).code).toBe(106);
  });

  it('with it, the recipient owns the plant and the old owner no longer sees it', async () => {
    const res = await transfer(owner, 'buyer@sunrise.example', 'Demo2026pass');
    expect(res.code).toBe(0);
    expect((await rowOf(plantId))?.ownerId).toBe(await userId('buyer@sunrise.example'));
    expect((await t.call('GET', `/api/v1/plant/${plantId}/info`, { token: owner })).code).toBe(700);
    const buyer = await t.tokenFor('buyer@sunrise.example');
    expect((await t.call('GET', `/api/v1/plant/${plantId}/info`, { token: buyer })).code).toBe(0);
  });
});

describe('delete', () => {
  it('hides the plant everywhere and frees its gateways', async () => {
    const res = await t.call('POST', `/api/v1/plant/${plantId}/delete`, { token: admin });
    expect(res.code).toBe(0);
    expect((await rowOf(plantId))?.deletedAt).toBeInstanceOf(Date);
    expect((await t.call('GET', `/api/v1/plant/${plantId}/info`, { token: admin })).code).toBe(700);
    expect((await t.call('GET', `/api/v1/plant/${plantId}`, { token: admin })).code).toBe(700);
    const list = await t.call<{ rows: { id: string }[] }>('GET', '/api/v1/plants', {
      token: admin,
      query: { size: '100' },
    });
    expect(list.data.rows.map((r) => r.id)).not.toContain(plantId);
    const [gw] = await t.database.db.select().from(gateway).where(eq(gateway.sn, 'GW99000001'));
    expect(gw?.plantId).toBeNull();
    // Back in stock, still assigned to the last owner: binding it for them needs no confirmation.
    const check = (body: object) =>
      t.call('POST', '/api/v1/gateways/check', { token: admin, body: { sn: 'GW99000001', key: 'HG7K2M9Q', ...body } });
    expect((await check({ ownerAccount: 'buyer@sunrise.example' })).code).toBe(0);
    expect((await check({})).code).toBe(1216);
    expect((await t.call('POST', `/api/v1/plant/${plantId}/delete`, { token: admin })).code).toBe(700);
  });
});
