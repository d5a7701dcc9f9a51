import type { OperationLogPage, PlantSettingsAnswer, PlantSettingsWriteAnswer } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { commandTests, setLatest } from '../../test/inverter-fixture.js';

const GW_ON = 'GWPSET0001';
const GW_ON2 = 'GWPSET0002';
/** Never connects: its inverter is offline and must be skipped. */
const GW_OFF = 'GWPSET0003';
const HYBRID = 'INVPSET001';
const STRING = 'INVPSET002';
const OFFLINE = 'INVPSET003';
const SUNSPEC = 'INVPSET004';
const FOREIGN = 'INVPSET005';

/** Gateways that apply what they are sent, except a power limit of 13 %, which they refuse. */
const { t, tokens, gateways } = commandTests((cmd) =>
  cmd.params.activePowerLimit === 13 ? { status: 'failed', error: 'out of service range' } : { status: 'succeeded' },
);

const metrics = (kind: 'hybrid' | 'string') => ({
  kind: 'inverter' as const,
  protocol: 'metrics',
  meta: { inverterKind: kind },
});

let plantId = '';
let otherPlantId = '';

const get = (kind: string, token = tokens.admin, id = plantId) =>
  t.call<PlantSettingsAnswer>('GET', `/api/v1/plant/${id}/setting/${kind}`, { token });
const write = (kind: string, body: unknown, token = tokens.admin, id = plantId) =>
  t.call<PlantSettingsWriteAnswer>('POST', `/api/v1/plant/${id}/setting/${kind}/write`, { token, body });

beforeAll(async () => {
  plantId = await sunrisePlant(t, 'Plant settings plant', [
    {
      sn: GW_ON,
      devices: [
        { sn: HYBRID, ...metrics('hybrid') },
        { sn: 'BATPSET001', kind: 'battery', capacityKwh: 10 },
      ],
    },
    {
      sn: GW_ON2,
      devices: [
        { sn: STRING, ...metrics('string') },
        { sn: SUNSPEC, kind: 'inverter', protocol: 'sunspec' },
      ],
    },
    { sn: GW_OFF, devices: [{ sn: OFFLINE, ...metrics('string') }] },
  ]);
  otherPlantId = await sunrisePlant(t, 'Plant settings other plant', [
    { sn: 'GWPSET0004', devices: [{ sn: FOREIGN, ...metrics('string') }] },
  ]);
  await gateways.connect(t, GW_ON);
  await gateways.connect(t, GW_ON2);
  for (const sn of [HYBRID, STRING, SUNSPEC]) await setLatest(t, sn, { p_ac: 1000 });
});

describe('plant-level inverter settings', () => {
  it('lists the plant’s inverters grouped by the form they share, with their status', async () => {
    const res = await get('inverter');
    expect(res.code).toBe(0);
    expect(res.data.canWrite).toBe(true);
    const metricsGroups = res.data.groups.filter((g) => g.protocol === 'metrics');
    // The hybrid's form has a battery group as well: two metrics forms, not one.
    expect(metricsGroups.map((g) => g.devices.map((d) => d.sn)).sort()).toEqual([[HYBRID], [STRING, OFFLINE]]);
    const all = res.data.groups.flatMap((g) => g.devices);
    expect(all.find((d) => d.sn === OFFLINE)?.status).toBe('offline');
    expect(all.find((d) => d.sn === STRING)?.status).not.toBe('offline');
    expect(all.map((d) => d.sn)).not.toContain(FOREIGN);
  });

  it('checks the values once and sends nothing when one is bad', async () => {
    const sent = gateways.received.length;
    for (const values of [{ activePowerLimit: 120 }, { activePowerLimit: 50, gridCode: 'nowhere' }, {}]) {
      const res = await write('inverter', { sns: [STRING, OFFLINE], values });
      expect(res.code, JSON.stringify(values)).toBe(4);
    }
    // No device, or one named twice, is refused with a translated message before anything is looked up.
    for (const sns of [[], [STRING, STRING]]) {
      const res = await t.call<{ fields: { field: string; message: string }[] }>(
        'POST',
        `/api/v1/plant/${plantId}/setting/inverter/write`,
        { token: tokens.admin, body: { sns, values: { activePowerLimit: 50 } } },
      );
      expect(res.code, JSON.stringify(sns)).toBe(4);
      expect(res.data.fields).toContainEqual(
        expect.objectContaining({
          field: 'sns',
          message: expect.stringMatching(/^(This field is required|This value is not valid)\.$/),
        }),
      );
    }
    // Devices of two different forms cannot take one set of values.
    expect((await write('inverter', { sns: [STRING, HYBRID], values: { activePowerLimit: 50 } })).code).toBe(4);
    expect(gateways.received.length).toBe(sent);
  });

  it('writes to each chosen device and answers per device, skipping the offline one', async () => {
    const res = await write('inverter', { sns: [STRING, OFFLINE], values: { activePowerLimit: 70 } });
    expect(res.code).toBe(0);
    expect(res.data.results).toEqual([
      expect.objectContaining({ sn: STRING, result: 'succeeded', reason: null, commandStatus: 'succeeded' }),
      expect.objectContaining({ sn: OFFLINE, result: 'skipped', reason: 'offline', commandId: null }),
    ]);
    expect(res.data).toMatchObject({ succeeded: 1, failed: 0, skipped: 1 });
    expect(gateways.received.at(-1)).toMatchObject({
      type: 'settingsWrite',
      device: STRING,
      params: { activePowerLimit: 70 },
    });
    expect(gateways.received.some((c) => c.device === OFFLINE)).toBe(false);
    // The device remembers what it accepted, as after a write from its own page.
    const after = await get('inverter');
    const string = after.data.groups.flatMap((g) => g.devices).find((d) => d.sn === STRING);
    expect(string?.values).toMatchObject({ activePowerLimit: 70 });
  });

  it('says which device refused a value, and logs every write under the plant', async () => {
    const res = await write('inverter', { sns: [STRING], values: { activePowerLimit: 13 } });
    expect(res.data.results[0]).toMatchObject({ result: 'failed', reason: 'rejected', error: 'out of service range' });
    const log = await t.call<OperationLogPage>('GET', `/api/v1/plant/${plantId}/setting/inverter/log`, {
      token: tokens.admin,
    });
    expect(log.code).toBe(0);
    expect(log.data.rows[0]).toMatchObject({ target: STRING, operation: 'inverter.settingsWrite' });
    expect(log.data.rows[0]?.result).toContain('failed');
    expect(log.data.rows.some((r) => r.target === STRING && r.result === 'succeeded')).toBe(true);
  });

  it('skips a device of another plant named in the body', async () => {
    const res = await write('inverter', { sns: [STRING, FOREIGN], values: { activePowerLimit: 60 } });
    expect(res.data.results[1]).toMatchObject({ sn: FOREIGN, result: 'skipped', reason: 'notInPlant' });
    expect(gateways.received.some((c) => c.device === FOREIGN)).toBe(false);
  });
});

