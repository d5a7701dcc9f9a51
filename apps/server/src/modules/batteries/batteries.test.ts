import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../db/schema.js';
import { ACCOUNTS, signInForTests, TestApp } from '../../test/harness.js';
import { cellsOf } from './cells.js';
import { storageFixture, type StorageFixture } from '../../test/storage-fixture.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'visitor', 'rival');
let f: StorageFixture;

beforeAll(async () => {
  f = await storageFixture(t, 'TB');
  [tokens.admin, tokens.visitor, tokens.rival] = await Promise.all([
    t.tokenFor(ACCOUNTS.admin),
    t.tokenFor(ACCOUNTS.visitor),
    t.otherCompanyToken(),
  ]);
});

interface Row {
  sn: string;
  status: string;
  metrics: Record<string, number | null>;
}
interface List {
  total: number;
  rows: Row[];
  counts: Record<string, number>;
}

describe('battery list', () => {
  it('lists the company’s batteries with status statistics, and searches', async () => {
    const all = await t.call<List>('GET', '/api/v1/batteries', { token: tokens.admin, query: { keyword: 'TB' } });
    expect(all.code).toBe(0);
    expect(all.data.rows.map((r) => r.sn)).toEqual([f.sn.master, f.sn.slave]);
    expect(all.data.counts).toMatchObject({ all: 2, normal: 2, offline: 0 });
    expect(all.data.rows[0]?.metrics.soc).toBe(64);

    const one = await t.call<List>('GET', '/api/v1/batteries', { token: tokens.admin, query: { keyword: 'bat02' } });
    expect(one.data.rows.map((r) => r.sn)).toEqual([f.sn.slave]);
    const offline = await t.call<List>('GET', '/api/v1/batteries', {
      token: tokens.admin,
      query: { keyword: 'TB', status: 'offline' },
    });
    expect(offline.data.total).toBe(0);
    // The statistics keep counting every status whichever one is chosen.
    expect(offline.data.counts.all).toBe(2);
  });

  it('never lists another company’s batteries', async () => {
    const mine = await t.call<List>('GET', '/api/v1/batteries', { token: tokens.rival, query: { size: '100' } });
    expect(mine.data.rows.map((r) => r.sn)).toEqual([f.sn.rivalBattery]);
    const ours = await t.call<List>('GET', '/api/v1/batteries', { token: tokens.admin, query: { size: '100' } });
    expect(ours.data.rows.map((r) => r.sn)).not.toContain(f.sn.rivalBattery);
    const count = await t.call<Record<string, number>>('GET', '/api/v1/batteries/count', { token: tokens.rival });
    expect(count.data.all).toBe(1);
  });

  it('exports the filtered list as .xlsx with headings in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/batteries/download?keyword=TB&lan=de',
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="batteries-\d{8}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws?.getRow(1).getCell(1).value).toBe('Seriennummer');
    expect(ws?.rowCount).toBe(3);
    expect(ws?.getRow(2).getCell(1).value).toBe(f.sn.master);
    expect(ws?.getRow(3).getCell(6).value).toBe('Slave');
  });
});

