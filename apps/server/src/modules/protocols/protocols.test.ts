import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { buildRtuResponse, encodeSunSpecModel, loadSunSpecModel } from '@heliograph/modbus';
import {
  ERROR_CODES,
  MESSAGES,
  type ColumnBody,
  type ColumnRow,
  type ConfigRow,
  type DecodeResult,
  type ImportResult,
  type ProtocolRow,
} from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, protocol, protocolColumn, protocolConfig } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { multipart } from '../companies/test-files.js';
import { SHEET_HEADINGS } from './sheet.js';

const t = TestApp.forTests();
const tk = { platform: '', admin: '', rival: '' };
type Fields = { fields?: { field: string; rule: string; message: string }[] };

const counts = async () => {
  const db = t.database.db;
  const [p] = await db.select({ n: count() }).from(protocol);
  const [c] = await db.select({ n: count() }).from(protocolConfig);
  const [k] = await db.select({ n: count() }).from(protocolColumn);
  return { protocols: p?.n ?? 0, configs: c?.n ?? 0, columns: k?.n ?? 0 };
};

const column = (over: Partial<ColumnBody> = {}): ColumnBody => ({
  name: 'gridPower',
  functionCode: 3,
  startAddress: '0271',
  registerCount: 1,
  unit: 'W',
  registerType: 'holding',
  dataType: 's16',
  scale: 1,
  descriptions: { en: 'Grid power', de: 'Netzleistung' },
  ...over,
});

async function createProtocol(code: string): Promise<ProtocolRow> {
  const res = await t.call<ProtocolRow>('POST', '/api/v1/protocol', {
    token: tk.platform,
    body: { code, manufacturer: 'Acme', protocolVersion: '1.0', configureVersion: '1' },
  });
  expect(res.code).toBe(0);
  return res.data;
}

async function createConfig(protocolId: string, name: string): Promise<ConfigRow> {
  const res = await t.call<ConfigRow>('POST', '/api/v1/protocol/config', {
    token: tk.platform,
    body: { protocolId, name },
  });
  expect(res.code).toBe(0);
  return res.data;
}

