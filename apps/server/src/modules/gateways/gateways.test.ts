import ExcelJS from 'exceljs';
import mqtt, { type MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateway, operationLog } from '../../db/schema.js';
import { signInForTests, TestApp } from '../../test/harness.js';
import { fakeGateway, GW_PASSWORD, sunrisePlant, upload, waitOnline, xlsxOf } from '../../test/gateway-fixtures.js';

const GW = 'GWT0000001';
const SHARED = 'GWT0000002';
const OFFLINE = 'GWT0000003';

const t = TestApp.forTests({ COMMAND_TIMEOUT_S: '2' });
const tokens = signInForTests(t, 'admin', 'visitor', 'rival');
const clients: MqttClient[] = [];

interface Row {
  sn: string;
  locked: boolean;
  plantName: string | null;
}
interface List {
  total: number;
  rows: Row[];
  counts: Record<string, number>;
}
interface Outcome {
  status: string;
  result: Record<string, unknown> | null;
  error: string | null;
}
interface Checked {
  saved: number;
  rows: { row: number; sn: string; problems: string[] }[];
}

beforeAll(async () => {
  await sunrisePlant(t, 'Gateway test plant', [
    { sn: GW, devices: [{ sn: 'INVT000001', kind: 'inverter', ratedW: 5000 }] },
    { sn: OFFLINE, devices: [] },
  ]);
  await sunrisePlant(t, 'Shared gateway plant', [{ sn: SHARED, devices: [] }], { sharedWithVisitor: true });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

const gatewayRow = async (sn: string) => (await t.database.db.select().from(gateway).where(eq(gateway.sn, sn)))[0];

describe('gateway list and detail', () => {
  it('lists the company’s gateways with status statistics, search and pages', async () => {
    const all = await t.call<List>('GET', '/api/v1/gateways', { token: tokens.admin, query: { size: '100' } });
    expect(all.code).toBe(0);
    expect(all.data.rows.map((r) => r.sn)).toEqual(expect.arrayContaining([GW, SHARED, OFFLINE]));
    expect(all.data.counts.all).toBe(all.data.total);
    const found = await t.call<List>('GET', '/api/v1/gateways', {
      token: tokens.admin,
      query: { q: 'Shared gateway' },
    });
    expect(found.data.rows.map((r) => r.sn)).toEqual([SHARED]);
    const paged = await t.call<List>('GET', '/api/v1/gateways', {
      token: tokens.admin,
      query: { size: '1', page: '2' },
    });
    expect(paged.data.rows).toHaveLength(1);
    expect(paged.data.total).toBe(all.data.total);
  });

  it('shows every field and the devices behind a gateway', async () => {
    const d = await t.call<{ sn: string; registrationKey: string; devices: { sn: string }[]; plantName: string }>(
      'GET',
      `/api/v1/gateway/${GW}`,
      { token: tokens.admin },
    );
    expect(d.code).toBe(0);
    expect(d.data.plantName).toBe('Gateway test plant');
    expect(d.data.devices.map((x) => x.sn)).toEqual(['INVT000001']);
  });

  it('exports the list as .xlsx in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/gateways/download?q=${GW}&lan=de`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="gateways-\d{8}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.getRow(1).getCell(1).value).toBe('Seriennummer');
    expect(wb.worksheets[0]?.getRow(2).getCell(1).value).toBe(GW);
  });
});

describe('another company and a visitor', () => {
  it('answers another company “gateway does not exist” (305) on every route and lists none of ours', async () => {
    const list = await t.call<List>('GET', '/api/v1/gateways', { token: tokens.rival });
    expect(list.data.total).toBe(0);
    const calls: ['GET' | 'POST', string, unknown?][] = [
      ['GET', `/api/v1/gateway/${GW}`],
      ['POST', `/api/v1/gateway/${GW}/alias`, { alias: 'x' }],
      ['POST', `/api/v1/gateway/${GW}/restart`],
      ['POST', `/api/v1/gateway/${GW}/unbind`],
      ['POST', `/api/v1/gateway/${GW}/lock`, { locked: true }],
      ['GET', `/api/v1/gateway/${GW}/uploadCycle`],
      ['POST', `/api/v1/gateway/${GW}/uploadCycle`, { seconds: 60 }],
      ['GET', `/api/v1/gateway/${GW}/meshCheck/read`],
      ['POST', `/api/v1/gateway/${GW}/meshCheck/set`, { enabled: true }],
      ['POST', `/api/v1/gateway/${GW}/connPassword`, { password: 'NewPass2026' }],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method, url, { token: tokens.rival, ...(body ? { body } : {}) });
      expect(res.code, url).toBe(305);
    }
    expect((await gatewayRow(GW))?.locked).toBe(false);
  });

  it('lets a visitor see a shared plant’s gateway and change nothing', async () => {
    expect((await t.call('GET', `/api/v1/gateway/${SHARED}`, { token: tokens.visitor })).code).toBe(0);
    const before = await gatewayRow(SHARED);
    for (const [url, body] of [
      [`/api/v1/gateway/${SHARED}/alias`, { alias: 'mine' }],
      [`/api/v1/gateway/${SHARED}/lock`, { locked: true }],
      [`/api/v1/gateway/${SHARED}/unbind`, undefined],
      [`/api/v1/gateway/${SHARED}/connPassword`, { password: 'NewPass2026' }],
    ] as const) {
      const res = await t.call('POST', url, { token: tokens.visitor, ...(body ? { body } : {}) });
      expect(res.code, url).not.toBe(0);
    }
    expect(await gatewayRow(SHARED)).toEqual(before);
  });
});

