import { BATTERY_SETTINGS_GROUP } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { commandTests, setLatest } from '../../test/inverter-fixture.js';

const GW_HYBRID = 'GWBSET0001';
const HYBRID = 'INVBSET001';
const STRING = 'INVBSET002';
const HYBRID_ALONE = 'INVBSET003';

/** The hybrid's gateway: applies every setting it is sent, and records it. */
const { t, tokens, gateways } = commandTests((cmd) => ({ status: 'succeeded', result: cmd.params }));

interface Form {
  fields: { key: string; group: string }[];
}

const reportNow = (sn: string) => setLatest(t, sn, { p_ac: 1200 });

const batteryKeys = async (sn: string) => {
  const form = await t.call<Form>('GET', `/api/v1/inverter/${sn}/setting/form`, { token: tokens.admin });
  return form.data.fields.filter((f) => f.group === BATTERY_SETTINGS_GROUP).map((f) => f.key);
};

beforeAll(async () => {
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
      sn: 'GWBSET0002',
      devices: [
        { sn: STRING, kind: 'inverter', protocol: 'metrics', meta: { inverterKind: 'string' } },
        { sn: 'BATBSET002', kind: 'battery', capacityKwh: 10 },
      ],
    },
    { sn: 'GWBSET0003', devices: [{ sn: HYBRID_ALONE, ...hybrid }] },
  ]);
  await gateways.connect(t, GW_HYBRID);
  await reportNow(HYBRID);
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
      token: tokens.admin,
      body: { values: { chargeCutoffSoc: 90 } },
    });
    expect(refused.code).toBe(4);
  });

  it('writes them to the device and remembers them', async () => {
    const values = { batteryWorkMode: 'backup', chargeCutoffSoc: 95, dischargeCutoffSoc: 30 };
    const res = await t.call<{ status: string }>('POST', `/api/v1/inverter/${HYBRID}/setting-write`, {
      token: tokens.admin,
      body: { values },
    });
    expect(res.data.status).toBe('succeeded');
    expect(gateways.received.at(-1)).toMatchObject({ type: 'settingsWrite', params: values });
    const form = await t.call<{ values: Record<string, unknown> }>('GET', `/api/v1/inverter/${HYBRID}/setting/form`, {
      token: tokens.admin,
    });
    expect(form.data.values).toMatchObject(values);
  });

  it('refuses a reserve at or above the charge cut-off (also against the known value) and sends nothing', async () => {
    const sent = gateways.received.length;
    for (const values of [
      { chargeCutoffSoc: 60, dischargeCutoffSoc: 70 },
      { dischargeCutoffSoc: 95 },
      { batteryWorkMode: 'gridOnly' },
    ]) {
      const res = await t.call('POST', `/api/v1/inverter/${HYBRID}/setting-write`, {
        token: tokens.admin,
        body: { values },
      });
      expect(res.code, JSON.stringify(values)).toBe(4);
    }
    expect(gateways.received.length).toBe(sent);
  });

  it('finds the hybrid inverter a battery is set through, and none behind a string inverter', async () => {
    const found = await t.call<{ sn: string } | null>('GET', '/api/v1/battery/BATBSET001/inverter', {
      token: tokens.admin,
    });
    expect(found.data).toMatchObject({ sn: HYBRID });
    const none = await t.call<{ sn: string } | null>('GET', '/api/v1/battery/BATBSET002/inverter', {
      token: tokens.admin,
    });
    expect(none).toMatchObject({ code: 0, data: null });
    expect((await t.call('GET', '/api/v1/battery/NOSUCHBAT1/inverter', { token: tokens.admin })).code).toBe(1206);
  });

  it('answers another company “does not exist”', async () => {
    expect((await t.call('GET', '/api/v1/battery/BATBSET001/inverter', { token: tokens.rival })).code).toBe(1206);
    const form = await t.call('GET', `/api/v1/inverter/${HYBRID}/setting/form`, { token: tokens.rival });
    expect(form.code).not.toBe(0);
    const write = await t.call('POST', `/api/v1/inverter/${HYBRID}/setting-write`, {
      token: tokens.rival,
      body: { values: { chargeCutoffSoc: 90 } },
    });
    expect(write.code).toBe(form.code);
    expect(gateways.received.every((c) => c.params.chargeCutoffSoc !== 90)).toBe(true);
  });
});