async function upload(protocolId: string, file: Buffer, check: boolean, lang = 'en', name = 'map.xlsx') {
  const { payload, headers } = multipart({
    name,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: file,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/protocol/fullData/import?protocolId=${protocolId}&check=${check}&lan=${lang}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${tk.platform}` },
  });
  return res.json<{ code: number; data: ImportResult }>();
}

/** A sheet in the import layout: the heading row, then these rows (short rows are padded with empty cells). */
async function sheet(rows: (string | number)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('columns');
  ws.addRow(SHEET_HEADINGS.map((h) => MESSAGES.en.sheetHeadings[h]));
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A good import row: config, name, fc, address, count, unit, type, data type, swaps, base, scale, sf, skip, required, cn, en. */
const good = (name: string, address: string): (string | number)[] => [
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
  'yes',
  '',
  `Description of ${name}`,
];

beforeAll(async () => {
  tk.platform = await t.tokenFor(ACCOUNTS.platform);
  tk.admin = await t.tokenFor(ACCOUNTS.admin);
  tk.rival = await t.otherCompanyToken();
});

describe('shipped register maps', () => {
  it('has the SunSpec inverter, meter and storage maps and two vendor maps on a clean start', async () => {
    const res = await t.call<{ total: number; rows: ProtocolRow[] }>('GET', '/api/v1/protocol', {
      token: tk.platform,
      query: { size: '100' },
    });
    const codes = res.data.rows.filter((r) => r.builtin).map((r) => r.code);
    expect(codes).toEqual(['HYBRID-LV', 'METER-3P-F32', 'SUNSPEC-INV', 'SUNSPEC-MTR', 'SUNSPEC-STO']);
    const inverter = res.data.rows.find((r) => r.code === 'SUNSPEC-INV')!;
    const configs = await t.call<ConfigRow[]>('GET', '/api/v1/protocol/configs', {
      token: tk.platform,
      query: { protocolId: inverter.id },
    });
    expect(configs.data.map((c) => [c.name, c.version, c.latest])).toEqual([
      ['common', 1, true],
      ['inverter', 1, true],
    ]);
    const columns = await t.call<ColumnRow[]>('GET', '/api/v1/protocol/columns', {
      token: tk.platform,
      query: { configId: configs.data[1]!.id },
    });
    const w = columns.data.find((c) => c.name === 'W');
    expect(w).toMatchObject({ startAddress: '9C94', dataType: 's16', scaleFactor: 'W_SF', unit: 'W', functionCode: 3 });
  });

  it('searches by code or manufacturer, a page at a time', async () => {
    const res = await t.call<{ total: number; rows: ProtocolRow[] }>('GET', '/api/v1/protocol', {
      token: tk.platform,
      query: { q: 'sunspec', size: '2', page: '2' },
    });
    expect(res.data.total).toBe(3);
    expect(res.data.rows.map((r) => r.code)).toEqual(['SUNSPEC-STO']);
  });
});

describe('who may manage protocols', () => {
  it('refuses company accounts, reading or writing, and changes nothing', async () => {
    const before = await counts();
    const [any] = (await t.call<{ rows: ProtocolRow[] }>('GET', '/api/v1/protocol', { token: tk.platform })).data.rows;
    for (const token of [tk.admin, tk.rival]) {
      expect((await t.call('GET', '/api/v1/protocol', { token })).status).toBe(403);
      expect((await t.call('GET', `/api/v1/protocol/${any!.id}`, { token })).status).toBe(403);
      const create = await t.call('POST', '/api/v1/protocol', {
        token,
        body: { code: 'MINE-001', manufacturer: 'Me', protocolVersion: '1' },
      });
      expect(create.status).toBe(403);
      expect((await t.call('POST', `/api/v1/protocol/${any!.id}/delete`, { token })).status).toBe(403);
      const edit = await t.call('POST', `/api/v1/protocol/${any!.id}`, {
        token,
        body: { code: 'RENAMED1', manufacturer: 'Me', protocolVersion: '1' },
      });
      expect(edit.status).toBe(403);
    }
    expect(await counts()).toEqual(before);
    const again = await t.call<ProtocolRow>('GET', `/api/v1/protocol/${any!.id}`, { token: tk.platform });
    expect(again.data.code).toBe(any!.code);
  });
});

describe('protocol fields', () => {
  it('takes a code of 6 to 12 letters, digits, dashes or underscores, unique whatever the case', async () => {
    const body = { manufacturer: 'Acme', protocolVersion: '1.0' };
    const tooShort = await t.call<Fields>('POST', '/api/v1/protocol', {
      token: tk.platform,
      body: { ...body, code: 'ABCDE' },
    });
    expect(tooShort.code).toBe(ERROR_CODES.validation);
    expect(tooShort.data.fields?.[0]).toMatchObject({ field: 'code', rule: 'protocolName' });
    const tooLong = await t.call<Fields>('POST', '/api/v1/protocol', {
      token: tk.platform,
      body: { ...body, code: 'ABCDEFGHIJKLM' },
    });
    expect(tooLong.data.fields?.[0]?.rule).toBe('protocolName');
    const spaces = await t.call<Fields>('POST', '/api/v1/protocol', {
      token: tk.platform,
      body: { ...body, code: 'ACME 001' },
    });
    expect(spaces.data.fields?.[0]?.rule).toBe('noSpecialCharacters');

    const made = await createProtocol('ACME-001');
    expect(made).toMatchObject({ code: 'ACME-001', creator: ACCOUNTS.platform, configs: 0, builtin: false });
    const twice = await t.call('POST', '/api/v1/protocol', { token: tk.platform, body: { ...body, code: 'acme-001' } });
    expect(twice.code).toBe(ERROR_CODES.protocolExists);
    const check = await t.call('GET', '/api/v1/protocol/check', { token: tk.platform, query: { code: 'ACME-001' } });
    expect(check.code).toBe(ERROR_CODES.protocolExists);
    const own = await t.call('GET', '/api/v1/protocol/check', {
      token: tk.platform,
      query: { code: 'ACME-001', protocolId: made.id },
    });
    expect(own.code).toBe(0);
  });
});

describe('configs, versions and columns', () => {
  it('checks every column rule, names the field, and saves nothing that is wrong', async () => {
    const p = await createProtocol('COLS-001');
    const config = await createConfig(p.id, 'realtime');
    const url = `/api/v1/protocol/config/${config.id}/column`;
    const refused = async (over: Partial<ColumnBody>, field: string, rule: string) => {
      const res = await t.call<Fields>('POST', url, { token: tk.platform, body: column(over), query: { lan: 'de' } });
      expect(res.code, `${field} ${rule}`).toBe(ERROR_CODES.validation);
      expect(res.data.fields).toContainEqual({ field, rule, message: MESSAGES.de.fields[rule as 'invalid'] });
    };
    await refused({ startAddress: '271' }, 'startAddress', 'hexAddress');
    await refused({ startAddress: 'G271' }, 'startAddress', 'hexAddress');
    await refused({ functionCode: 6 }, 'functionCode', 'functionCode');
    await refused({ registerType: 'input' }, 'registerType', 'registerTypeMismatch');
    await refused({ dataType: 'u32' }, 'registerCount', 'dataTypeFit');
    await refused({ registerCount: 126 }, 'registerCount', 'registerCount');
    await refused({ startAddress: 'FFFF', registerCount: 2, dataType: 'u32' }, 'registerCount', 'registerRange');
    await refused({ scale: 0 }, 'scale', 'scale');
    await refused({ name: '1st' }, 'name', 'columnName');
    await refused({ descriptions: { de: 'Nur Deutsch' } }, 'descriptions', 'required');
    await refused({ scaleFactor: 'W_SF' }, 'scaleFactor', 'scaleFactorMissing');
    expect(
      (
        await t.call<ColumnRow[]>('GET', '/api/v1/protocol/columns', {
          token: tk.platform,
          query: { configId: config.id },
        })
      ).data,
    ).toEqual([]);

    const ok = await t.call<ColumnRow>('POST', url, { token: tk.platform, body: column() });
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ name: 'gridPower', startAddress: '0271', position: 0 });
    await refused({ startAddress: '0272' }, 'name', 'columnRepeat');
  });

  it('keeps older versions as they were: a new version copies the columns and only it can change', async () => {
    const p = await createProtocol('VERS-001');
    const v1 = await createConfig(p.id, 'realtime');
    const add = await t.call<ColumnRow>('POST', `/api/v1/protocol/config/${v1.id}/column`, {
      token: tk.platform,
      body: column(),
    });
    const v2 = await t.call<ConfigRow>('POST', `/api/v1/protocol/configs/${v1.id}`, {
      token: tk.platform,
      body: { note: 'scale fix' },
    });
    expect(v2.data).toMatchObject({ name: 'realtime', version: 2, latest: true, columns: 1, note: 'scale fix' });

    const locked = await t.call<Fields>('POST', `/api/v1/protocol/columns/${add.data.id}`, {
      token: tk.platform,
      body: column({ scale: 0.1 }),
    });
    expect(locked.data.fields?.[0]).toMatchObject({ field: 'configId', rule: 'configLocked' });

    const [copy] = (
      await t.call<ColumnRow[]>('GET', '/api/v1/protocol/columns', {
        token: tk.platform,
        query: { configId: v2.data.id },
      })
    ).data;
    const edited = await t.call<ColumnRow>('POST', `/api/v1/protocol/columns/${copy!.id}`, {
      token: tk.platform,
      body: column({ scale: 0.1 }),
    });
    expect(edited.data.scale).toBe(0.1);
    const old = await t.call<ColumnRow[]>('GET', '/api/v1/protocol/columns', {
      token: tk.platform,
      query: { configId: v1.id },
    });
    expect(old.data[0]?.scale).toBe(1);

    const versions = await t.call<ConfigRow[]>('GET', '/api/v1/protocol/config/versions', {
      token: tk.platform,
      query: { protocolId: p.id, name: 'realtime' },
    });
    expect(versions.data.map((v) => [v.version, v.latest])).toEqual([
      [2, true],
      [1, false],
    ]);
    const listed = await t.call<ConfigRow[]>('GET', '/api/v1/protocol/configs', {
      token: tk.platform,
      query: { protocolId: p.id },
    });
    expect(listed.data.map((c) => c.version)).toEqual([2]);
    const taken = await t.call<Fields>('GET', '/api/v1/protocol/config/check', {
      token: tk.platform,
      query: { protocolId: p.id, name: 'REALTIME' },
    });
    expect(taken.data.fields?.[0]?.rule).toBe('configExists');

    expect((await t.call('POST', `/api/v1/protocol/${p.id}/delete`, { token: tk.platform })).code).toBe(0);
    expect((await t.call('GET', `/api/v1/protocol/${p.id}`, { token: tk.platform })).code).toBe(ERROR_CODES.notFound);
    const gone = await t.call('GET', '/api/v1/protocol/columns', {
      token: tk.platform,
      query: { configId: v2.data.id },
    });
    expect(gone.code).toBe(ERROR_CODES.notFound);

    // Every change is in the audit log under the protocol, in order, with what changed; the locked edit is not.
    const audit = await t.database.db
      .select({ action: auditLog.action, old: auditLog.oldValue, new: auditLog.newValue })
      .from(auditLog)
      .where(eq(auditLog.targetId, p.id))
      .orderBy(auditLog.createdAt);
    expect(audit.map((a) => a.action)).toEqual([
      'protocol.create',
      'protocol.configCreate',
      'protocol.columnAdd',
      'protocol.configVersion',
      'protocol.columnUpdate',
      'protocol.delete',
    ]);
    expect(audit[3]).toMatchObject({
      old: { config: 'realtime', version: 1 },
      new: { config: 'realtime', version: 2 },
    });
    expect(audit[5]?.old).toMatchObject({ code: 'VERS-001' });
  });
});

describe('import and export (.xlsx)', () => {
  it('a sheet with bad rows saves nothing and names each bad row with the reason in the caller’s language', async () => {
    const p = await createProtocol('IMPT-001');
    const before = await counts();
    const bad = await sheet([
      good('pv1Power', '02A0'), // row 2
      [...good('pv2Power', '2A1').slice(0, 3), '2A1', ...good('x', '0').slice(4)], // row 3: three hex digits
      good('loadPower', '028F'), // row 4
      ['realtime', 'batterySoc', 4, '0298', 1, '%', 'holding', 'u16'], // row 5: 04 reads input registers
      good('pv1Power', '02A2'), // row 6: the name of row 2 again
    ]);
    for (const check of [true, false]) {
      const res = await upload(p.id, bad, check, 'de');
      expect(res.code).toBe(0);
      expect(res.data.saved).toBe(false);
      expect(res.data.rows).toBe(5);
      expect(res.data.problems.map((x) => [x.row, x.field, x.rule])).toEqual([
        [3, 'startAddress', 'hexAddress'],
        [5, 'registerType', 'registerTypeMismatch'],
        [5, 'descriptions', 'required'],
        [6, 'name', 'columnRepeat'],
      ]);
      expect(res.data.problems[0]?.message).toBe(MESSAGES.de.fields.hexAddress);
    }
    expect(await counts()).toEqual(before);
  });

  it('an empty sheet or a file that is not .xlsx is "import failed, file empty or content error"', async () => {
    const p = await createProtocol('IMPT-002');
    expect((await upload(p.id, await sheet([]), false)).code).toBe(ERROR_CODES.importFailed);
    expect((await upload(p.id, Buffer.from('not a workbook'), false)).code).toBe(ERROR_CODES.importFailed);
    expect((await upload(p.id, await sheet([good('a', '0001')]), false, 'en', 'map.csv')).code).toBe(
      ERROR_CODES.importFailed,
    );
  });

  it('exports a protocol’s full data that imports back as new versions, after a check that saves nothing', async () => {
    const list = await t.call<{ rows: ProtocolRow[] }>('GET', '/api/v1/protocol', {
      token: tk.platform,
      query: { q: 'HYBRID' },
    });
    const hybrid = list.data.rows[0]!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/protocol/fullData/download?protocolId=${hybrid.id}`,
      headers: { authorization: `Bearer ${tk.platform}`, 'accept-language': 'he' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/protocol-HYBRID-LV-\d{8}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe(MESSAGES.he.sheetHeadings.pcName);
    expect(ws.rowCount).toBe(1 + 21);

    const target = await createProtocol('COPY-001');
    const checked = await upload(target.id, res.rawPayload, true);
    expect(checked.data).toMatchObject({
      saved: false,
      rows: 21,
      problems: [],
      configs: [{ name: 'realtime', version: 1, columns: 21 }],
    });
    expect(
      (
        await t.call<ConfigRow[]>('GET', '/api/v1/protocol/configs', {
          token: tk.platform,
          query: { protocolId: target.id },
        })
      ).data,
    ).toEqual([]);

    const saved = await upload(target.id, res.rawPayload, false);
    expect(saved.data.saved).toBe(true);
    const [config] = (
      await t.call<ConfigRow[]>('GET', '/api/v1/protocol/configs', {
        token: tk.platform,
        query: { protocolId: target.id },
      })
    ).data;
    const [original] = (
      await t.call<ConfigRow[]>('GET', '/api/v1/protocol/configs', {
        token: tk.platform,
        query: { protocolId: hybrid.id },
      })
    ).data;
    const strip = (rows: ColumnRow[]) => rows.map(({ id: _id, configId: _c, ...rest }) => rest);
    const copied = await t.call<ColumnRow[]>('GET', '/api/v1/protocol/columns', {
      token: tk.platform,
      query: { configId: config!.id },
    });
    const source = await t.call<ColumnRow[]>('GET', '/api/v1/protocol/columns', {
      token: tk.platform,
      query: { configId: original!.id },
    });
    expect(strip(copied.data)).toEqual(strip(source.data));

    // Importing again makes version 2 of the same config.
    const again = await upload(target.id, res.rawPayload, false);
    expect(again.data.configs).toEqual([{ name: 'realtime', version: 2, columns: 21 }]);
  });

  it('hands out the template with the headings in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/protocol/columns/download?lan=de',
      headers: { authorization: `Bearer ${tk.platform}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const row = wb.worksheets[0]!.getRow(1);
    expect(row.getCell(1).value).toBe(MESSAGES.de.sheetHeadings.pcConfig);
    expect(row.getCell(3).value).toBe(MESSAGES.de.sheetHeadings.pcFunctionCode);
  });
});

describe('decodeMessage', () => {
  it('turns an RTU response of the SunSpec inverter into named, scaled values with units', async () => {
    const inv = (
      await t.call<{ rows: ProtocolRow[] }>('GET', '/api/v1/protocol', {
        token: tk.platform,
        query: { q: 'SUNSPEC-INV' },
      })
    ).data.rows[0]!;
    const config = (
      await t.call<ConfigRow[]>('GET', '/api/v1/protocol/configs', {
        token: tk.platform,
        query: { protocolId: inv.id },
      })
    ).data.find((c) => c.name === 'inverter')!;
    const registers = encodeSunSpecModel(loadSunSpecModel(103), {
      values: { A: 21.5, A_SF: -1, W: -1500, W_SF: 0, PhVphA: 231.4, V_SF: -1, Hz: 50.01, Hz_SF: -2 },
    });
    const frame = Buffer.from(buildRtuResponse(1, { functionCode: 3, registers })).toString('hex');
    const res = await t.call<DecodeResult>('POST', '/api/v1/protocol/decodeMessage', {
      token: tk.platform,
      body: { configId: config.id, frame },
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ kind: 'rtu', unitId: 1, functionCode: 3, start: '9C86' });
    const value = (name: string) => res.data.values.find((v) => v.name === name);
    expect(value('A')).toMatchObject({ value: 21.5, unit: 'A', description: 'Amps' });
    expect(value('W')?.value).toBe(-1500);
    expect(value('PhVphA')?.value).toBe(231.4);
    expect(value('Hz')?.value).toBe(50.01);
    // Not written: "not implemented" (0xFFFF / 0x8000), so null rather than a made-up number.
    expect(value('TmpCab')?.value).toBeNull();
  });

  it('refuses a frame that is not hex or not Modbus, naming the field', async () => {
    const meter = (
      await t.call<{ rows: ProtocolRow[] }>('GET', '/api/v1/protocol', { token: tk.platform, query: { q: 'METER-3P' } })
    ).data.rows[0]!;
    const [config] = (
      await t.call<ConfigRow[]>('GET', '/api/v1/protocol/configs', {
        token: tk.platform,
        query: { protocolId: meter.id },
      })
    ).data;
    for (const frame of ['hello', '01 03 0', '01 03 04 43 66 80 00 00 00']) {
      const res = await t.call<Fields>('POST', '/api/v1/protocol/decodeMessage', {
        token: tk.platform,
        body: { configId: config!.id, frame, kind: 'rtu' },
      });
      expect(res.code, frame).toBe(ERROR_CODES.validation);
      expect(res.data.fields?.[0]).toMatchObject({ field: 'frame', rule: 'modbusFrame' });
    }
    // Bare registers of the meter's first two floats: 230.5 V and 0 V.
    const ok = await t.call<DecodeResult>('POST', '/api/v1/protocol/decodeMessage', {
      token: tk.platform,
      body: { configId: config!.id, frame: '4366 8000 0000 0000', kind: 'registers' },
    });
    expect(ok.data.values.map((v) => [v.name, v.value])).toEqual([
      ['voltageL1', 230.5],
      ['voltageL2', 0],
    ]);
  });
});
