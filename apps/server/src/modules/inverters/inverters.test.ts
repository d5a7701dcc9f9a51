import ExcelJS from 'exceljs';
import { eq, sql } from 'drizzle-orm';
import { INVERTER_STATE } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { device, deviceLatest, operationLog } from '../../db/schema.js';
import { commandTests, commandsFor, inverterPlants, setLatest, startUpgrade } from '../../test/inverter-fixture.js';

const GW = 'GWINVT0001';
const INV = 'INVT000001';
const INV_OFF = 'INVT000002';
const INV_SUNSPEC = 'INVT000003';
const INV_CUSTOM = 'INVT000004';
const INV_OTHER = 'INVT000009';
const MTR = 'MTRT000001';

/** The test's gateway: records every command and answers what `gateways.answer` says at the time. */
const { t, tokens, gateways } = commandTests();

const setState = (sn: string, state: number | null, ageS = 0) =>
  setLatest(
    t,
    sn,
    { p_ac: state === INVERTER_STATE.mppt ? 4200 : 0, e_ac_total: 1234.5, ...(state ? { state } : {}) },
    ageS,
  );

beforeAll(async () => {
  await inverterPlants(
    t,
    {
      name: 'Inverter test plant',
      gateways: [
        {
          sn: GW,
          devices: [
            { sn: INV, kind: 'inverter', model: 'HG-5K', ratedW: 5000 },
            { sn: INV_SUNSPEC, kind: 'inverter', model: 'HG-SS', ratedW: 8000, protocol: 'sunspec' },
            { sn: INV_CUSTOM, kind: 'inverter', model: 'XY-10', ratedW: 10_000, protocol: 'vendor-xy' },
            { sn: MTR, kind: 'meter', model: 'MTR-1P' },
          ],
        },
        { sn: 'GWINVT0002', devices: [{ sn: INV_OFF, kind: 'inverter', model: 'HG-5K', ratedW: 5000 }] },
      ],
    },
    // Another company's plant with an inverter of its own.
    {
      name: 'Rival inverter plant',
      gateways: [{ sn: 'GWINVT0009', devices: [{ sn: INV_OTHER, kind: 'inverter' }] }],
    },
  );
  for (const sn of [INV, INV_SUNSPEC, INV_CUSTOM, INV_OFF]) await setState(sn, INVERTER_STATE.mppt);
  await gateways.connect(t, GW);
});

interface ListAnswer {
  total: number;
  rows: { sn: string; status: string; powerW: number | null; writable: boolean }[];
  stats: Record<string, number>;
  facets: { models: string[] };
}

describe('inverter energy flow', () => {
  type Flow = {
    powerW: Record<string, number | null>;
    flow: Record<string, string>;
    ratedW: number | null;
    meter: boolean;
  };

  it('takes grid and load from the meter behind the same gateway', async () => {
    await setLatest(t, MTR, { p_grid: -3000, p_load: 1200 });
    const res = await t.call<Flow>('GET', `/api/v1/inverter/${INV}/flow`, { token: tokens.visitor });
    expect(res.code).toBe(0);
    expect(res.data.powerW).toMatchObject({ grid: -3000, load: 1200, battery: null });
    expect(res.data.flow).toMatchObject({ grid: 'selling', load: 'buying', battery: 'idle' });
    expect(res.data.ratedW).toBe(5000);
    expect(res.data.meter).toBe(true);
  });

  it('without a meter shows the AC output leaving for the grid and the load unknown', async () => {
    const res = await t.call<Flow>('GET', `/api/v1/inverter/${INV_OFF}/flow`, { token: tokens.admin });
    expect(res.data.powerW).toMatchObject({ grid: -4200, load: null });
    expect(res.data.flow.grid).toBe('selling');
    expect(res.data.meter).toBe(false);
  });
});

