import type { MqttClient } from 'mqtt';
import {
  ERROR_CODES,
  gatewayTopics,
  type BatchAck,
  type GatewayCommand,
  type ProtocolUpdateParams,
  type TelemetryBatch,
} from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeGateway } from '../../test/fake-gateway.js';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { ACCOUNTS, signInForTests, TestApp } from '../../test/harness.js';

/**
 * Custom chart parameters of a device bound to a protocol (issue 14 item 1): its chart offers the protocol's
 * `realtime` columns, the choice is checked against them, and the readings its gateway reports keyed by column
 * name are its day chart.
 */
const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'rival');
const GW = 'GWPCHART01';
const INV = 'INVPCHART1';
const CODE = 'VendRT-01';
const received: GatewayCommand[] = [];
let gw: MqttClient;
let protocolId = '';
let platform = '';

const column = (c: Record<string, unknown>) => ({
  registerCount: 1,
  byteSwap: false,
  registerSwap: false,
  base: 0,
  scale: 1,
  scaleFactor: null,
  skipBytes: 0,
  required: false,
  ...c,
});

beforeAll(async () => {
  platform = await t.tokenFor(ACCOUNTS.platform);
  const p = await t.call<{ id: string }>('POST', '/api/v1/protocol', {
    token: platform,
    body: { code: CODE, manufacturer: 'Vendor RT', protocolVersion: '1.0' },
  });
  protocolId = p.data.id;
  const c = await t.call<{ id: string }>('POST', '/api/v1/protocol/config', {
    token: platform,
    body: { protocolId: p.data.id, name: 'realtime' },
  });
  const columns = [
    {
      name: 'gridPower',
      functionCode: 3,
      startAddress: '0271',
      registerType: 'holding',
      dataType: 's16',
      unit: 'W',
      descriptions: { en: 'Grid power', de: 'Netzleistung' },
    },
    {
      name: 'pvVolts',
      functionCode: 4,
      startAddress: '0010',
      registerType: 'input',
      dataType: 'u16',
      scale: 0.1,
      unit: 'V',
      descriptions: { en: 'PV voltage' },
    },
    // A string has no line on a chart: not offered.
    {
      name: 'serial',
      functionCode: 3,
      startAddress: '0003',
      registerCount: 5,
      registerType: 'holding',
      dataType: 'string',
      descriptions: { en: 'Serial number' },
    },
  ];
  for (const col of columns) {
    const r = await t.call('POST', `/api/v1/protocol/config/${c.data.id}/column`, {
      token: platform,
      body: column(col),
    });
    expect(r.code).toBe(0);
  }
  await sunrisePlant(t, 'Protocol chart plant', [
    { sn: GW, devices: [{ sn: INV, kind: 'inverter', protocol: 'metrics', meta: { inverterKind: 'string' } }] },
  ]);
  gw = await fakeGateway(t, GW, (cmd) => {
    received.push(cmd);
    const p = cmd.params as { protocol?: string; config?: string; version?: number };
    return cmd.type === 'protocolUpdate'
      ? { status: 'succeeded', result: { protocol: p.protocol, config: p.config, version: p.version } }
      : { status: 'succeeded' };
  });
});
afterAll(async () => {
  await gw.endAsync(true);
});

const offered = (query: Record<string, string>, token = tokens.admin) =>
  t.call<{ key: string; unit: string; label?: string }[]>('GET', '/api/v1/chart/param/equip', { token, query });

/** Publishes a batch as the gateway and resolves with its acknowledgement. */
async function send(batch: TelemetryBatch): Promise<BatchAck> {
  const topics = gatewayTopics(GW);
  await gw.subscribeAsync(topics.batchAck, { qos: 1 });
  const acked = new Promise<BatchAck>((resolve) => {
    const onMessage = (topic: string, payload: Buffer) => {
      const ack = JSON.parse(payload.toString()) as BatchAck;
      if (topic === topics.batchAck && ack.id === batch.id) {
        gw.off('message', onMessage);
        resolve(ack);
      }
    };
    gw.on('message', onMessage);
  });
  await gw.publishAsync(topics.telemetry, JSON.stringify(batch), { qos: 1 });
  return acked;
}

