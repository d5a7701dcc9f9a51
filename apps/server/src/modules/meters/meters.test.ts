import { eq } from 'drizzle-orm';
import { DEFAULT_METER_SETTINGS, ERROR_CODES } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { device, operationLog } from '../../db/schema.js';
import { signInForTests, TestApp } from '../../test/harness.js';
import { storageFixture, type StorageFixture } from '../../test/storage-fixture.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'visitor', 'owner', 'rival');
let f: StorageFixture;

beforeAll(async () => {
  f = await storageFixture(t, 'TM');
});

const settingsOf = async (sn: string) =>
  (await t.database.db.select({ s: device.settings }).from(device).where(eq(device.sn, sn)))[0]?.s;
const logOf = (sn: string) => t.database.db.select().from(operationLog).where(eq(operationLog.target, sn));

describe('meter list and detail', () => {
  it('lists the company’s meters with statistics and the master flag', async () => {
    const res = await t.call<{ rows: { sn: string; master: boolean }[]; counts: Record<string, number> }>(
      'GET',
      '/api/v1/meters',
      { token: tokens.admin, query: { keyword: 'TM' } },
    );
    expect(res.data.rows).toMatchObject([
      { sn: f.sn.meterA, master: false },
      { sn: f.sn.meterB, master: false },
    ]);
    expect(res.data.counts.all).toBe(2);
    const rivals = await t.call<{ rows: { sn: string }[] }>('GET', '/api/v1/meters', { token: tokens.rival });
    expect(rivals.data.rows.map((r) => r.sn)).toEqual([f.sn.rivalMeter]);
    const count = await t.call<Record<string, number>>('GET', '/api/v1/meter/status/count', { token: tokens.rival });
    expect(count.data).toMatchObject({ all: 1, normal: 1 });
  });

  it('shows realtime values per phase and the parameters, defaults first', async () => {
    const res = await t.call<{ phases: { index: number; values: Record<string, number> }[]; settings: unknown }>(
      'GET',
      `/api/v1/meter/${f.sn.meterA}`,
      { token: tokens.visitor },
    );
    expect(res.code).toBe(0);
    expect(res.data.phases.map((p) => p.index)).toEqual([1, 2, 3]);
    expect(res.data.phases[0]?.values).toEqual({ v: 230.1, i: 3.2, p: 700 });
    expect(res.data.settings).toEqual(DEFAULT_METER_SETTINGS);
    const day = await t.call<{ values: Record<string, number> }[]>('GET', '/api/v1/meter/params/day', {
      token: tokens.admin,
      query: { sn: f.sn.meterA, params: 'p_grid,e_import_total', date: f.day },
    });
    expect(day.data).toEqual([expect.objectContaining({ values: { p_grid: -850, e_import_total: 1234.5 } })]);
    const bad = await t.call('GET', '/api/v1/meter/params/day', {
      token: tokens.admin,
      query: { sn: f.sn.meterA, params: 'soc' },
    });
    expect(bad.code).toBe(ERROR_CODES.validation);
  });
});