describe('inverter list', () => {
  it('lists the company’s inverters with statistics, search, filters and pages', async () => {
    const all = await t.call<ListAnswer>('GET', '/api/v1/inverters', {
      token: tokens.admin,
      query: { q: 'INVT', size: '100' },
    });
    expect(all.code).toBe(0);
    expect(all.data.rows.map((r) => r.sn).sort()).toEqual([INV, INV_OFF, INV_SUNSPEC, INV_CUSTOM].sort());
    expect(all.data.rows.find((r) => r.sn === INV)).toMatchObject({ status: 'normal', powerW: 4200, writable: true });
    expect(all.data.facets.models).toEqual(expect.arrayContaining(['HG-5K', 'HG-SS', 'XY-10']));

    const page = await t.call<ListAnswer>('GET', '/api/v1/inverters', {
      token: tokens.admin,
      query: { q: 'INVT', size: '2', page: '2', sort: 'sn', order: 'asc' },
    });
    expect(page.data.total).toBe(4);
    expect(page.data.rows.map((r) => r.sn)).toEqual([INV_SUNSPEC, INV_CUSTOM]);

    const byModel = await t.call<ListAnswer>('GET', '/api/v1/inverters', {
      token: tokens.admin,
      query: { q: 'INVT', model: 'XY-10' },
    });
    expect(byModel.data.rows.map((r) => r.sn)).toEqual([INV_CUSTOM]);

    await setState(INV_OFF, INVERTER_STATE.mppt, 3 * 3600);
    const offline = await t.call<ListAnswer>('GET', '/api/v1/inverters', {
      token: tokens.admin,
      query: { q: 'INVT', status: 'offline' },
    });
    expect(offline.data.rows.map((r) => r.sn)).toEqual([INV_OFF]);
    expect(offline.data.stats).toMatchObject({ all: 4, offline: 1, normal: 3 });
    const count = await t.call<Record<string, number>>('GET', '/api/v1/inverters/count', {
      token: tokens.admin,
      query: { q: 'INVT' },
    });
    expect(count.data).toMatchObject({ all: 4, offline: 1 });
    await setState(INV_OFF, INVERTER_STATE.mppt);
  });

  it('does not show another company’s inverters, and shows a visitor’s shared ones read-only', async () => {
    const rival = await t.call<ListAnswer>('GET', '/api/v1/inverters', { token: tokens.rival, query: { q: 'INVT' } });
    expect(rival.data.rows.map((r) => r.sn)).toEqual([INV_OTHER]);
    const v = await t.call<ListAnswer>('GET', '/api/v1/inverters', { token: tokens.visitor, query: { q: INV } });
    expect(v.data.rows).toHaveLength(1);
    expect(v.data.rows[0]?.writable).toBe(false);
    const control = await t.call<{ writable: boolean }>('GET', `/api/v1/inverter/${INV}/control`, {
      token: tokens.visitor,
    });
    expect(control.data.writable).toBe(false);
    const mine = await t.call<{ writable: boolean; settings: boolean }>('GET', `/api/v1/inverter/${INV}/control`, {
      token: tokens.admin,
    });
    expect(mine.data).toMatchObject({ writable: true, settings: true });
  });

  it('exports the filtered list as an .xlsx workbook', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/inverters/download?q=INVT&model=HG-5K&lan=de',
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="inverters-\d{8}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Seriennummer');
    const sns = [2, 3].map((i) => sheet?.getRow(i).getCell(1).value);
    expect(sns.sort()).toEqual([INV, INV_OFF].sort());
    expect(sheet?.rowCount).toBe(3);
  });
});

describe('another company’s inverter does not exist (600) on every route', () => {
  const routes: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
    ['POST', 'alias', { alias: 'x' }],
    ['POST', 'delete'],
    ['POST', 'boot'],
    ['POST', 'shutdown'],
    ['POST', 'debug', { code: '03', address: '9C40', count: 2 }],
    ['GET', 'debug/reply'],
    ['GET', 'setting/form'],
    ['POST', 'setting-read'],
    ['POST', 'setting-write', { values: { activePowerLimit: 50 } }],
    ['GET', 'chart/grid/day'],
    ['GET', 'events'],
    ['GET', 'control'],
    ['GET', 'flow'],
  ];
  it.each(routes)('%s %s', async (method, path, body) => {
    const res = await t.call(method, `/api/v1/inverter/${INV}/${path}`, { token: tokens.rival, body });
    expect(res.code).toBe(600);
    const mine = await t.call(method, `/api/v1/inverter/${INV_OTHER}/${path}`, { token: tokens.admin, body });
    expect(mine.code).toBe(600);
  });
});

describe('a visitor changes nothing', () => {
  it('is refused alias, delete, boot, debug and settings and the inverter stays as it was', async () => {
    for (const [path, body] of [
      ['alias', { alias: 'Hacked' }],
      ['delete', undefined],
      ['shutdown', undefined],
      ['debug', { code: '06', address: '0001', value: 1 }],
      ['setting-write', { values: { activePowerLimit: 10 } }],
    ] as const) {
      const res = await t.call('POST', `/api/v1/inverter/${INV}/${path}`, { token: tokens.visitor, body });
      expect([403, 200]).toContain(res.status);
      expect([2, 600]).toContain(res.code);
    }
    const [d] = await t.database.db.select().from(device).where(eq(device.sn, INV));
    expect(d?.alias).toBeNull();
    expect(d?.deletedAt).toBeNull();
    expect(await commandsFor(t, INV)).toHaveLength(0);
  });
});

