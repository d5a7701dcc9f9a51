import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import {
  ERROR_CODES,
  MESSAGES,
  type EquipParamImportResult,
  type IotProduct,
  type ProtocastImportResult,
  type ProtocolRelated,
} from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { gateway, protocol } from '../../db/schema.js';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { ACCOUNTS, signInForTests, TestApp } from '../../test/harness.js';
import { multipart } from '../companies/test-files.js';
import { PARAM_SHEET_HEADINGS } from '../devices/param-sheet.js';
import { LIBRARY_HEADINGS } from './library.js';

/**
 * The calls of spec §7 "Protocols" beyond the editor's own (docs/protocols.md "Dictionary, product and sheets"):
 * dict/protocolRelated, iotProduct/getOne, the protocol library sheet (protocast/fullData/*) and a device's
 * chart parameter sheet (equip/custom/param/*).
 */
const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'rival');
let platform = '';
const GW = 'GWCATALOG1';
const INV = 'INVCATALOG';
const MODEL = 'HG-Logger-X9';

beforeAll(async () => {
  platform = await t.tokenFor(ACCOUNTS.platform);
  await sunrisePlant(t, 'Catalogue plant', [
    {
      sn: GW,
      devices: [
        { sn: INV, kind: 'inverter', protocol: 'HYBRID-LV', meta: { inverterKind: 'hybrid' } },
        { sn: 'MTRCATALOG', kind: 'meter', protocol: 'metrics' },
      ],
    },
  ]);
  await t.database.db.update(gateway).set({ model: MODEL, firmware: '2.1.0' }).where(eq(gateway.sn, GW));
});

const xlsx = async (headings: readonly string[], rows: (string | number)[][]): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('sheet');
  ws.addRow([...headings]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};

async function upload<T>(url: string, token: string, file: Buffer, name = 'sheet.xlsx') {
  const { payload, headers } = multipart({
    name,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: file,
  });
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, ...res.json<{ code: number; data: T }>() };
}

async function download(url: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  // A refusal is the JSON envelope (its code), a download the workbook.
  if (String(res.headers['content-type']).includes('json'))
    return { status: res.statusCode, code: res.json<{ code: number }>().code, rows: [] };
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return { status: res.statusCode, code: 0, rows };
}

describe('dict/protocolRelated', () => {
  it('answers the editor’s enums from the shared rules', async () => {
    const res = await t.call<ProtocolRelated>('GET', '/api/v1/dict/protocolRelated', { token: platform });
    expect(res.data.functionCodes).toEqual([
      { value: 1, registerType: 'coil' },
      { value: 2, registerType: 'discrete' },
      { value: 3, registerType: 'holding' },
      { value: 4, registerType: 'input' },
    ]);
    expect(res.data.dataTypes).toContainEqual({ value: 'f32', registers: 2 });
    expect(res.data.dataTypes).toHaveLength(11);
    expect(res.data.orders).toContainEqual({ value: 'CDAB', byteSwap: false, registerSwap: true });
  });

  it('is the platform’s: a company role is refused', async () => {
    for (const token of [tokens.admin, tokens.rival])
      expect((await t.call('GET', '/api/v1/dict/protocolRelated', { token })).status).toBe(403);
  });
});

describe('iotProduct/getOne', () => {
  it('describes a gateway model from the caller’s fleet: firmware, devices and the protocols they use', async () => {
    const res = await t.call<IotProduct>('GET', '/api/v1/iotProduct/getOne', {
      token: tokens.admin,
      query: { model: MODEL.toLowerCase() },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ gateways: 1, firmware: [{ version: '2.1.0', gateways: 1 }] });
    expect(res.data.devices).toEqual([
      { kind: 'inverter', count: 1 },
      { kind: 'meter', count: 1 },
    ]);
    expect(res.data.protocols).toEqual(
      expect.arrayContaining([
        { protocol: 'HYBRID-LV', devices: 1, data: true },
        { protocol: 'metrics', devices: 1, data: false },
      ]),
    );
  });

  it('is "does not exist" for a model none of the caller’s gateways is, and to another company', async () => {
    const unknown = await t.call('GET', '/api/v1/iotProduct/getOne', { token: tokens.admin, query: { model: 'nope' } });
    expect(unknown.code).toBe(ERROR_CODES.notFound);
    const rival = await t.call('GET', '/api/v1/iotProduct/getOne', { token: tokens.rival, query: { model: MODEL } });
    expect(rival.code).toBe(ERROR_CODES.notFound);
  });
});

