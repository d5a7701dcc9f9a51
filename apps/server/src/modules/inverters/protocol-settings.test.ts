import { ERROR_CODES, type GatewayCommand } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { ACCOUNTS } from '../../test/harness.js';
import { commandTests, setLatest } from '../../test/inverter-fixture.js';

const GW = 'GWPFORM001';
const INV = 'INVPFORM01';
const CODE = 'VendX-01';

/** The device behind the fake gateway: keeps the registers it is written and answers reads of them. */
const holding = new Map<number, number>();
const coils = new Map<number, number>();
const answer = (cmd: GatewayCommand) => {
  const p = cmd.params as {
    writes?: { fc: number; start: number; registers: number[] }[];
    reads?: { fc: number; start: number; count: number }[];
  };
  if (cmd.type === 'settingsWrite')
    for (const w of p.writes ?? []) w.registers.forEach((r, i) => (w.fc === 5 ? coils : holding).set(w.start + i, r));
  if (cmd.type === 'settingsRead' && p.reads) {
    const blocks = p.reads.map((r) => ({
      fc: r.fc,
      start: r.start,
      registers: Array.from({ length: r.count }, (_, i) => (r.fc === 1 ? coils : holding).get(r.start + i) ?? 0),
    }));
    return { status: 'succeeded' as const, result: { blocks } };
  }
  return { status: 'succeeded' as const, result: {} };
};
const { t, tokens, gateways } = commandTests(answer);
/**
 * The commands this file's routes sent. Binding devices and editing configs also queues protocol updates to the
 * gateways using them (modules/protocols/push.ts), which the pusher sends on its own time: not this file's.
 */
const sent = () => gateways.received.filter((c) => c.type !== 'protocolUpdate');

let platform = '';
let configId = '';

const column = (c: Record<string, unknown>) => ({
  unit: '',
  byteSwap: false,
  registerSwap: false,
  base: 0,
  scale: 1,
  scaleFactor: null,
  skipBytes: 0,
  required: false,
  ...c,
});

interface Form {
  protocol: string;
  fields: ({ key: string; type: string; label?: string } & Record<string, unknown>)[];
  values: Record<string, unknown>;
}
const form = (lan = 'en') =>
  t.call<Form>('GET', `/api/v1/inverter/${INV}/setting/form`, { token: tokens.admin, query: { lan } });
const write = (values: Record<string, unknown>, lan = 'en') =>
  t.call<{ status: string }>('POST', `/api/v1/inverter/${INV}/setting-write`, {
    token: tokens.admin,
    body: { values },
    query: { lan },
  });

beforeAll(async () => {
  platform = await t.tokenFor(ACCOUNTS.platform);
  const p = await t.call<{ id: string }>('POST', '/api/v1/protocol', {
    token: platform,
    body: { code: CODE, manufacturer: 'Vendor X', protocolVersion: '1.0' },
  });
  const c = await t.call<{ id: string }>('POST', '/api/v1/protocol/config', {
    token: platform,
    body: { protocolId: p.data.id, name: 'settings' },
  });
  configId = c.data.id;
  const columns = [
    // Active power limit, 0.1 % steps, signed.
    {
      name: 'Limit',
      functionCode: 3,
      startAddress: '3000',
      registerCount: 1,
      registerType: 'holding',
      dataType: 's16',
      scale: 0.1,
      unit: '%',
      descriptions: { en: 'Power limit', de: 'Leistungsgrenze' },
    },
    // Export limit in W, low word first (CDAB).
    {
      name: 'ExportW',
      functionCode: 3,
      startAddress: '3002',
      registerCount: 2,
      registerType: 'holding',
      dataType: 'u32',
      registerSwap: true,
      unit: 'W',
      descriptions: { en: 'Export limit' },
    },
    // Half-degree steps from -40 °C.
    {
      name: 'Derate',
      functionCode: 3,
      startAddress: '3010',
      registerCount: 1,
      registerType: 'holding',
      dataType: 'u16',
      scale: 0.5,
      base: -40,
      unit: '°C',
      descriptions: { en: 'Derating temperature' },
    },
    {
      name: 'Island',
      functionCode: 1,
      startAddress: '0010',
      registerCount: 1,
      registerType: 'coil',
      dataType: 'u16',
      descriptions: { en: 'Island mode' },
    },
    // Read-only: not a field.
    {
      name: 'Serial',
      functionCode: 4,
      startAddress: '0100',
      registerCount: 1,
      registerType: 'input',
      dataType: 'u16',
      descriptions: { en: 'Serial' },
    },
  ];
  for (const col of columns) {
    const r = await t.call('POST', `/api/v1/protocol/config/${configId}/column`, {
      token: platform,
      body: column(col),
    });
    expect(r.code).toBe(0);
  }
  await sunrisePlant(t, 'Protocol form plant', [
    { sn: GW, devices: [{ sn: INV, kind: 'inverter', protocol: 'metrics', meta: { inverterKind: 'string' } }] },
  ]);
  await gateways.connect(t, GW);
  await setLatest(t, INV, { p_ac: 900 });
});

