import ExcelJS from 'exceljs';
import { ERROR_CODES, type EventListRow } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { storageEvents, storageFixture, type StorageFixture } from '../../test/storage-fixture.js';

const t = TestApp.forTests();
let f: StorageFixture;
let admin: string;
let visitor: string;
let rival: string;
let raised: Record<string, number>;

interface List {
  total: number;
  rows: EventListRow[];
  counts: Record<string, number>;
}

beforeAll(async () => {
  f = await storageFixture(t, 'TE');
  ({ raised } = await storageEvents(t, f));
  [admin, visitor, rival] = await Promise.all([
    t.tokenFor(ACCOUNTS.admin),
    t.tokenFor(ACCOUNTS.visitor),
    t.otherCompanyToken(),
  ]);
});

const list = (token: string, query: Record<string, string> = {}) =>
  t.call<List>('GET', '/api/v1/events', { token, query: { plantId: f.plantId, ...query } });
const codes = (l: { data: List }) => l.data.rows.map((r) => r.code);

describe('event list', () => {
  it('lists a plant’s events newest first, explained in the caller’s language', async () => {
    const res = await list(admin, { lan: 'de' });
    expect(codes(res)).toEqual(['BMS-OT', 'WS-INFO', 'M-COMM']);
    expect(res.data.counts).toEqual({ all: 3, fault: 1, warning: 1, info: 1 });
    const fault = res.data.rows[0];
    expect(fault).toMatchObject({ level: 'fault', deviceSn: f.sn.master, deviceKind: 'battery', clearedAt: null });
    expect(fault?.meaning).toContain('Batterie-Übertemperatur');
    expect(fault?.solution).toContain('Belüftung');
    // A code the console cannot explain keeps the device's own message.
    expect(res.data.rows[2]).toMatchObject({ meaning: null, message: 'meter communication lost' });
  });

  it('filters by type, state, device, kind and time', async () => {
    expect(codes(await list(admin, { level: 'warning' }))).toEqual(['M-COMM']);
    expect(codes(await list(admin, { state: 'open' }))).toEqual(['BMS-OT', 'WS-INFO']);
    expect(codes(await list(admin, { state: 'cleared' }))).toEqual(['M-COMM']);
    expect(codes(await list(admin, { device: 'mtr01' }))).toEqual(['M-COMM']);
    expect(codes(await list(admin, { kind: 'weather' }))).toEqual(['WS-INFO']);
    const window = { from: String((raised.info ?? 0) - 1000), to: String((raised.fault ?? 0) - 1000) };
    expect(codes(await list(admin, window))).toEqual(['WS-INFO']);
    // The level filter narrows the rows; the counts by level stay those of the other filters.
    const faults = await list(admin, { level: 'fault', state: 'open' });
    expect(faults.data.total).toBe(1);
    expect(faults.data.counts).toEqual({ all: 2, fault: 1, warning: 0, info: 1 });
  });

  it('refuses a time range that runs backwards or spans more than a year', async () => {
    expect((await list(admin, { from: '2000', to: '1000' })).code).toBe(ERROR_CODES.validation);
    expect((await list(admin, { from: '0', to: String(400 * 86_400_000) })).code).toBe(ERROR_CODES.validation);
    expect((await list(admin, { level: 'panic' })).code).toBe(ERROR_CODES.validation);
  });

  it('shows a visitor the events of shared plants', async () => {
    expect((await list(visitor)).data.total).toBe(3);
  });

  it('never lists another company’s events, whatever the filter', async () => {
    const theirs = await t.call<List>('GET', '/api/v1/events', { token: rival });
    expect(theirs.data.rows.map((r) => r.message)).toEqual(['rival fault']);
    expect((await list(rival)).data.total).toBe(0);
    const ours = await t.call<List>('GET', '/api/v1/events', { token: admin, query: { size: '100' } });
    expect(ours.data.rows.map((r) => r.message)).not.toContain('rival fault');
    const count = await t.call<Record<string, number>>('GET', '/api/v1/events/count', { token: rival });
    expect(count.data).toEqual({ all: 1, fault: 1, warning: 0, info: 0 });
  });

  it('counts open events for the shell', async () => {
    const count = await t.call<Record<string, number>>('GET', '/api/v1/events/count', { token: visitor });
    expect(count.data).toEqual({ all: 2, fault: 1, warning: 0, info: 1 });
  });

  it('exports the filtered events as .xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/events/download?plantId=${f.plantId}&state=open&lan=es`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.rowCount).toBe(3);
    expect(ws?.getRow(1).getCell(3).value).toBe('Tipo');
    expect(ws?.getRow(2).getCell(2).value).toBe('Abierto');
    expect(ws?.getRow(2).getCell(3).value).toBe('Fallo');
  });
});