describe('boot and shutdown', () => {
  it('refuses boot of a running inverter and shutdown of a stopped one with 1210, sending nothing', async () => {
    await setState(INV, INVERTER_STATE.mppt);
    expect((await t.call('POST', `/api/v1/inverter/${INV}/boot`, { token: tokens.admin })).code).toBe(1210);
    await setState(INV, INVERTER_STATE.off);
    expect((await t.call('POST', `/api/v1/inverter/${INV}/shutdown`, { token: tokens.admin })).code).toBe(1210);
    expect(await commandsFor(t, INV)).toHaveLength(0);
  });

  it('refuses everything remote while the inverter is upgrading (1202)', async () => {
    const endUpgrade = await startUpgrade(t, GW, INV);
    for (const [path, body] of [
      ['boot', undefined],
      ['debug', { code: '03', address: '9C40', count: 1 }],
      ['setting-write', { values: { activePowerLimit: 10 } }],
    ] as const) {
      expect((await t.call('POST', `/api/v1/inverter/${INV}/${path}`, { token: tokens.admin, body })).code).toBe(1202);
    }
    const list = await t.call<ListAnswer>('GET', '/api/v1/inverters', { token: tokens.admin, query: { q: INV } });
    expect(list.data.rows[0]?.status).toBe('upgrading');
    await endUpgrade();
  });

  it('boots a stopped inverter through the gateway and logs who did it', async () => {
    await setState(INV, INVERTER_STATE.off);
    gateways.answer = () => ({ status: 'succeeded', result: { on: true } });
    const res = await t.call<{ status: string; result: unknown }>('POST', `/api/v1/inverter/${INV}/boot`, {
      token: tokens.admin,
    });
    expect(res.data).toMatchObject({ status: 'succeeded', result: { on: true } });
    expect(gateways.received.at(-1)).toMatchObject({ type: 'boot', device: INV });
    const logs = await t.database.db.select().from(operationLog).where(eq(operationLog.target, INV));
    expect(logs.find((l) => l.operation === 'inverter.boot')?.result).toBe('succeeded');
  });

  it('refuses a command to an inverter behind an offline gateway with 1201', async () => {
    await setState(INV_OFF, INVERTER_STATE.mppt);
    const res = await t.call('POST', `/api/v1/inverter/${INV_OFF}/shutdown`, { token: tokens.admin });
    expect(res.code).toBe(1201);
  });
});

describe('debug', () => {
  it('refuses hex input without four digits and values over 9999999.00, sending nothing', async () => {
    const before = (await commandsFor(t, INV)).length;
    for (const body of [
      { code: '03', address: '9C4', count: 2 },
      { code: '03', address: 'XYZW', count: 2 },
      { code: '03', address: '9C40', count: 126 },
      { code: '10', address: '0001', value: 10_000_000 },
      { code: '10', address: '0001', value: 1.005 },
      { code: '06', address: '0001', value: 65_536 },
      { code: '07', address: '0001', count: 1 },
    ]) {
      const res = await t.call('POST', `/api/v1/inverter/${INV}/debug`, { token: tokens.admin, body });
      expect(res.code, JSON.stringify(body)).toBe(4);
    }
    expect(await commandsFor(t, INV)).toHaveLength(before);
  });

  it('reads and writes registers through the gateway and keeps the replies', async () => {
    await setState(INV, INVERTER_STATE.mppt);
    gateways.answer = (cmd) =>
      cmd.type === 'debugRead'
        ? { status: 'succeeded', result: { address: cmd.params.address, values: [0x5375, 0x6e53] } }
        : { status: 'succeeded', result: { written: cmd.params.values } };
    const read = await t.call<{ status: string; result: { values: number[] } }>(
      'POST',
      `/api/v1/inverter/${INV}/debug`,
      { token: tokens.admin, body: { code: '03', address: '9C40', count: 2 } },
    );
    expect(read.data).toMatchObject({ status: 'succeeded', result: { values: [0x5375, 0x6e53] } });
    expect(gateways.received.at(-1)).toMatchObject({ type: 'debugRead', params: { fc: 3, address: 40000, count: 2 } });

    const write = await t.call<{ status: string }>('POST', `/api/v1/inverter/${INV}/debug`, {
      token: tokens.admin,
      body: { code: '10', address: '0010', value: 123456.78, decimals: 2 },
    });
    expect(write.data.status).toBe('succeeded');
    expect(gateways.received.at(-1)).toMatchObject({
      type: 'debugWrite',
      params: { fc: 16, address: 16, values: [Math.floor(12345678 / 65536), 12345678 % 65536] },
    });

    const replies = await t.call<{ type: string; status: string }[]>('GET', `/api/v1/inverter/${INV}/debug/reply`, {
      token: tokens.admin,
    });
    expect(replies.data.slice(0, 2).map((r) => r.type)).toEqual(['debugWrite', 'debugRead']);
  });
});