describe('protocast/fullData: the protocol library sheet', () => {
  it('downloads every protocol with its header cells in front of each column row', async () => {
    const sheet = await download('/api/v1/protocast/fullData/download?lan=de', platform);
    expect(sheet.rows[0]?.[0]).toBe(MESSAGES.de.sheetHeadings.pcProtocol);
    expect(sheet.rows[0]).toHaveLength(LIBRARY_HEADINGS.length);
    const hybrid = sheet.rows.filter((r) => r[0] === 'HYBRID-LV');
    expect(hybrid).toHaveLength(21);
    // Code, manufacturer, protocol and configure version, then the protocol/fullData row: config, name …
    expect(hybrid[0]?.[4]).toBe('realtime');
    expect(hybrid[0]?.[5]).toBe('deviceType');
  });

  it('checks every row first and names the bad ones; saves nothing until asked, then creates and versions', async () => {
    const row = (code: string, name: string, address: string) => [
      code,
      'Acme',
      '1.0',
      '',
      'realtime',
      name,
      3,
      address,
      1,
      'W',
      'holding',
      'u16',
      'no',
      'no',
      0,
      1,
      '',
      0,
      'no',
      '',
      'Power',
    ];
    const before = await t.database.db
      .select()
      .from(protocol)
      .where(sql`lower(${protocol.code}) = 'libtest-01'`);
    expect(before).toHaveLength(0);

    const bad = await xlsx(LIBRARY_HEADINGS, [
      row('LIBTEST-01', 'p1', '0001'),
      row('x', 'p2', '0002'),
      row('LIBTEST-01', 'p3', 'ZZZZ'),
    ]);
    const refused = await upload<ProtocastImportResult>(
      '/api/v1/protocast/fullData/import?check=false&lan=de',
      platform,
      bad,
    );
    expect(refused.data.saved).toBe(false);
    expect(refused.data.problems.map((p) => [p.row, p.field])).toEqual([
      [3, 'code'],
      [4, 'startAddress'],
    ]);
    expect(refused.data.problems[0]?.message).toBe(MESSAGES.de.fields.protocolName);
    expect(
      await t.database.db
        .select()
        .from(protocol)
        .where(sql`lower(${protocol.code}) = 'libtest-01'`),
    ).toHaveLength(0);

    const good = await xlsx(LIBRARY_HEADINGS, [
      row('LIBTEST-01', 'p1', '0001'),
      row('LIBTEST-01', 'p2', '0002'),
      row('METER-3P-F32', 'extra', '0700'),
    ]);
    const checked = await upload<ProtocastImportResult>('/api/v1/protocast/fullData/import?check=true', platform, good);
    expect(checked.data).toMatchObject({
      saved: false,
      rows: 3,
      problems: [],
      protocols: [
        { code: 'LIBTEST-01', created: true, configs: [{ name: 'realtime', version: 1, columns: 2 }] },
        { code: 'METER-3P-F32', created: false, configs: [{ name: 'realtime', version: 2, columns: 1 }] },
      ],
    });
    const saved = await upload<ProtocastImportResult>('/api/v1/protocast/fullData/import?check=false', platform, good);
    expect(saved.data.saved).toBe(true);
    const [made] = await t.database.db
      .select()
      .from(protocol)
      .where(sql`lower(${protocol.code}) = 'libtest-01'`);
    expect(made).toMatchObject({ manufacturer: 'Acme', protocolVersion: '1.0' });
  });

  it('is the platform’s: a company role is refused and nothing changes', async () => {
    expect((await download('/api/v1/protocast/fullData/download', tokens.admin)).status).toBe(403);
    const file = await xlsx(LIBRARY_HEADINGS, [
      ['RIVAL-0001', 'Rival', '1', '', 'realtime', 'p', 3, '0001', 1, '', 'holding', 'u16'],
    ]);
    const res = await upload('/api/v1/protocast/fullData/import?check=false', tokens.rival, file);
    expect(res.status).toBe(403);
    expect(await t.database.db.select().from(protocol).where(eq(protocol.code, 'RIVAL-0001'))).toHaveLength(0);
  });
});