describe('plant-level battery settings', () => {
  it('offers only the hybrids with a battery, with the battery group of their form', async () => {
    const res = await get('battery');
    expect(res.data.groups).toHaveLength(1);
    const [group] = res.data.groups;
    expect(group?.devices.map((d) => [d.sn, d.batterySn])).toEqual([[HYBRID, 'BATPSET001']]);
    expect(group?.fields.every((f) => f.group === 'battery')).toBe(true);
  });

  it('refuses a reserve above the charge cut-off before sending, and writes a valid pair', async () => {
    const sent = gateways.received.length;
    const bad = await write('battery', { sns: [HYBRID], values: { chargeCutoffSoc: 60, dischargeCutoffSoc: 70 } });
    expect(bad.code).toBe(4);
    // A non-battery field is not part of this form.
    expect((await write('battery', { sns: [HYBRID], values: { activePowerLimit: 50 } })).code).toBe(4);
    expect(gateways.received.length).toBe(sent);
    const good = await write('battery', { sns: [HYBRID], values: { chargeCutoffSoc: 90, dischargeCutoffSoc: 20 } });
    expect(good.data.results[0]).toMatchObject({ sn: HYBRID, result: 'succeeded' });
    // The battery page's log shows this write, not the inverter writes of the same plant.
    const log = await t.call<OperationLogPage>('GET', `/api/v1/plant/${plantId}/setting/battery/log`, {
      token: tokens.admin,
    });
    expect(log.data.rows.map((r) => r.target)).toEqual([HYBRID]);
    expect(log.data.rows[0]?.newValue).toContain('chargeCutoffSoc');
  });
});

describe('plant-level communication settings', () => {
  it('sets the upload interval of the plant’s gateways, skipping the offline one', async () => {
    const list = await get('comm');
    expect(list.data.groups[0]?.devices.map((d) => [d.sn, d.status])).toEqual([
      [GW_ON, 'online'],
      [GW_ON2, 'online'],
      [GW_OFF, 'offline'],
    ]);
    expect((await write('comm', { sns: [GW_ON], values: { uploadIntervalS: 5 } })).code).toBe(4);
    const res = await write('comm', { sns: [GW_ON, GW_ON2, GW_OFF], values: { uploadIntervalS: 120 } });
    expect(res.data.results.map((r) => [r.sn, r.result, r.reason])).toEqual([
      [GW_ON, 'succeeded', null],
      [GW_ON2, 'succeeded', null],
      [GW_OFF, 'skipped', 'offline'],
    ]);
    const after = await get('comm');
    expect(after.data.groups[0]?.devices.find((d) => d.sn === GW_ON)?.values.uploadIntervalS).toBe(120);
    const log = await t.call<OperationLogPage>('GET', `/api/v1/plant/${plantId}/setting/comm/log`, {
      token: tokens.admin,
    });
    expect(log.data.rows.filter((r) => r.operation === 'gateway.uploadInterval')).toHaveLength(2);
  });
});

describe('who may', () => {
  it('answers another company “does not exist” and sends nothing', async () => {
    const sent = gateways.received.length;
    for (const kind of ['inverter', 'battery', 'comm']) {
      expect((await get(kind, tokens.rival)).code).toBe(700);
      expect((await write(kind, { sns: [STRING], values: { activePowerLimit: 40 } }, tokens.rival)).code).toBe(700);
      const log = await t.call('GET', `/api/v1/plant/${plantId}/setting/${kind}/log`, { token: tokens.rival });
      expect(log.code).toBe(700);
    }
    expect(gateways.received.length).toBe(sent);
  });

  it('refuses a visitor, who may not set a plant', async () => {
    expect((await get('inverter', tokens.visitor)).code).toBe(2);
    expect((await write('inverter', { sns: [STRING], values: { activePowerLimit: 40 } }, tokens.visitor)).code).toBe(2);
  });

  it('lists an empty plant with no groups', async () => {
    const res = await get('battery', tokens.admin, otherPlantId);
    expect(res.data.groups).toEqual([]);
  });
});