describe('settings', () => {
  it('builds the form from the protocol: the built-in map, SunSpec writable points, 601 otherwise', async () => {
    const metrics = await t.call<{ fields: { key: string }[] }>('GET', `/api/v1/inverter/${INV}/setting/form`, {
      token: tokens.admin,
    });
    expect(metrics.data.fields.map((f) => f.key)).toContain('activePowerLimit');
    const sunspec = await t.call<{ fields: { key: string; type: string; max?: number }[] }>(
      'GET',
      `/api/v1/inverter/${INV_SUNSPEC}/setting/form`,
      { token: tokens.admin },
    );
    expect(sunspec.data.fields.find((f) => f.key === 'WMaxLimPct')).toMatchObject({ type: 'number', max: 100 });
    expect(sunspec.data.fields.find((f) => f.key === 'Conn')).toMatchObject({ type: 'enum' });
    for (const path of ['setting/form', 'setting-read']) {
      const custom = await t.call(path === 'setting/form' ? 'GET' : 'POST', `/api/v1/inverter/${INV_CUSTOM}/${path}`, {
        token: tokens.admin,
      });
      expect(custom.code).toBe(601);
    }
    const write = await t.call('POST', `/api/v1/inverter/${INV_CUSTOM}/setting-write`, {
      token: tokens.admin,
      body: { values: { activePowerLimit: 50 } },
    });
    expect(write.code).toBe(601);
  });

  it('refuses values outside the form (range, decimals, type, unknown key) and sends nothing', async () => {
    const before = (await commandsFor(t, INV)).length;
    for (const values of [
      { activePowerLimit: 101 },
      { activePowerLimit: 50.5 },
      { powerFactor: 0.7 },
      { gridCode: 'Mars' },
      { reconnectDelaySec: '60' },
      { turbo: 1 },
      {},
    ]) {
      const res = await t.call<{ fields: { field: string }[] }>('POST', `/api/v1/inverter/${INV}/setting-write`, {
        token: tokens.admin,
        body: { values },
      });
      expect(res.code, JSON.stringify(values)).toBe(4);
    }
    const sunspec = await t.call('POST', `/api/v1/inverter/${INV_SUNSPEC}/setting-write`, {
      token: tokens.admin,
      body: { values: { WMaxLimPct: 120 } },
    });
    expect(sunspec.code).toBe(4);
    expect(await commandsFor(t, INV)).toHaveLength(before);
  });

  it('reads, writes and remembers the values, logging old and new', async () => {
    gateways.answer = (cmd) =>
      cmd.type === 'settingsRead'
        ? { status: 'succeeded', result: { activePowerLimit: 100, gridCode: 'EN 50549-1', firmware: 'x' } }
        : { status: 'succeeded', result: cmd.params };
    const read = await t.call<{ status: string; values: Record<string, unknown> }>(
      'POST',
      `/api/v1/inverter/${INV}/setting-read`,
      { token: tokens.admin },
    );
    expect(read.data).toMatchObject({ status: 'succeeded', values: { activePowerLimit: 100, gridCode: 'EN 50549-1' } });
    expect(read.data.values).not.toHaveProperty('firmware');
    const write = await t.call<{ status: string }>('POST', `/api/v1/inverter/${INV}/setting-write`, {
      token: tokens.admin,
      body: { values: { activePowerLimit: 60, powerFactor: 0.95 } },
    });
    expect(write.data.status).toBe('succeeded');
    expect(gateways.received.at(-1)).toMatchObject({
      type: 'settingsWrite',
      params: { activePowerLimit: 60, powerFactor: 0.95 },
    });
    const form = await t.call<{ values: Record<string, unknown> }>('GET', `/api/v1/inverter/${INV}/setting/form`, {
      token: tokens.admin,
    });
    expect(form.data.values).toMatchObject({ activePowerLimit: 60, gridCode: 'EN 50549-1' });
    const [log] = await t.database.db
      .select()
      .from(operationLog)
      .where(sql`${operationLog.target} = ${INV} and ${operationLog.operation} = 'inverter.settingsWrite'`);
    expect(JSON.parse(log?.oldValue ?? '{}')).toEqual({ activePowerLimit: 100, powerFactor: null });
    expect(JSON.parse(log?.newValue ?? '{}')).toEqual({ activePowerLimit: 60, powerFactor: 0.95 });
  });

  it('shows a failed write as failed with the device’s reason', async () => {
    gateways.answer = () => ({ status: 'failed', error: 'setting gridCode is locked' });
    const res = await t.call<{ status: string; error: string }>('POST', `/api/v1/inverter/${INV}/setting-write`, {
      token: tokens.admin,
      body: { values: { gridCode: 'G99' } },
    });
    expect(res.data).toMatchObject({ status: 'failed', error: 'setting gridCode is locked' });
  });
});

