import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Aedes } from 'aedes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { gateway } from '../../db/schema.js';
import { TestApp } from '../../test/harness.js';
import { sunriseTestPlant } from '../../test/plant-fields.js';

const SECRET = 'broker-shared-secret';

/** A bare broker standing in for Mosquitto or EMQX: the server only needs somewhere to connect. */
async function bareBroker(): Promise<{ url: string; close: () => Promise<void> }> {
  const broker = await Aedes.createBroker();
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let t: TestApp;
let broker: Awaited<ReturnType<typeof bareBroker>>;
let clock = Date.UTC(2026, 5, 1, 12);
beforeAll(async () => {
  broker = await bareBroker();
  t = await TestApp.start(
    {
      MQTT_URL: broker.url,
      MQTT_AUTH_SECRET: SECRET,
      RATE_LIMIT_GATEWAY_CLIENT: '3/60',
      RATE_LIMIT_GATEWAY_ADDRESS: '2/60',
    },
    undefined,
    { now: () => clock },
  );
  await sunriseTestPlant(t, 'Auth Plant', [
    { sn: 'GWAUTH0001', password: 'AuthPass2026', devices: [] },
    { sn: 'GWAUTH0002', password: 'AuthPass2027', devices: [] },
    { sn: 'GWAUTH0003', password: 'AuthPass2028', devices: [] },
  ]);
});
afterAll(async () => {
  await t?.close();
  await broker?.close();
});

const post = async (url: string, body: object, secret: string | null = SECRET) =>
  (
    await t.app.inject({
      method: 'POST',
      url,
      payload: body,
      headers: secret === null ? {} : { 'x-mqtt-auth-secret': secret },
    })
  ).json() as { result: string };
const login = (sn: string, password: string, peerhost?: string) =>
  post('/api/v1/mqtt/auth', { clientid: sn, username: sn, password, ...(peerhost ? { peerhost } : {}) });

describe('HTTP authentication for an external broker', () => {
  it('allows a gateway with its connection password and denies a wrong one', async () => {
    expect(await login('GWAUTH0001', 'AuthPass2026')).toEqual({ result: 'allow' });
    expect(await login('GWAUTH0001', 'Nope2026xx')).toEqual({ result: 'deny' });
    expect(
      await post('/api/v1/mqtt/auth', { clientid: 'other', username: 'GWAUTH0001', password: 'AuthPass2026' }),
    ).toEqual({ result: 'deny' });
    clock += 61_000;
  });

  it('denies a caller without the broker secret, or with a wrong one, even for the right password', async () => {
    const body = { clientid: 'GWAUTH0001', username: 'GWAUTH0001', password: 'AuthPass2026' };
    expect(await post('/api/v1/mqtt/auth', body, null)).toEqual({ result: 'deny' });
    expect(await post('/api/v1/mqtt/auth', body, 'broker-shared-secreT')).toEqual({ result: 'deny' });
    expect(await post('/api/v1/mqtt/auth', body, 'short')).toEqual({ result: 'deny' });
    const acl = { clientid: 'GWAUTH0001', username: 'GWAUTH0001', topic: 'hg/v1/GWAUTH0001/status', action: 'publish' };
    expect(await post('/api/v1/mqtt/acl', acl, 'wrong')).toEqual({ result: 'deny' });
    expect(await post('/api/v1/mqtt/acl', acl)).toEqual({ result: 'allow' });
  });

  it('denies a locked gateway', async () => {
    await t.database.db.update(gateway).set({ locked: true }).where(eq(gateway.sn, 'GWAUTH0001'));
    expect(await login('GWAUTH0001', 'AuthPass2026')).toEqual({ result: 'deny' });
    await t.database.db.update(gateway).set({ locked: false }).where(eq(gateway.sn, 'GWAUTH0001'));
  });

  it('after three wrong passwords refuses the right one too until the window ends (per serial number)', async () => {
    for (let i = 0; i < 3; i++) expect(await login('GWAUTH0001', `Wrong2026x${i}`)).toEqual({ result: 'deny' });
    expect(await login('GWAUTH0001', 'AuthPass2026')).toEqual({ result: 'deny' });
    // Another gateway is not affected.
    expect(await login('GWAUTH0002', 'AuthPass2027')).toEqual({ result: 'allow' });
    clock += 59_000;
    expect(await login('GWAUTH0001', 'AuthPass2026')).toEqual({ result: 'deny' });
    clock += 2_000;
    expect(await login('GWAUTH0001', 'AuthPass2026')).toEqual({ result: 'allow' });
  });

  it('after two wrong passwords from one address refuses every gateway from there (per peerhost)', async () => {
    clock += 61_000;
    expect(await login('GWAUTH0001', 'Wrong2026xx', '198.51.100.7')).toEqual({ result: 'deny' });
    expect(await login('GWAUTH0002', 'Wrong2026xx', '198.51.100.7')).toEqual({ result: 'deny' });
    expect(await login('GWAUTH0003', 'AuthPass2028', '198.51.100.7')).toEqual({ result: 'deny' });
    expect(await login('GWAUTH0003', 'AuthPass2028', '198.51.100.8')).toEqual({ result: 'allow' });
    clock += 61_000;
    expect(await login('GWAUTH0003', 'AuthPass2028', '198.51.100.7')).toEqual({ result: 'allow' });
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

describe('without an external broker', () => {
  let embedded: TestApp;
  beforeAll(async () => {
    embedded = await TestApp.start();
  });
  afterAll(async () => embedded?.close());

  it('has no broker-auth endpoints: they answer 404', async () => {
    for (const url of ['/api/v1/mqtt/auth', '/api/v1/mqtt/acl']) {
      const res = await embedded.app.inject({
        method: 'POST',
        url,
        payload: { clientid: 'GWAUTH0001', username: 'GWAUTH0001', password: 'AuthPass2026' },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

it('refuses to start with an external broker and no MQTT_AUTH_SECRET, saying what to set', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hg-test-'));
  // At start the configuration check refuses it; an app built from a hand-made config refuses it too.
  expect(() => loadConfig({ DATA_DIR: dataDir, MQTT_URL: 'mqtt://127.0.0.1:1', SIMULATE: 'false' })).toThrow(
    /MQTT_AUTH_SECRET/,
  );
  const config = { ...loadConfig({ DATA_DIR: dataDir, SIMULATE: 'false' }), mqttUrl: 'mqtt://127.0.0.1:1' };
  await expect(buildApp({ config, logger: false })).rejects.toThrow(/MQTT_AUTH_SECRET/);
});