describe('chart parameters of a device bound to a protocol', () => {
  it('offers the built-in metrics until the device is bound, then the realtime columns in the caller’s language', async () => {
    expect((await offered({ kind: 'inverter', sn: INV })).data.map((p) => p.key)).toContain('p_ac');

    const bind = await t.call('POST', `/api/v1/inverter/${INV}/protocol`, {
      token: tokens.admin,
      body: { protocol: CODE.toLowerCase() },
    });
    expect(bind.code).toBe(0);

    const de = await offered({ kind: 'inverter', sn: INV, lan: 'de' });
    expect(de.data).toEqual([
      { key: 'gridPower', unit: 'W', label: 'Netzleistung' },
      // No German description: the English one.
      { key: 'pvVolts', unit: 'V', label: 'PV voltage' },
    ]);
    // Without a device, the kind's own list as before.
    expect((await offered({ kind: 'inverter' })).data.map((p) => p.key)).toContain('p_ac');
  });

  it('tells the gateway which of its devices are bound, with the realtime columns', async () => {
    await t.protocolPush.tick();
    for (let i = 0; i < 100 && !received.some((c) => c.type === 'protocolUpdate'); i++)
      await new Promise((r) => setTimeout(r, 50));
    const update = received.find((c) => c.type === 'protocolUpdate')?.params as ProtocolUpdateParams | undefined;
    expect(update).toMatchObject({ protocol: CODE, config: 'realtime', version: 1, devices: [INV] });
    expect(update?.columns.map((c) => c.name)).toEqual(['gridPower', 'pvVolts', 'serial']);
  });

  it('keeps a choice of the device’s columns and refuses a key it does not offer', async () => {
    const refused = await t.call('POST', '/api/v1/chart/param/custom', {
      token: tokens.admin,
      body: { kind: 'inverter', sn: INV, params: ['p_ac'] },
    });
    expect(refused.code).toBe(ERROR_CODES.validation);
    expect(refused.data).toMatchObject({ fields: [{ field: 'params' }] });

    // Before any choice: the first columns.
    const first = await t.call<string[]>('GET', '/api/v1/chart/param/custom', {
      token: tokens.admin,
      query: { kind: 'inverter', sn: INV },
    });
    expect(first.data).toEqual(['gridPower', 'pvVolts']);

    const saved = await t.call<string[]>('POST', '/api/v1/chart/param/custom', {
      token: tokens.admin,
      body: { kind: 'inverter', sn: INV, params: ['pvVolts'] },
    });
    expect(saved.data).toEqual(['pvVolts']);
    const kept = await t.call<string[]>('GET', '/api/v1/chart/param/custom', {
      token: tokens.admin,
      query: { kind: 'inverter', sn: INV },
    });
    expect(kept.data).toEqual(['pvVolts']);
    // The kind's own choice is not replaced by it.
    const builtin = await t.call<string[]>('GET', '/api/v1/chart/param/custom', {
      token: tokens.admin,
      query: { kind: 'inverter' },
    });
    expect(builtin.data).toContain('p_ac');
  });

  it('draws the columns’ readings the gateway reported in the device’s day chart', async () => {
    const ts = Date.UTC(2026, 5, 15, 10, 0);
    const ack = await send({
      id: 'rt-1',
      samples: [
        { device: INV, ts, metrics: { p_ac: 900, gridPower: -1200, pvVolts: 412.5 } },
        { device: INV, ts: ts + 300_000, metrics: { p_ac: 950, gridPower: -1150, pvVolts: 413 } },
      ],
    });
    expect(ack.status).toBe('committed');

    const day = await t.call<{ ts: number; values: Record<string, number | null> }[]>(
      'GET',
      `/api/v1/inverter/${INV}/day`,
      { token: tokens.admin, query: { date: '2026-06-15', params: 'gridPower,pvVolts' } },
    );
    expect(day.code).toBe(0);
    expect(day.data).toEqual([
      { ts, values: { gridPower: -1200, pvVolts: 412.5 } },
      { ts: ts + 300_000, values: { gridPower: -1150, pvVolts: 413 } },
    ]);
    // Without params: the first columns, not the built-in metrics.
    const defaults = await t.call<{ values: Record<string, number | null> }[]>('GET', `/api/v1/inverter/${INV}/day`, {
      token: tokens.admin,
      query: { date: '2026-06-15' },
    });
    expect(Object.keys(defaults.data[0]?.values ?? {})).toEqual(['gridPower', 'pvVolts']);
    // A built-in metric is no parameter of a bound device.
    const refused = await t.call('GET', `/api/v1/inverter/${INV}/day`, {
      token: tokens.admin,
      query: { date: '2026-06-15', params: 'p_ac' },
    });
    expect(refused.code).toBe(ERROR_CODES.validation);
  });

  it('pushes a deleted version’s predecessor and a renamed code to the gateway; the device stays bound', async () => {
    /** The next protocolUpdate the gateway receives after `from` commands, once the pusher has run. */
    const nextUpdate = async (from: number): Promise<ProtocolUpdateParams | undefined> => {
      await t.protocolPush.tick();
      for (let i = 0; i < 100 && !received.slice(from).some((c) => c.type === 'protocolUpdate'); i++)
        await new Promise((r) => setTimeout(r, 50));
      return received.slice(from).find((c) => c.type === 'protocolUpdate')?.params as ProtocolUpdateParams | undefined;
    };
    const [v1] = (
      await t.call<{ id: string; version: number }[]>('GET', '/api/v1/protocol/configs', {
        token: platform,
        query: { protocolId },
      })
    ).data;
    let from = received.length;
    const v2 = await t.call<{ id: string; version: number }>('POST', `/api/v1/protocol/configs/${v1?.id}`, {
      token: platform,
      body: { note: 'try' },
    });
    expect((await nextUpdate(from))?.version).toBe(2);

    from = received.length;
    expect((await t.call('POST', `/api/v1/protocol/configs/${v2.data.id}/delete`, { token: platform })).code).toBe(0);
    expect(await nextUpdate(from)).toMatchObject({ protocol: CODE, config: 'realtime', version: 1, devices: [INV] });

    from = received.length;
    const renamed = await t.call('POST', `/api/v1/protocol/${protocolId}`, {
      token: platform,
      body: { code: 'VendRT-02', manufacturer: 'Vendor RT', protocolVersion: '1.0' },
    });
    expect(renamed.code).toBe(0);
    expect(await nextUpdate(from)).toMatchObject({ protocol: 'VendRT-02', config: 'realtime', devices: [INV] });
    // The device followed the rename: still bound, its chart still the protocol's columns.
    expect((await offered({ kind: 'inverter', sn: INV })).data.map((p) => p.key)).toEqual(['gridPower', 'pvVolts']);
  });

  it('is "does not exist" to another company', async () => {
    expect((await offered({ kind: 'inverter', sn: INV }, tokens.rival)).code).toBe(ERROR_CODES.inverterNotFound);
    const chosen = await t.call('GET', '/api/v1/chart/param/custom', {
      token: tokens.rival,
      query: { kind: 'inverter', sn: INV },
    });
    expect(chosen.code).toBe(ERROR_CODES.inverterNotFound);
    const save = await t.call('POST', '/api/v1/chart/param/custom', {
      token: tokens.rival,
      body: { kind: 'inverter', sn: INV, params: ['gridPower'] },
    });
    expect(save.code).toBe(ERROR_CODES.inverterNotFound);
    const day = await t.call('GET', `/api/v1/inverter/${INV}/day`, {
      token: tokens.rival,
      query: { date: '2026-06-15', params: 'gridPower' },
    });
    expect(day.code).toBe(ERROR_CODES.inverterNotFound);
  });
});