describe('meter parameters', () => {
  it('saves ratios, offsets, prices and discount, and logs old and new values', async () => {
    const res = await t.call('POST', '/api/v1/meter/params', {
      token: tokens.admin,
      body: { sn: f.sn.meterA, ctRatio: 200, ptRatio: 1, buyOffsetKwh: 12.5, prices: { peak: 0.3125 }, discount: 0.9 },
    });
    expect(res.code).toBe(0);
    const got = await t.call<Record<string, unknown>>('GET', '/api/v1/meter/params', {
      token: tokens.admin,
      query: { sn: f.sn.meterA },
    });
    expect(got.data).toMatchObject({
      ctRatio: 200,
      buyOffsetKwh: 12.5,
      discount: 0.9,
      prices: { peak: 0.3125, flat: 0 },
    });
    const log = await logOf(f.sn.meterA);
    expect(log).toHaveLength(1);
    expect(log[0]?.operation).toBe('meter.params');
    expect(JSON.parse(log[0]?.oldValue ?? '{}')).toEqual({
      ctRatio: 1,
      buyOffsetKwh: 0,
      prices: DEFAULT_METER_SETTINGS.prices,
      discount: 1,
    });
  });

  it('refuses bad values field by field and saves nothing', async () => {
    const before = await settingsOf(f.sn.meterA);
    const res = await t.call<{ fields: { field: string; rule: string }[] }>('POST', '/api/v1/meter/params', {
      token: tokens.admin,
      body: {
        sn: f.sn.meterA,
        ctRatio: 0,
        ptRatio: 20000,
        sellOffsetKwh: 1.005,
        prices: { tip: 10000, valley: 0.00001 },
        discount: 2,
      },
    });
    expect(res.code).toBe(ERROR_CODES.validation);
    expect(res.data.fields.map((x) => `${x.field}:${x.rule}`)).toEqual([
      'ctRatio:invalid',
      'ptRatio:invalid',
      'sellOffsetKwh:priceDecimals2',
      'prices.tip:priceRange',
      'prices.valley:priceDecimals4',
      'discount:invalid',
    ]);
    expect(await settingsOf(f.sn.meterA)).toEqual(before);
    const wrongType = await t.call('POST', '/api/v1/meter/params', {
      token: tokens.admin,
      body: { sn: f.sn.meterA, ctRatio: 'ten' },
    });
    expect(wrongType.code).toBe(ERROR_CODES.validation);
  });

  it('keeps one master meter per plant', async () => {
    expect(
      (await t.call('POST', '/api/v1/meter/params', { token: tokens.admin, body: { sn: f.sn.meterA, master: true } }))
        .code,
    ).toBe(0);
    expect(
      (await t.call('POST', '/api/v1/meter/params', { token: tokens.admin, body: { sn: f.sn.meterB, master: true } }))
        .code,
    ).toBe(0);
    const list = await t.call<{ rows: { sn: string; master: boolean }[] }>('GET', '/api/v1/meters', {
      token: tokens.admin,
      query: { keyword: 'TM' },
    });
    expect(list.data.rows).toMatchObject([
      { sn: f.sn.meterA, master: false },
      { sn: f.sn.meterB, master: true },
    ]);
    // A's other parameters survive losing the master flag; the log says who took it away.
    expect(await settingsOf(f.sn.meterA)).toMatchObject({ ctRatio: 200, master: false });
    const log = await logOf(f.sn.meterA);
    expect(log.map((l) => l.newValue)).toContain(JSON.stringify({ master: false }));
  });

  it('names a meter within 32 bytes', async () => {
    const long = await t.call('POST', `/api/v1/meter/${f.sn.meterB}/alias`, {
      token: tokens.admin,
      body: { alias: 'ü'.repeat(17) },
    });
    expect(long.code).toBe(ERROR_CODES.validation);
    const res = await t.call('POST', `/api/v1/meter/${f.sn.meterB}/alias`, {
      token: tokens.admin,
      body: { alias: ' Grid ' },
    });
    expect(res.code).toBe(0);
    const got = await t.call<{ alias: string }>('GET', `/api/v1/meter/${f.sn.meterB}`, { token: tokens.admin });
    expect(got.data.alias).toBe('Grid');
    expect((await logOf(f.sn.meterB)).map((l) => l.operation)).toContain('meter.alias');
  });
});

describe('who may see and change a meter', () => {
  it('answers another company “does not exist” on every route, and changes nothing', async () => {
    const before = await settingsOf(f.sn.meterA);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/v1/meter/${f.sn.meterA}`],
      ['GET', `/api/v1/meter/params?sn=${f.sn.meterA}`],
      ['GET', `/api/v1/meter/params/day?sn=${f.sn.meterA}`],
      ['POST', '/api/v1/meter/params', { sn: f.sn.meterA, ctRatio: 5 }],
      ['POST', `/api/v1/meter/${f.sn.meterA}/alias`, { alias: 'x' }],
      ['POST', `/api/v1/meter/${f.sn.meterA}/delete`],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method as 'GET' | 'POST', url, { token: tokens.rival, body });
      expect(res.code, url).toBe(ERROR_CODES.notFound);
    }
    expect(await settingsOf(f.sn.meterA)).toEqual(before);
  });

  it('lets a visitor and a guest share look but not change', async () => {
    for (const token of [tokens.visitor, tokens.owner]) {
      expect((await t.call('GET', `/api/v1/meter/${f.sn.meterA}`, { token })).code).toBe(0);
    }
    const v = await t.call('POST', '/api/v1/meter/params', {
      token: tokens.visitor,
      body: { sn: f.sn.meterA, ctRatio: 5 },
    });
    expect(v.status).toBe(403);
    const o = await t.call('POST', '/api/v1/meter/params', {
      token: tokens.owner,
      body: { sn: f.sn.meterA, ctRatio: 5 },
    });
    expect(o.status).toBe(403);
    const a = await t.call('POST', `/api/v1/meter/${f.sn.meterA}/delete`, { token: tokens.visitor });
    expect(a.status).toBe(403);
    expect(await settingsOf(f.sn.meterA)).toMatchObject({ ctRatio: 200 });
  });

  it('deletes a meter, which then does not exist', async () => {
    expect((await t.call('POST', `/api/v1/meter/${f.sn.meterB}/delete`, { token: tokens.admin })).code).toBe(0);
    expect((await t.call('GET', `/api/v1/meter/${f.sn.meterB}`, { token: tokens.admin })).code).toBe(
      ERROR_CODES.notFound,
    );
    expect((await t.call('GET', `/api/v1/meter/${f.sn.meterB}/realtime`, { token: tokens.admin })).code).toBe(
      ERROR_CODES.notFound,
    );
  });
});