describe('battery detail', () => {
  it('tells master from slave and shows BMS values and relays', async () => {
    const master = await t.call<Record<string, unknown>>('GET', `/api/v1/battery/${f.sn.master}/info`, {
      token: tokens.visitor,
    });
    expect(master.code).toBe(0);
    expect(master.data).toMatchObject({
      bmsSn: 'TBBMS1',
      role: 'master',
      master: null,
      soc: 64,
      soh: 97,
      cycles: 42,
      fullAh: 194,
      relays: { charge: true, discharge: false },
    });
    expect((master.data.slaves as { sn: string }[]).map((s) => s.sn)).toEqual([f.sn.slave]);
    const slave = await t.call<Record<string, unknown>>('GET', `/api/v1/battery/${f.sn.slave}/info`, {
      token: tokens.admin,
    });
    expect(slave.data).toMatchObject({ role: 'slave', master: { sn: f.sn.master, soc: 64 }, slaves: [] });
  });

  it('answers cell voltages and temperatures with the weakest and strongest cell', async () => {
    const res = await t.call<ReturnType<typeof cellsOf>>('GET', `/api/v1/battery/${f.sn.master}/cells`, {
      token: tokens.admin,
    });
    expect(res.data.cells).toHaveLength(16);
    expect(res.data.cells[0]).toEqual({ index: 1, voltage: 3.301, temperature: 24.5 });
    expect(res.data.voltage).toMatchObject({ min: 3.279, minCell: 5, max: 3.312, maxCell: 9, spread: 0.033 });
    expect(res.data.temperature).toMatchObject({ min: 24, max: 25.5 });
  });

  it('has no cell statistics when the BMS reports no cells', () => {
    expect(cellsOf({ soc: 50 })).toEqual({ cells: [], voltage: null, temperature: null });
    expect(cellsOf({ cell2_v: 3.2, cell1_t: 20 }).cells).toEqual([
      { index: 1, voltage: null, temperature: 20 },
      { index: 2, voltage: 3.2, temperature: null },
    ]);
  });

  it('draws a day of work data', async () => {
    const res = await t.call<{ series: { ts: number; values: Record<string, number | null> }[] }>(
      'GET',
      `/api/v1/battery/${f.sn.master}/batteryWorkData`,
      { token: tokens.admin, query: { date: f.day } },
    );
    expect(res.data.series.map((p) => p.values.soc)).toEqual([40, 55]);
    expect(Object.keys(res.data.series[0]?.values ?? {})).toEqual(['p_bat', 'soc', 'v_bat', 'i_bat', 'temp']);
  });
});

describe('who may see and change a battery', () => {
  it('answers another company “battery does not exist” on every route', async () => {
    for (const url of [
      `/api/v1/battery/${f.sn.master}/info`,
      `/api/v1/battery/${f.sn.master}/cells`,
      `/api/v1/battery/${f.sn.master}/batteryWorkData`,
    ]) {
      const res = await t.call('GET', url, { token: tokens.rival });
      expect(res.code, url).toBe(ERROR_CODES.batteryNotFound);
    }
    const del = await t.call('POST', `/api/v1/battery/${f.ids[f.sn.master]}/delete`, { token: tokens.rival });
    expect(del.code).toBe(ERROR_CODES.batteryNotFound);
    const bad = await t.call('POST', '/api/v1/battery/not-a-uuid/delete', { token: tokens.admin });
    expect(bad.code).toBe(ERROR_CODES.batteryNotFound);
  });

  it('lets a visitor look but not delete', async () => {
    const res = await t.call('POST', `/api/v1/battery/${f.ids[f.sn.slave]}/delete`, { token: tokens.visitor });
    expect(res.status).toBe(403);
    const still = await t.call('GET', `/api/v1/battery/${f.sn.slave}/info`, { token: tokens.admin });
    expect(still.code).toBe(0);
  });

  it('deletes a battery for the company, logged, after which it does not exist', async () => {
    const res = await t.call('POST', `/api/v1/battery/${f.ids[f.sn.slave]}/delete`, { token: tokens.admin });
    expect(res.code).toBe(0);
    const gone = await t.call('GET', `/api/v1/battery/${f.sn.slave}/info`, { token: tokens.admin });
    expect(gone.code).toBe(ERROR_CODES.batteryNotFound);
    // The older read routes (modules/devices) agree.
    const realtime = await t.call('GET', `/api/v1/battery/${f.sn.slave}/realtime`, { token: tokens.admin });
    expect(realtime.code).toBe(ERROR_CODES.batteryNotFound);
    const list = await t.call<List>('GET', '/api/v1/batteries', { token: tokens.admin, query: { keyword: 'TB' } });
    expect(list.data.rows.map((r) => r.sn)).toEqual([f.sn.master]);
    const log = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.target, f.sn.slave), eq(operationLog.operation, 'battery.delete')));
    expect(log).toHaveLength(1);
    expect(log[0]?.result).toBe('succeeded');
  });
});
