import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, gateway } from '../../db/schema.js';
import { TestApp } from '../../test/harness.js';
import { DEFAULT_VALUATION, provisionPlant } from '../plants/provision.js';

let t: TestApp;
beforeAll(async () => {
  t = await TestApp.start();
  const [sunrise] = await t.database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  await provisionPlant(t.database.db, {
    companyId: sunrise?.id ?? null,
    name: 'Auth Plant',
    type: 'grid',
    inverterKind: 'string',
    capacityKw: 5,
    commissionedOn: '2025-01-01',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    latitude: 52,
    longitude: 13,
    address: '',
    valuation: DEFAULT_VALUATION,
    gateways: [{ sn: 'GWAUTH0001', password: 'AuthPass2026', devices: [] }],
  });
});
afterAll(async () => {
  await t?.close();
});

const post = async (url: string, body: object) =>
  (await t.app.inject({ method: 'POST', url, payload: body })).json() as { result: string };

describe('HTTP authentication for an external broker', () => {
  it('allows a gateway with its connection password and denies a wrong one', async () => {
    expect(
      await post('/api/v1/mqtt/auth', { clientid: 'GWAUTH0001', username: 'GWAUTH0001', password: 'AuthPass2026' }),
    ).toEqual({ result: 'allow' });
    expect(
      await post('/api/v1/mqtt/auth', { clientid: 'GWAUTH0001', username: 'GWAUTH0001', password: 'Nope2026xx' }),
    ).toEqual({ result: 'deny' });
    expect(
      await post('/api/v1/mqtt/auth', { clientid: 'other', username: 'GWAUTH0001', password: 'AuthPass2026' }),
    ).toEqual({ result: 'deny' });
  });

  it('denies a locked gateway', async () => {
    await t.database.db.update(gateway).set({ locked: true }).where(eq(gateway.sn, 'GWAUTH0001'));
    expect(
      await post('/api/v1/mqtt/auth', { clientid: 'GWAUTH0001', username: 'GWAUTH0001', password: 'AuthPass2026' }),
    ).toEqual({ result: 'deny' });
    await t.database.db.update(gateway).set({ locked: false }).where(eq(gateway.sn, 'GWAUTH0001'));
  });

  it('lets a gateway publish up/* and status and subscribe to down/* of its own serial only', async () => {
    const acl = (topic: string, action: 'publish' | 'subscribe') =>
      post('/api/v1/mqtt/acl', { clientid: 'GWAUTH0001', username: 'GWAUTH0001', topic, action });
    expect(await acl('hg/v1/GWAUTH0001/up/telemetry', 'publish')).toEqual({ result: 'allow' });
    expect(await acl('hg/v1/GWAUTH0001/status', 'publish')).toEqual({ result: 'allow' });
    expect(await acl('hg/v1/GWAUTH0001/down/cmd', 'subscribe')).toEqual({ result: 'allow' });
    expect(await acl('hg/v1/GWAUTH0001/down/cmd', 'publish')).toEqual({ result: 'deny' });
    expect(await acl('hg/v1/GWOTHER001/up/telemetry', 'publish')).toEqual({ result: 'deny' });
    expect(await acl('hg/v1/+/down/cmd', 'subscribe')).toEqual({ result: 'deny' });
    expect(await acl('#', 'subscribe')).toEqual({ result: 'deny' });
  });
});