describe('commands and changes', () => {
  it('reports “device offline” (1201) for a command to an offline gateway', async () => {
    const res = await t.call('POST', `/api/v1/gateway/${OFFLINE}/restart`, { token: tokens.admin });
    expect(res.code).toBe(1201);
  });

  it('restarts a gateway and sets its upload interval, kept once the gateway accepts it', async () => {
    const seen: string[] = [];
    clients.push(
      await fakeGateway(t, GW, (cmd) => {
        seen.push(cmd.type);
        return { status: 'succeeded', result: cmd.params };
      }),
    );
    const restart = await t.call<Outcome>('POST', `/api/v1/gateway/${GW}/restart`, { token: tokens.admin });
    expect(restart.data.status).toBe('succeeded');
    const set = await t.call<Outcome>('POST', `/api/v1/gateway/${GW}/uploadCycle`, {
      token: tokens.admin,
      body: { seconds: 120 },
    });
    expect(set.data).toMatchObject({ status: 'succeeded', result: { seconds: 120 } });
    expect(seen).toEqual(['restart', 'uploadInterval']);
    const read = await t.call<{ seconds: number }>('GET', `/api/v1/gateway/${GW}/uploadCycle`, { token: tokens.admin });
    expect(read.data.seconds).toBe(120);
    const mesh = await t.call<Outcome>('POST', `/api/v1/gateway/${GW}/meshCheck/set`, {
      token: tokens.admin,
      body: { enabled: true },
    });
    expect(mesh.data.status).toBe('succeeded');
    expect(
      (await t.call<{ enabled: boolean }>('GET', `/api/v1/gateway/${GW}/meshCheck/read`, { token: tokens.admin })).data,
    ).toEqual({ enabled: true });
    const bad = await t.call('POST', `/api/v1/gateway/${GW}/uploadCycle`, {
      token: tokens.admin,
      body: { seconds: 5 },
    });
    expect(bad.code).toBe(4);
    const log = await t.database.db.select().from(operationLog).where(eq(operationLog.target, GW));
    expect(log.map((l) => l.operation)).toEqual(expect.arrayContaining(['gateway.restart', 'gateway.uploadInterval']));
  });

  it('sets the alias (at most 32 bytes) and a connection password by the rule', async () => {
    expect(
      (await t.call('POST', `/api/v1/gateway/${GW}/alias`, { token: tokens.admin, body: { alias: 'Roof' } })).code,
    ).toBe(0);
    expect((await gatewayRow(GW))?.alias).toBe('Roof');
    const long = await t.call('POST', `/api/v1/gateway/${GW}/alias`, {
      token: tokens.admin,
      body: { alias: 'é'.repeat(17) },
    });
    expect(long.code).toBe(4);
    const weak = await t.call('POST', `/api/v1/gateway/${GW}/connPassword`, {
      token: tokens.admin,
      body: { password: 'alllowercase1' },
    });
    expect(weak.code).toBe(4);
  });

  it('locks a gateway: its connection is dropped and the broker refuses it until unlocked', async () => {
    const c = await fakeGateway(t, SHARED, () => ({ status: 'succeeded' }));
    const closed = new Promise<void>((resolve) => c.once('close', () => resolve()));
    expect(
      (await t.call('POST', `/api/v1/gateway/${SHARED}/lock`, { token: tokens.admin, body: { locked: true } })).code,
    ).toBe(0);
    await closed;
    await waitOnline(t, SHARED, false);
    const again = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${t.bus.port}`, {
        clientId: SHARED,
        username: SHARED,
        password: GW_PASSWORD,
        reconnectPeriod: 0,
      })
      .then((x) => {
        clients.push(x);
        return 'connected';
      })
      .catch(() => 'refused');
    expect(again).toBe('refused');
    const list = await t.call<List>('GET', '/api/v1/gateways', { token: tokens.admin, query: { status: 'locked' } });
    expect(list.data.rows.map((r) => r.sn)).toEqual([SHARED]);
    await t.call('POST', `/api/v1/gateway/${SHARED}/lock`, { token: tokens.admin, body: { locked: false } });
    clients.push(await fakeGateway(t, SHARED, () => null));
  });

  it('unbinds a gateway from its plant: it stays in stock, unbound', async () => {
    expect((await t.call('POST', `/api/v1/gateway/${OFFLINE}/unbind`, { token: tokens.admin })).code).toBe(0);
    expect((await gatewayRow(OFFLINE))?.plantId).toBeNull();
    const list = await t.call<List>('GET', '/api/v1/gateways', { token: tokens.admin, query: { status: 'unbound' } });
    expect(list.data.rows.map((r) => r.sn)).toContain(OFFLINE);
  });
});

describe('import', () => {
  it('checks a batch and reports each bad row, saving nothing; then saves the good file', async () => {
    const bad = await xlsxOf([
      ['GWNEW00001', 'KEY12345', 'GoodPass2026'],
      ['GWNEW00001', 'KEY12345', 'GoodPass2026'],
      ['GW#BAD', 'KEY12345', 'GoodPass2026'],
      [GW, 'KEY12345', 'GoodPass2026'],
      ['GWNEW00002', '', 'weak'],
    ]);
    const check = await upload<Checked>(t, '/api/v1/gateways/import/check', tokens.admin, bad);
    expect(check.code).toBe(0);
    expect(check.data.rows.map((r) => [r.row, r.problems])).toEqual([
      [2, ['duplicate']],
      [3, ['duplicate']],
      [4, ['snCharacters']],
      [5, ['exists']],
      [6, ['keyMissing', 'passwordRule']],
    ]);
    const refused = await upload<Checked>(t, '/api/v1/gateways/import/batch', tokens.admin, bad);
    expect(refused.data.saved).toBe(0);
    expect(await gatewayRow('GWNEW00001')).toBeUndefined();

    const good = await xlsxOf([
      ['GWNEW00001', 'KEY12345', 'GoodPass2026'],
      ['GWNEW00002', 'KEY67890', 'GoodPass2026'],
    ]);
    const checked = await upload<Checked>(t, '/api/v1/gateways/import/check', tokens.admin, good);
    expect(checked.data.rows.every((r) => r.problems.length === 0)).toBe(true);
    expect(await gatewayRow('GWNEW00001')).toBeUndefined();
    const saved = await upload<Checked>(t, '/api/v1/gateways/import/batch', tokens.admin, good);
    expect(saved.data.saved).toBe(2);
    expect((await gatewayRow('GWNEW00002'))?.plantId).toBeNull();
    const stock = await t.call<List>('GET', '/api/v1/gateways', { token: tokens.admin, query: { q: 'GWNEW' } });
    expect(stock.data.total).toBe(2);
    expect(
      (await t.call<List>('GET', '/api/v1/gateways', { token: tokens.rival, query: { q: 'GWNEW' } })).data.total,
    ).toBe(0);
  });

  it('refuses a file that is not .xlsx and imports one gateway with its rules', async () => {
    const notXlsx = await upload<Checked>(
      t,
      '/api/v1/gateways/import/check',
      tokens.admin,
      Buffer.from('a,b'),
      'x.csv',
    );
    expect(notXlsx.code).toBe(1215);
    const one = await t.call<Checked>('POST', '/api/v1/gateways/import', {
      token: tokens.admin,
      body: { sn: 'GWONE00001', registrationKey: 'KEY1', password: 'GoodPass2026' },
    });
    expect(one.data.saved).toBe(1);
    const again = await t.call('POST', '/api/v1/gateways/import', {
      token: tokens.admin,
      body: { sn: 'GWONE00001', registrationKey: 'KEY1', password: 'GoodPass2026' },
    });
    expect(again.code).toBe(301);
    const special = await t.call('POST', '/api/v1/gateways/import', {
      token: tokens.admin,
      body: { sn: 'GW ONE', registrationKey: 'KEY1', password: 'GoodPass2026' },
    });
    expect(special.code).toBe(4);
    const byVisitor = await t.call('POST', '/api/v1/gateways/import', {
      token: tokens.visitor,
      body: { sn: 'GWONE00002', registrationKey: 'KEY1', password: 'GoodPass2026' },
    });
    expect(byVisitor.code).not.toBe(0);
    expect(await gatewayRow('GWONE00002')).toBeUndefined();
  });
});
