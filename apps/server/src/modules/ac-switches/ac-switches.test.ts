import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, operationLog } from '../../db/schema.js';
import { signInForTests, TestApp } from '../../test/harness.js';
import { fakeGateway, sunrisePlant, upload, xlsxOf } from '../../test/gateway-fixtures.js';
import { linkLoraChildren } from '../lora/children.js';

const SW = 'SWT0000001';
const SW_SHARED = 'SWT0000002';
const LM = 'LMT0000001';

const t = TestApp.forTests({ COMMAND_TIMEOUT_S: '2' });
const tokens = signInForTests(t, 'admin', 'visitor', 'rival');
let plantId: string;
const clients: MqttClient[] = [];

interface Outcome {
  status: string;
  error: string | null;
}
interface Info {
  sn: string;
  on: boolean;
  localOff: boolean;
  settings: { timingTasks: unknown[]; socRule: { onAtSoc: number } };
}

beforeAll(async () => {
  plantId = await sunrisePlant(t, 'Switch test plant', [
    { sn: 'GWS0000001', devices: [{ sn: 'BATS000001', kind: 'battery', capacityKwh: 10 }] },
    { sn: SW, devices: [{ sn: SW, kind: 'switch' }] },
    {
      sn: LM,
      devices: [
        { sn: LM, kind: 'lora' },
        { sn: 'LNT0000001', kind: 'lora' },
        { sn: 'LNT0000002', kind: 'lora' },
      ],
    },
  ]);
  await linkLoraChildren(t.database.db, LM, ['LNT0000001', 'LNT0000002']);
  await sunrisePlant(t, 'Shared switch plant', [{ sn: SW_SHARED, devices: [{ sn: SW_SHARED, kind: 'switch' }] }], {
    sharedWithVisitor: true,
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

describe('smart AC switches', () => {
  it('lists switches (not among the gateways) and shows one', async () => {
    const list = await t.call<{ rows: { sn: string }[]; counts: Record<string, number> }>(
      'GET',
      '/api/v1/acSwitch/page',
      {
        token: tokens.admin,
      },
    );
    expect(list.data.rows.map((r) => r.sn)).toEqual([SW, SW_SHARED]);
    const gws = await t.call<{ rows: { sn: string }[] }>('GET', '/api/v1/gateways', { token: tokens.admin });
    expect(gws.data.rows.map((r) => r.sn)).not.toContain(SW);
    expect((await t.call<Info>('GET', `/api/v1/acSwitch/${SW}/info`, { token: tokens.admin })).data.sn).toBe(SW);
  });

  it('answers another company “does not exist” and a visitor may look but not switch', async () => {
    for (const [m, url, body] of [
      ['GET', `/api/v1/acSwitch/${SW}/info`, undefined],
      ['POST', '/api/v1/acSwitch/setSwitch', { sn: SW, on: false }],
      ['POST', '/api/v1/acSwitch/setAlias', { sn: SW, alias: 'x' }],
      ['POST', `/api/v1/acSwitch/${SW}/delete`, undefined],
      ['POST', `/api/v1/acSwitch/${SW}/timingTask`, { tasks: [] }],
      ['GET', `/api/v1/masterNode/${LM}`, undefined],
      ['POST', `/api/v1/masterNode/delete/${LM}`, undefined],
    ] as const) {
      const res = await t.call(m, url, { token: tokens.rival, ...(body ? { body } : {}) });
      expect(res.code, url).toBe(404);
    }
    expect((await t.call('GET', `/api/v1/acSwitch/${SW_SHARED}/info`, { token: tokens.visitor })).code).toBe(0);
    const off = await t.call('POST', '/api/v1/acSwitch/setSwitch', {
      token: tokens.visitor,
      body: { sn: SW_SHARED, on: false },
    });
    expect(off.code).not.toBe(0);
    const alias = await t.call('POST', '/api/v1/acSwitch/setAlias', {
      token: tokens.visitor,
      body: { sn: SW_SHARED, alias: 'x' },
    });
    expect(alias.code).not.toBe(0);
    const [row] = await t.database.db.select().from(device).where(eq(device.sn, SW_SHARED));
    expect(row?.alias).toBeNull();
  });

  it('reports device offline (1201) for an offline switch', async () => {
    const res = await t.call('POST', '/api/v1/acSwitch/setSwitch', {
      token: tokens.admin,
      body: { sn: SW, on: false },
    });
    expect(res.code).toBe(1201);
  });

  it('switches off and on; a switch turned off locally fails with its reason and is then refused (1210)', async () => {
    let locallyOff = false;
    clients.push(
      await fakeGateway(t, SW, (cmd) => {
        if (cmd.type === 'switchOn' && locallyOff) return { status: 'failed', error: 'locallyOff' };
        if (cmd.type === 'settingsRead')
          return { status: 'succeeded', result: { on: !locallyOff, localOff: locallyOff } };
        return { status: 'succeeded', result: { on: cmd.type === 'switchOn' } };
      }),
    );
    const off = await t.call<Outcome>('POST', '/api/v1/acSwitch/setSwitch', {
      token: tokens.admin,
      body: { sn: SW, on: false },
    });
    expect(off.data.status).toBe('succeeded');
    const on = await t.call<Outcome>('POST', '/api/v1/acSwitch/setSwitch', {
      token: tokens.admin,
      body: { sn: SW, on: true },
    });
    expect(on.data.status).toBe('succeeded');
    expect((await t.call<Info>('GET', `/api/v1/acSwitch/${SW}/info`, { token: tokens.admin })).data.on).toBe(true);

    locallyOff = true;
    const refused = await t.call<Outcome>('POST', '/api/v1/acSwitch/setSwitch', {
      token: tokens.admin,
      body: { sn: SW, on: true },
    });
    expect(refused.data).toMatchObject({ status: 'failed', error: 'locallyOff' });
    const info = await t.call<Info>('GET', `/api/v1/acSwitch/${SW}/info`, { token: tokens.admin });
    expect(info.data).toMatchObject({ on: false, localOff: true });
    const again = await t.call('POST', '/api/v1/acSwitch/setSwitch', {
      token: tokens.admin,
      body: { sn: SW, on: true },
    });
    expect(again.code).toBe(1210);
    // Turned on again at the switch: a state read clears the refusal.
    locallyOff = false;
    const state = await t.call<{ localOff: boolean }>('GET', `/api/v1/acSwitch/${SW}/state`, { token: tokens.admin });
    expect(state.data.localOff).toBe(false);
    const log = await t.database.db.select().from(operationLog).where(eq(operationLog.target, SW));
    expect(log.filter((l) => l.operation === 'switch.on').map((l) => l.result)).toEqual(
      expect.arrayContaining(['succeeded', 'failed: locallyOff']),
    );
  });

  it('validates and keeps timing tasks, limits and the SOC rule', async () => {
    const bad = await t.call('POST', `/api/v1/acSwitch/${SW}/timingTask`, {
      token: tokens.admin,
      body: { tasks: [{ repeat: true, action: 'on', days: [], time: '25:00' }] },
    });
    expect(bad.code).toBe(4);
    const tasks = [
      { repeat: false, action: 'off', date: '2026-12-24', time: '22:00', enabled: true },
      { repeat: true, action: 'on', days: [1, 2, 3, 4, 5], time: '06:30', enabled: true },
    ];
    const good = await t.call<Outcome>('POST', `/api/v1/acSwitch/${SW}/timingTask`, {
      token: tokens.admin,
      body: { tasks },
    });
    expect(good.data.status).toBe('succeeded');
    const limits = { phases: [{ maxCurrentA: 16, overVoltageV: 180, underVoltageV: 200 }], leakageMa: 30 };
    expect(
      (await t.call('POST', `/api/v1/acSwitch/setting/${SW}/set`, { token: tokens.admin, body: limits })).code,
    ).toBe(4);
    const soc = await t.call('POST', `/api/v1/acSwitch/${SW}/socRule`, {
      token: tokens.admin,
      body: { enabled: true, batterySn: 'BATS000001', onAtSoc: 20, offAtSoc: 80 },
    });
    expect(soc.code).toBe(4);
    const socOk = await t.call('POST', `/api/v1/acSwitch/${SW}/socRule`, {
      token: tokens.admin,
      body: { enabled: true, batterySn: 'BATS000001', onAtSoc: 80, offAtSoc: 20 },
    });
    expect(socOk.code).toBe(0);
    const info = await t.call<Info>('GET', `/api/v1/acSwitch/${SW}/info`, { token: tokens.admin });
    expect(info.data.settings.timingTasks).toHaveLength(2);
    expect(info.data.settings.socRule.onAtSoc).toBe(80);
  });

  it('creates switches one by one and from a checked .xlsx, and binds one to a plant', async () => {
    const one = await t.call<{ saved: number }>('POST', '/api/v1/acSwitch/create', {
      token: tokens.admin,
      body: { sn: 'SWNEW00001', registrationKey: 'K1', password: 'GoodPass2026' },
    });
    expect(one.data.saved).toBe(1);
    const file = await xlsxOf([
      ['SWNEW00002', 'K2', 'GoodPass2026'],
      ['SWNEW00001', 'K1', 'GoodPass2026'],
    ]);
    const check = await upload<{ rows: { problems: string[] }[] }>(
      t,
      '/api/v1/acSwitch/import/batch/check',
      tokens.admin,
      file,
    );
    expect(check.data.rows.map((r) => r.problems)).toEqual([[], ['exists']]);
    const refused = await upload<{ saved: number }>(t, '/api/v1/acSwitch/import/batch', tokens.admin, file);
    expect(refused.data.saved).toBe(0);
    const bind = await t.call('POST', '/api/v1/acSwitch/bind', {
      token: tokens.admin,
      body: { sn: 'SWNEW00001', plantId },
    });
    expect(bind.code).toBe(0);
    const rivalBind = await t.call('POST', '/api/v1/acSwitch/bind', {
      token: tokens.rival,
      body: { sn: 'SWNEW00001', plantId },
    });
    expect(rivalBind.code).toBe(404);
  });
});

describe('lora master nodes', () => {
  it('lists master nodes with their children and deletes one with its children', async () => {
    const list = await t.call<{ rows: { sn: string; childCount: number }[] }>('GET', '/api/v1/masterNode/page', {
      token: tokens.admin,
    });
    expect(list.data.rows).toEqual([expect.objectContaining({ sn: LM, childCount: 2 })]);
    const one = await t.call<{ children: { sn: string }[] }>('GET', `/api/v1/masterNode/${LM}`, {
      token: tokens.admin,
    });
    expect(one.data.children.map((c) => c.sn)).toEqual(['LNT0000001', 'LNT0000002']);
    const equips = await t.call<{ rows: { sn: string; parentSn: string | null }[] }>(
      'GET',
      '/api/v1/smart/equips/list',
      { token: tokens.admin, query: { plantId } },
    );
    expect(equips.data.rows.find((e) => e.sn === 'LNT0000001')?.parentSn).toBe(LM);
    expect((await t.call('POST', `/api/v1/masterNode/delete/${LM}`, { token: tokens.visitor })).code).not.toBe(0);
    expect((await t.call('POST', `/api/v1/masterNode/delete/${LM}`, { token: tokens.admin })).code).toBe(0);
    const after = await t.call<{ total: number }>('GET', '/api/v1/masterNode/page', { token: tokens.admin });
    expect(after.data.total).toBe(0);
  });
});
