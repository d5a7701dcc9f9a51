import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { BATTERY_SETTINGS_GROUP, type GatewayCommand } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, deviceLatest } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { fakeGateway, sunrisePlant } from '../../test/gateway-fixtures.js';

const GW_HYBRID = 'GWBSET0001';
const GW_STRING = 'GWBSET0002';
const GW_NO_BATTERY = 'GWBSET0003';
const HYBRID = 'INVBSET001';
const STRING = 'INVBSET002';
const HYBRID_ALONE = 'INVBSET003';

let t: TestApp;
let admin: string;
let rival: string;
const clients: MqttClient[] = [];
const received: GatewayCommand[] = [];

interface Form {
  fields: { key: string; group: string }[];
}

async function reportNow(sn: string) {
  const [d] = await t.database.db.select().from(device).where(eq(device.sn, sn));
  const ts = new Date();
  await t.database.db
    .insert(deviceLatest)
    .values({ deviceId: d?.id ?? '', ts, metrics: { p_ac: 1200 } })
    .onConflictDoUpdate({ target: deviceLatest.deviceId, set: { ts, metrics: { p_ac: 1200 } } });
}

const batteryKeys = async (sn: string) => {
  const form = await t.call<Form>('GET', `/api/v1/inverter/${sn}/setting/form`, { token: admin });
  return form.data.fields.filter((f) => f.group === BATTERY_SETTINGS_GROUP).map((f) => f.key);
};

beforeAll(async () => {
  t = await TestApp.start({ COMMAND_TIMEOUT_S: '2' });
  const hybrid = { kind: 'inverter' as const, protocol: 'metrics', meta: { inverterKind: 'hybrid' } };
  await sunrisePlant(t, 'Battery settings plant', [
    {
      sn: GW_HYBRID,
      devices: [
        { sn: HYBRID, ...hybrid },
        { sn: 'BATBSET001', kind: 'battery', capacityKwh: 10 },
      ],
    },
    {
      sn: GW_STRING,
      devices: [
        { sn: STRING, kind: 'inverter', protocol: 'metrics', meta: { inverterKind: 'string' } },
        { sn: 'BATBSET002', kind: 'battery', capacityKwh: 10 },
      ],
    },
    { sn: GW_NO_BATTERY, devices: [{ sn: HYBRID_ALONE, ...hybrid }] },
  ]);
  admin = await t.tokenFor(ACCOUNTS.admin);
  rival = await t.otherCompanyToken();
  clients.push(
    await fakeGateway(t, GW_HYBRID, (cmd) => {
      received.push(cmd);
      return { status: 'succeeded', result: cmd.params };
    }),
  );
  await reportNow(HYBRID);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await t?.close();
});

describe('battery settings of a hybrid inverter', () => {
  it('are offered by a hybrid inverter with a battery, not by a string inverter or a hybrid without one', async () => {
    expect(await batteryKeys(HYBRID)).toEqual([
      'batteryWorkMode',
      'chargeCutoffSoc',
      'dischargeCutoffSoc',
      'maxChargeCurrentA',
      'maxDischargeCurrentA',
    ]);
    expect(await batteryKeys(STRING)).toEqual([]);
    expect(await batteryKeys(HYBRID_ALONE)).toEqual([]);
    const refused = await t.call('POST', `/api/v1/inverter/${STRING}/setting-write`, {
      token: admin,
      body: { values: { chargeCutoffSoc: 90 } },
    });
    expect(refused.code).toBe(4);
  });

  it('writes them to the device and remembers them', async () => {
    const values = { batteryWorkMode: 'backup', chargeCutoffSoc: 95, dischargeCutoffSoc: 30 };
    const res = await t.call<{ status: string }>('POST', `/api/v1/inverter/${HYBRID}/setting-write`, {
      token: admin,
      body: { values },
    });
    expect(res.data.status).toBe('succeeded');
    expect(received.at(-1)).toMatchObject({ type: 'settingsWrite', params: values });
    const form = await t.call<{ values: Record<string, unknown> }>('GET', `/api/v1/inverter/${HYBRID}/setting/form`, {
      token: admin,
    });
    expect(form.data.values).toMatchObject(values);
  });

  it('refuses a reserve at or above the charge cut-off (also against the known value) and sends nothing', async () => {
    const sent = received.length;
    for (const values of [
      { chargeCutoffSoc: 60, dischargeCutoffSoc: 70 },
      { dischargeCutoffSoc: 95 },
      { batteryWorkMode: 'gridOnly' },
    ]) {
      const res = await t.call('POST', `/api/v1/inverter/${HYBRID}/setting-write`, { token: admin, body: { values } });
      expect(res.code, JSON.stringify(values)).toBe(4);
    }
    expect(received.length).toBe(sent);
  });

  it('finds the hybrid inverter a battery is set through, and none behind a string inverter', async () => {
    const found = await t.call<{ sn: string } | null>('GET', '/api/v1/battery/BATBSET001/inverter', { token: admin });
    expect(found.data).toMatchObject({ sn: HYBRID });
    const none = await t.call<{ sn: string } | null>('GET', '/api/v1/battery/BATBSET002/inverter', { token: admin });
    expect(none).toMatchObject({ code: 0, data: null });
    expect((await t.call('GET', '/api/v1/battery/NOSUCHBAT1/inverter', { token: admin })).code).toBe(1206);
  });

  it('answers another company “does not exist”', async () => {
    expect((await t.call('GET', '/api/v1/battery/BATBSET001/inverter', { token: rival })).code).toBe(1206);
    const form = await t.call('GET', `/api/v1/inverter/${HYBRID}/setting/form`, { token: rival });
    expect(form.code).not.toBe(0);
    const write = await t.call('POST', `/api/v1/inverter/${HYBRID}/setting-write`, {
      token: rival,
      body: { values: { chargeCutoffSoc: 90 } },
    });
    expect(write.code).toBe(form.code);
    expect(received.every((c) => c.params.chargeCutoffSoc !== 90)).toBe(true);
  });
});