describe('an inverter bound to a register-map protocol', () => {
  it('is bound through the protocol route by code, whatever the case; an unknown code is refused', async () => {
    const dict = await t.call<{ value: string; settings: boolean }[]>('GET', '/api/v1/dict/protocols', {
      token: tokens.admin,
    });
    expect(dict.data).toContainEqual({ value: CODE, settings: true });
    expect(dict.data).toContainEqual({ value: 'HYBRID-LV', settings: false });
    const unknown = await t.call('POST', `/api/v1/inverter/${INV}/protocol`, {
      token: tokens.admin,
      body: { protocol: 'NOSUCH-01' },
    });
    expect(unknown.code).toBe(ERROR_CODES.validation);
    const bound = await t.call('POST', `/api/v1/inverter/${INV}/protocol`, {
      token: tokens.admin,
      body: { protocol: CODE.toLowerCase() },
    });
    expect(bound.code).toBe(0);
    expect((await form()).data.protocol).toBe(CODE);
    const control = await t.call<{ settings: boolean }>('GET', `/api/v1/inverter/${INV}/control`, {
      token: tokens.admin,
    });
    expect(control.data.settings).toBe(true);
  });

  it('has a form of the settings config’s writable columns, labelled in the caller’s language', async () => {
    const en = await form();
    expect(en.data.fields).toEqual([
      {
        key: 'Limit',
        label: 'Power limit',
        group: 'settings',
        type: 'number',
        min: -3276.8,
        max: 3276.7,
        decimals: 1,
        unit: '%',
      },
      {
        key: 'ExportW',
        label: 'Export limit',
        group: 'settings',
        type: 'number',
        min: 0,
        max: 9_999_999,
        decimals: 0,
        unit: 'W',
      },
      {
        key: 'Derate',
        label: 'Derating temperature',
        group: 'settings',
        type: 'number',
        min: -40,
        max: 32727.5,
        decimals: 1,
        unit: '°C',
      },
      { key: 'Island', label: 'Island mode', group: 'settings', type: 'boolean' },
    ]);
    const de = await form('de');
    expect(de.data.fields.map((f) => f.label)).toEqual([
      'Leistungsgrenze',
      'Export limit',
      'Derating temperature',
      'Island mode',
    ]);
  });

  it('follows a change of the config at once', async () => {
    const r = await t.call('POST', `/api/v1/protocol/config/${configId}/column`, {
      token: platform,
      body: column({
        name: 'Mode',
        functionCode: 3,
        startAddress: '3020',
        registerCount: 1,
        registerType: 'holding',
        dataType: 'u16',
        descriptions: { en: 'Mode' },
      }),
    });
    expect(r.code).toBe(0);
    expect((await form()).data.fields.map((f) => f.key)).toEqual(['Limit', 'ExportW', 'Derate', 'Island', 'Mode']);
  });

  it('refuses a value outside a column’s range, or one its type and scale cannot hold, and sends nothing', async () => {
    const before = sent().length;
    const outside = await write({ Limit: 3300 });
    expect(outside.code).toBe(ERROR_CODES.validation);
    // 0.3 has one decimal, but 0.5 °C steps from -40 cannot hold it.
    const inexact = await write({ Derate: 0.3 }, 'de');
    expect(inexact.code).toBe(ERROR_CODES.validation);
    expect(inexact.data).toEqual({
      fields: [{ field: 'Derate', rule: 'invalid', message: 'Dieser Wert ist ungültig.' }],
    });
    const notNumber = await write({ ExportW: 'lots' });
    expect(notNumber.code).toBe(ERROR_CODES.validation);
    expect(sent().length).toBe(before);
  });

  it('writes the encoded registers: a scaled s16, a swapped u32, a based u16 and a coil', async () => {
    const values = { Limit: -12.5, ExportW: 70000, Derate: 45.5, Island: true };
    const res = await write(values);
    expect(res.data.status).toBe('succeeded');
    expect(sent().at(-1)).toMatchObject({
      type: 'settingsWrite',
      device: INV,
      params: {
        values,
        writes: [
          { fc: 6, start: 0x3000, registers: [0xff83] }, // -125
          { fc: 16, start: 0x3002, registers: [0x1170, 0x0001] }, // 0x00011170, low word first
          { fc: 6, start: 0x3010, registers: [171] }, // (45.5 + 40) / 0.5
          { fc: 5, start: 0x0010, registers: [1] },
        ],
      },
    });
  });

  it('reads the settings as blocks and decodes them with the columns', async () => {
    holding.set(0x3000, 0x0032); // 5.0 %
    const res = await t.call<{ status: string; values: Record<string, unknown> }>(
      'POST',
      `/api/v1/inverter/${INV}/setting-read`,
      { token: tokens.admin },
    );
    expect(sent().at(-1)).toMatchObject({
      type: 'settingsRead',
      params: {
        reads: [
          { fc: 1, start: 0x0010, count: 1 },
          { fc: 3, start: 0x3000, count: 4 },
          { fc: 3, start: 0x3010, count: 1 },
          { fc: 3, start: 0x3020, count: 1 },
        ],
      },
    });
    expect(res.data.status).toBe('succeeded');
    expect(res.data.values).toEqual({ Limit: 5, ExportW: 70000, Derate: 45.5, Island: true, Mode: 0 });
    expect((await form()).data.values).toMatchObject({ Limit: 5, ExportW: 70000 });
  });

  it('offers the protocol’s registers to the debug panel', async () => {
    const picks = await t.call<
      { config: string; name: string; functionCode: number; address: string; count: number }[]
    >('GET', `/api/v1/inverter/${INV}/protocol/columns`, { token: tokens.admin });
    expect(picks.data).toContainEqual(
      expect.objectContaining({ config: 'settings', name: 'ExportW', functionCode: 3, address: '3002', count: 2 }),
    );
    expect(picks.data).toContainEqual(expect.objectContaining({ name: 'Serial', functionCode: 4, address: '0100' }));
  });

  it('is "does not exist" to another company', async () => {
    const before = sent().length;
    for (const [method, path, body] of [
      ['GET', 'setting/form', undefined],
      ['POST', 'setting-write', { values: { Limit: 1 } }],
      ['POST', 'setting-read', undefined],
      ['POST', 'protocol', { protocol: 'metrics' }],
      ['GET', 'protocol/columns', undefined],
    ] as const) {
      const res = await t.call(method, `/api/v1/inverter/${INV}/${path}`, { token: tokens.rival, body });
      expect(res.code).toBe(ERROR_CODES.inverterNotFound);
    }
    expect(sent().length).toBe(before);
    expect((await form()).data.protocol).toBe(CODE);
  });
});
