import { eq, sql } from 'drizzle-orm';
import { ERROR_CODES, INVERTER_STATE, type DebugLogRow } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { deviceCommand } from '../../db/schema.js';
import { commandTests, inverterPlants, setLatest } from '../../test/inverter-fixture.js';

/**
 * The debug log (issue 14 item 6): every register read and write sent through remote debug, with the reply,
 * across the caller's devices; another company's are never listed; filters narrow it.
 */
const GW = 'GWDBGL0001';
const INV = 'INVDBGL001';
const INV2 = 'INVDBGL002';
const RIVAL_GW = 'GWDBGL0009';
const RIVAL_INV = 'INVDBGL009';

const { t, tokens, gateways } = commandTests((cmd) =>
  cmd.type === 'debugRead'
    ? { status: 'succeeded', result: { address: cmd.params.address, values: [0x5375, 0x6e53] } }
    : cmd.type === 'debugWrite'
      ? { status: 'failed', error: 'illegal data address' }
      : { status: 'succeeded' },
);

type Page = { total: number; rows: DebugLogRow[] };
const log = async (query: Record<string, string> = {}, token = tokens.admin) => {
  const res = await t.call<Page>('GET', '/api/v1/log/debug', { token, query });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data;
};
const debug = (sn: string, body: Record<string, unknown>, token = tokens.admin) =>
  t.call<{ status: string }>('POST', `/api/v1/inverter/${sn}/debug`, { token, body });

beforeAll(async () => {
  await inverterPlants(
    t,
    {
      name: 'Debug log plant',
      gateways: [
        {
          sn: GW,
          devices: [
            { sn: INV, kind: 'inverter', model: 'HG-5K', ratedW: 5000 },
            { sn: INV2, kind: 'inverter', model: 'HG-5K', ratedW: 5000 },
          ],
        },
      ],
    },
    { name: 'Rival debug plant', gateways: [{ sn: RIVAL_GW, devices: [{ sn: RIVAL_INV, kind: 'inverter' }] }] },
  );
  for (const sn of [INV, INV2, RIVAL_INV]) await setLatest(t, sn, { p_ac: 1000, state: INVERTER_STATE.mppt });
  await gateways.connect(t, GW);
  await gateways.connect(t, RIVAL_GW);
  expect((await debug(INV, { code: '03', address: '9C40', count: 2 })).data.status).toBe('succeeded');
  expect((await debug(INV2, { code: '06', address: '0010', value: 7 })).data.status).toBe('failed');
  expect((await debug(RIVAL_INV, { code: '04', address: '0001', count: 1 }, tokens.rival)).data.status).toBe(
    'succeeded',
  );
  // Spread in time, so the order and the time filter rest on stored times, not on calls landing apart.
  const db = t.database.db;
  for (const [sn, at] of [
    [INV, '2026-06-01T08:00:00Z'],
    [INV2, '2026-06-01T09:00:00Z'],
  ] as const)
    await db.execute(
      sql`update device_command set created_at = ${at}::timestamptz
        where device_id = (select id from device where sn = ${sn}) and type like 'debug%'`,
    );
});

describe('the debug log', () => {
  it('lists reads and writes newest first with the request, the reply and who sent it', async () => {
    const page = await log();
    expect(page.total).toBe(2);
    const [write, read] = page.rows;
    expect(write).toMatchObject({
      deviceSn: INV2,
      gatewaySn: GW,
      plantName: 'Debug log plant',
      kind: 'write',
      fc: 6,
      address: 0x10,
      written: [7],
      registers: [],
      status: 'failed',
      error: 'illegal data address',
    });
    expect(read).toMatchObject({
      deviceSn: INV,
      kind: 'read',
      fc: 3,
      address: 0x9c40,
      count: 2,
      registers: [0x5375, 0x6e53],
      status: 'succeeded',
      error: null,
      at: Date.UTC(2026, 5, 1, 8),
    });
    expect(read?.by).toBeTruthy();
  });

  it('narrows by kind, serial number and time, and pages', async () => {
    expect((await log({ kind: 'read' })).rows.map((r) => r.deviceSn)).toEqual([INV]);
    expect((await log({ q: 'dbgl002' })).rows.map((r) => r.deviceSn)).toEqual([INV2]);
    expect((await log({ q: GW })).total).toBe(2);
    const from = String(Date.UTC(2026, 5, 1, 8, 30));
    expect((await log({ from })).rows.map((r) => r.deviceSn)).toEqual([INV2]);
    const second = await log({ size: '1', page: '2' });
    expect(second).toMatchObject({ total: 2, rows: [{ deviceSn: INV }] });
    // % typed in the box matches itself only.
    expect((await log({ q: '%' })).total).toBe(0);
  });

  it("never lists another company's commands, and the other company sees only its own", async () => {
    expect((await log({ q: RIVAL_INV })).total).toBe(0);
    const theirs = await log({}, tokens.rival);
    expect(theirs.rows.map((r) => r.deviceSn)).toEqual([RIVAL_INV]);
    const [cmd] = await t.database.db.select().from(deviceCommand).where(eq(deviceCommand.type, 'debugRead'));
    expect(cmd).toBeDefined();
  });

  it('refuses a range that ends before it starts, and an unknown kind, with a message', async () => {
    const backwards = await t.call('GET', '/api/v1/log/debug', {
      token: tokens.admin,
      query: { from: '2000', to: '1000' },
    });
    expect(backwards.code).toBe(ERROR_CODES.validation);
    expect(backwards.msg).not.toBe('');
    const bad = await t.call('GET', '/api/v1/log/debug', { token: tokens.admin, query: { kind: 'erase' } });
    expect(bad.code).toBe(ERROR_CODES.validation);
  });
});