describe('equip/custom/param: a device’s chart parameter sheet', () => {
  const url = (path: string, q = '') => `/api/v1/equip/custom/param/${path}?kind=inverter&sn=${INV}${q}`;

  it('downloads the parameters the device’s chart offers, the chosen ones marked', async () => {
    const sheet = await download(url('download', '&lan=de'), tokens.admin);
    expect(sheet.rows[0]).toEqual(PARAM_SHEET_HEADINGS.map((h) => MESSAGES.de.sheetHeadings[h]));
    // Bound to HYBRID-LV: its realtime columns, numbers only (no serial string, no fault bits).
    const keys = sheet.rows.slice(1).map((r) => r[0]);
    expect(keys).toContain('gridPower');
    expect(keys).not.toContain('serialNumber');
    expect(keys).not.toContain('p_ac');
    const chosen = sheet.rows.slice(1).filter((r) => r[3] === MESSAGES.de.sheetWords.yes);
    expect(chosen).toHaveLength(6);
  });

  it('loads a sheet’s choice after a check that names each bad row', async () => {
    const yes = MESSAGES.en.sheetWords.yes;
    const bad = await xlsx(PARAM_SHEET_HEADINGS, [
      ['gridPower', '', 'W', yes],
      ['p_ac', '', 'W', yes],
      ['loadPower', '', 'W', 'maybe'],
    ]);
    const refused = await upload<EquipParamImportResult>(url('export', '&check=false'), tokens.admin, bad);
    expect(refused.data.saved).toBe(false);
    expect(refused.data.problems.map((p) => [p.row, p.field, p.rule])).toEqual([
      [3, 'key', 'invalid'],
      [4, 'chosen', 'invalid'],
    ]);
    const seven = ['gridPower', 'loadPower', 'batterySoc', 'batteryPower', 'pv1Power', 'pv2Power', 'pv1Voltage'];
    const tooMany = await upload<EquipParamImportResult>(
      url('export', '&check=true'),
      tokens.admin,
      await xlsx(
        PARAM_SHEET_HEADINGS,
        seven.map((k) => [k, '', '', yes]),
      ),
    );
    expect(tooMany.data.problems).toEqual([
      expect.objectContaining({ row: 8, field: 'chosen', rule: 'chartParamsMax' }),
    ]);

    const good = await xlsx(PARAM_SHEET_HEADINGS, [
      ['batterySoc', '', '%', yes],
      ['gridPower', '', 'W', MESSAGES.he.sheetWords.yes],
      ['loadPower', '', 'W', MESSAGES.en.sheetWords.no],
    ]);
    const checked = await upload<EquipParamImportResult>(url('export', '&check=true'), tokens.admin, good);
    expect(checked.data).toEqual({ saved: false, rows: 3, params: ['batterySoc', 'gridPower'], problems: [] });
    const unchanged = await t.call<string[]>('GET', '/api/v1/chart/param/custom', {
      token: tokens.admin,
      query: { kind: 'inverter', sn: INV },
    });
    expect(unchanged.data).not.toEqual(['batterySoc', 'gridPower']);
    const saved = await upload<EquipParamImportResult>(url('export', '&check=false'), tokens.admin, good);
    expect(saved.data.saved).toBe(true);
    const kept = await t.call<string[]>('GET', '/api/v1/chart/param/custom', {
      token: tokens.admin,
      query: { kind: 'inverter', sn: INV },
    });
    expect(kept.data).toEqual(['batterySoc', 'gridPower']);
  });

  it('is "does not exist" to another company', async () => {
    expect((await download(url('download'), tokens.rival)).code).toBe(ERROR_CODES.inverterNotFound);
    const file = await xlsx(PARAM_SHEET_HEADINGS, [['gridPower', '', 'W', 'yes']]);
    const res = await upload(url('export', '&check=false'), tokens.rival, file);
    expect(res.code).toBe(ERROR_CODES.inverterNotFound);
  });
});