describe('alias, charts, events and delete', () => {
  it('renames within 32 bytes and refuses a longer alias', async () => {
    const rename = (alias: string) =>
      t.call('POST', `/api/v1/inverter/${INV}/alias`, { token: tokens.admin, body: { alias } });
    expect((await rename('ä'.repeat(17))).code).toBe(4);
    expect((await rename('Roof east')).code).toBe(0);
    const list = await t.call<ListAnswer>('GET', '/api/v1/inverters', {
      token: tokens.admin,
      query: { q: 'Roof east' },
    });
    expect(list.data.rows.map((r) => r.sn)).toEqual([INV]);
  });

  it('draws the grid chart of a day from the meter behind the same gateway, and a month from its rollups', async () => {
    const db = t.database.db;
    const [m] = await db.select().from(device).where(eq(device.sn, MTR));
    const ts = new Date('2026-03-10T10:00:00Z');
    await db.execute(
      sql`insert into device_sample (device_id, ts, metrics) values (${m?.id}, ${ts.toISOString()}::timestamptz, ${JSON.stringify({ p_grid: -1500, p_load: 700 })}::jsonb)`,
    );
    await db.execute(
      sql`insert into device_day (device_id, day, purchase, feed_in, load) values (${m?.id}, '2026-03-10', 3.5, 12.25, 9)`,
    );
    const day = await t.call<{ keys: string[]; rows: { ts: number; values: Record<string, number> }[] }>(
      'GET',
      `/api/v1/inverter/${INV}/chart/grid/day`,
      { token: tokens.admin, query: { date: '2026-03-10' } },
    );
    expect(day.data.keys).toEqual(['p_grid']);
    expect(day.data.rows).toEqual([{ ts: ts.getTime(), values: { p_grid: -1500 } }]);
    const month = await t.call<{ rows: { key: string; values: Record<string, number> }[] }>(
      'GET',
      `/api/v1/inverter/${INV}/chart/grid/month`,
      { token: tokens.admin, query: { date: '2026-03' } },
    );
    expect(month.data.rows).toEqual([{ key: '2026-03-10', values: { purchase: 3.5, feedIn: 12.25 } }]);
    const bad = await t.call('GET', `/api/v1/inverter/${INV}/chart/grid/month`, {
      token: tokens.admin,
      query: { date: '2026-03-10' },
    });
    expect(bad.code).toBe(4);
  });

  it('deletes: the inverter leaves the lists, its readings stay', async () => {
    const res = await t.call('POST', `/api/v1/inverter/${INV_CUSTOM}/delete`, { token: tokens.admin });
    expect(res.code).toBe(0);
    const list = await t.call<ListAnswer>('GET', '/api/v1/inverters', {
      token: tokens.admin,
      query: { q: INV_CUSTOM },
    });
    expect(list.data.total).toBe(0);
    expect(
      (await t.call('POST', `/api/v1/inverter/${INV_CUSTOM}/alias`, { token: tokens.admin, body: { alias: 'x' } }))
        .code,
    ).toBe(600);
    const [d] = await t.database.db.select().from(device).where(eq(device.sn, INV_CUSTOM));
    const [latest] = await t.database.db
      .select()
      .from(deviceLatest)
      .where(eq(deviceLatest.deviceId, d?.id ?? ''));
    expect(latest).toBeDefined();
  });
});
