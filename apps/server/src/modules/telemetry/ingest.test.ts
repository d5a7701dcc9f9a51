import { eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { gatewayTopics, type BatchAck, type TelemetryBatch } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, deviceDay, deviceSample, ingestDeadLetter, plantDay } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { provisionPlant } from '../plants/provision.js';

const t = TestApp.forTests();
let url: string;
let plantId: string;
const SN = 'GWTEST0001';
const PASSWORD = 'GatewayPass2026';
const INV = 'INVTEST0001';
const MTR = 'MTRTEST0001';
const clients: MqttClient[] = [];

beforeAll(async () => {
  url = `mqtt://127.0.0.1:${t.bus.port}`;
  const [sunrise] = await t.database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [owner] = await t.database.db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.owner));
  const made = await provisionPlant(t.database.db, {
    companyId: sunrise?.id ?? null,
    ownerId: owner?.id ?? null,
    name: 'Test Roof Berlin',
    ...TEST_PLANT_FIELDS,
    latitude: 52.52,
    gateways: [
      {
        sn: SN,
        password: PASSWORD,
        devices: [
          { sn: INV, kind: 'inverter', ratedW: 10_000 },
          { sn: MTR, kind: 'meter' },
          { sn: 'BATTEST0001', kind: 'battery', ratedW: 5000, capacityKwh: 10 },
        ],
      },
      { sn: 'GWTEST0002', password: PASSWORD, devices: [{ sn: 'INVTEST0002', kind: 'inverter', ratedW: 5000 }] },
    ],
  });
  plantId = made.plantId;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

async function connect(sn = SN, password = PASSWORD): Promise<MqttClient> {
  const c = await mqtt.connectAsync(url, {
    clientId: sn,
    username: sn,
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(c);
  return c;
}

/** Publishes a batch and resolves with the server's acknowledgement of it. */
async function send(c: MqttClient, batch: TelemetryBatch, sn = SN): Promise<BatchAck> {
  const topics = gatewayTopics(sn);
  await c.subscribeAsync(topics.batchAck, { qos: 1 });
  const acked = new Promise<BatchAck>((resolve) => {
    const onMessage = (topic: string, payload: Buffer) => {
      const ack = JSON.parse(payload.toString()) as BatchAck;
      if (topic === topics.batchAck && ack.id === batch.id) {
        c.off('message', onMessage);
        resolve(ack);
      }
    };
    c.on('message', onMessage);
  });
  await c.publishAsync(topics.telemetry, JSON.stringify(batch), { qos: 1 });
  return acked;
}

// 10:00 Berlin time on a fixed summer day, then every 5 minutes.
const T0 = Date.UTC(2026, 5, 15, 8, 0);
const at = (i: number) => T0 + i * 300_000;
async function inverterDay(day: string) {
  const rows = await t.database.db
    .select({ pv: deviceDay.pv })
    .from(deviceDay)
    .where(sql`${deviceDay.day} = ${day} and ${deviceDay.deviceId} = (select id from device where sn = ${INV})`);
  return rows[0];
}
const inverterSample = (i: number, kwh: number) => ({
  device: INV,
  ts: at(i),
  metrics: { p_ac: 4000 + i, p_pv: 4100 + i, e_pv_total: kwh },
});

describe('gateways over MQTT', () => {
  it('publishes a batch that the API then shows, acknowledged only after commit', async () => {
    const c = await connect();
    const ack = await send(c, {
      id: 'b-1',
      samples: [
        inverterSample(0, 1000),
        { device: MTR, ts: at(0), metrics: { p_grid: -1500, e_import_total: 200, e_export_total: 300 } },
      ],
    });
    expect(ack).toEqual({ id: 'b-1', status: 'committed' });
    const token = await t.tokenFor(ACCOUNTS.owner);
    const devices = await t.call<{ sn: string; metrics: Record<string, number> }[]>(
      'GET',
      `/api/v1/plant/${plantId}/devices`,
      { token },
    );
    expect(devices.code).toBe(0);
    expect(devices.data.find((d) => d.sn === INV)?.metrics.p_ac).toBe(4000);
    expect(devices.data.find((d) => d.sn === MTR)?.metrics.p_grid).toBe(-1500);
    const day = await t.call<{ ts: number; pv: number; grid: number }[]>('GET', `/api/v1/plant/${plantId}/power/day`, {
      token,
      query: { date: '2026-06-15' },
    });
    expect(day.data).toEqual([expect.objectContaining({ ts: at(0), pv: 4100, grid: -1500 })]);
  });

  it('refuses a wrong connection password and an unknown gateway', async () => {
    await expect(connect(SN, 'WrongPass2026')).rejects.toThrow();
    await expect(connect('GWNOBODY01', PASSWORD)).rejects.toThrow();
  });

  it('refuses another gateway’s topics', async () => {
    const c = await connect('GWTEST0002');
    // The broker grants no subscription on another gateway's topics (SUBACK 0x80).
    await expect(c.subscribeAsync(gatewayTopics(SN).batchAck, { qos: 1 })).rejects.toThrow(/Subscribe error/);
    const before = await t.database.db
      .select()
      .from(deviceSample)
      .where(eq(deviceSample.ts, new Date(at(100))));
    // Publishing on someone else's topic gets this client disconnected and nothing is stored.
    // (QoS 0: the broker drops the connection instead of acknowledging, so there is no PUBACK to wait for.)
    c.publish(gatewayTopics(SN).telemetry, JSON.stringify({ id: 'evil', samples: [inverterSample(100, 1)] }), {
      qos: 0,
    });
    await new Promise((r) => setTimeout(r, 300));
    await t.ingest.drain();
    const after = await t.database.db
      .select()
      .from(deviceSample)
      .where(eq(deviceSample.ts, new Date(at(100))));
    expect(after.length).toBe(before.length);
  });

  it('counts the same batch once', async () => {
    const c = await connect();
    const batch = { id: 'b-2', samples: [inverterSample(1, 1000.3)] };
    expect((await send(c, batch)).status).toBe('committed');
    expect((await send(c, batch)).status).toBe('committed');
    const rows = await t.database.db
      .select()
      .from(deviceSample)
      .where(eq(deviceSample.ts, new Date(at(1))));
    expect(rows).toHaveLength(1);
    const dd = await inverterDay('2026-06-15');
    expect(dd?.pv).toBeCloseTo(0.3, 6);
  });

  it('loses nothing when an offline gateway replays its buffer late and out of order', async () => {
    const c = await connect();
    // Live readings 2, 3, 8, 9 arrive; 4–7 were buffered while the link was down and come afterwards.
    const kwh = (i: number) => 1000 + 0.3 * i;
    for (const i of [2, 3, 8, 9]) await send(c, { id: `live-${i}`, samples: [inverterSample(i, kwh(i))] });
    await send(c, { id: 'replay-4-7', samples: [4, 5, 6, 7].map((i) => inverterSample(i, kwh(i))) });
    const samples = await t.database.db.execute(
      sql`select count(*)::int as n, sum(e_pv) as e from device_sample where ts >= ${new Date(at(0)).toISOString()}::timestamptz and ts <= ${new Date(at(9)).toISOString()}::timestamptz and e_pv is not null and device_id = (select id from device where sn = ${INV})`,
    );
    const row = (samples as unknown as { rows: { n: number; e: number }[] }).rows[0];
    expect(row?.n).toBe(10);
    expect(Number(row?.e)).toBeCloseTo(kwh(9) - kwh(0), 6);
  });

  it('makes the day’s energy equal the sum of its 5-minute samples, for the device and the plant', async () => {
    const dd = await inverterDay('2026-06-15');
    const [pd] = await t.database.db.select().from(plantDay).where(eq(plantDay.day, '2026-06-15'));
    const sum = await t.database.db.execute(
      sql`select sum(e_pv) as e from device_sample where plant_id = ${plantId} and ts >= '2026-06-14T22:00:00Z' and ts < '2026-06-15T22:00:00Z'`,
    );
    const total = Number((sum as unknown as { rows: { e: number }[] }).rows[0]?.e);
    expect(dd?.pv).toBeCloseTo(total, 9);
    expect(pd?.pv).toBeCloseTo(total, 9);
    expect(total).toBeCloseTo(2.7, 6);
    const token = await t.tokenFor(ACCOUNTS.owner);
    const api = await t.call<{ pv: number }>('GET', `/api/v1/plant/energy/${plantId}/day`, {
      token,
      query: { date: '2026-06-15' },
    });
    expect(api.data.pv).toBeCloseTo(total, 9);
  });

  it('does not count a counter jump, and keeps counting after a reset', async () => {
    const c = await connect();
    await send(c, { id: 'jump', samples: [inverterSample(10, 5000)] });
    await send(c, { id: 'after-jump', samples: [inverterSample(11, 5000.2)] });
    await send(c, { id: 'reset', samples: [inverterSample(12, 0.1)] });
    const dd = await inverterDay('2026-06-15');
    expect(dd?.pv).toBeCloseTo(2.7 + 0.2 + 0.1, 6);
  });

  it('keeps readings of devices it does not know as dead letters, and commits the rest', async () => {
    const c = await connect();
    const ack = await send(c, {
      id: 'mixed',
      samples: [inverterSample(13, 0.4), { device: 'STRANGER01', ts: at(13), metrics: { p_ac: 1 } }],
    });
    // Its own device's reading is stored, so the batch is committed; the gateway is told which were not.
    expect(ack).toEqual({ id: 'mixed', status: 'committed', reason: 'devices not of this gateway: STRANGER01' });
    const letters = await t.database.db.select().from(ingestDeadLetter).where(eq(ingestDeadLetter.gatewaySn, SN));
    expect(letters.some((l) => l.payload.includes('STRANGER01'))).toBe(true);
  });

  it('rejects a batch with readings only of another gateway’s devices, as the protocol says, keeping them', async () => {
    const c = await connect();
    // INVTEST0002 is bound, but behind GWTEST0002.
    const ack = await send(c, {
      id: 'foreign',
      samples: [{ device: 'INVTEST0002', ts: at(14), metrics: { p_ac: 7 } }],
    });
    expect(ack).toEqual({ id: 'foreign', status: 'rejected', reason: 'devices not of this gateway: INVTEST0002' });
    const letters = await t.database.db.select().from(ingestDeadLetter).where(eq(ingestDeadLetter.gatewaySn, SN));
    expect(letters.some((l) => l.payload.includes('"foreign"') && l.payload.includes('INVTEST0002'))).toBe(true);
    const stored = await t.database.db
      .select()
      .from(deviceSample)
      .where(eq(deviceSample.ts, new Date(at(14))));
    expect(stored).toEqual([]);
  });

  it('rejects a malformed batch with a reason, keeping it as a dead letter', async () => {
    const c = await connect();
    const ack = await send(c, { id: 'bad', samples: [{ device: INV, ts: 5, metrics: { p_ac: 1 } }] } as TelemetryBatch);
    expect(ack.status).toBe('rejected');
  });
});

describe('devices by serial number', () => {
  it('shows an inverter with its per-MPPT input, its day curve and its energy per day', async () => {
    const c = await connect();
    await send(c, {
      id: 'mppt',
      samples: [
        {
          device: INV,
          ts: at(20),
          metrics: {
            p_ac: 3000,
            p_pv: 3100,
            e_pv_total: 0.9,
            mppt1_v: 410,
            mppt1_i: 4,
            mppt2_v: 395,
            mppt2_i: 3.7,
            ph1_v: 231,
          },
        },
      ],
    });
    const token = await t.tokenFor(ACCOUNTS.owner);
    const detail = await t.call<{ sn: string; plantName: string; metrics: Record<string, number> }>(
      'GET',
      `/api/v1/inverter/${INV}`,
      { token },
    );
    expect(detail.data).toMatchObject({ sn: INV, plantName: 'Test Roof Berlin' });
    // The detail page shows the brand and firmware of spec §3 beside the model.
    expect(Object.keys(detail.data)).toEqual(expect.arrayContaining(['brand', 'firmware', 'model']));
    const input = await t.call<{ index: number; values: Record<string, number> }[]>(
      'GET',
      `/api/v1/inverter/${INV}/realtime/input`,
      { token },
    );
    expect(input.data).toEqual([
      { index: 1, values: { v: 410, i: 4 } },
      { index: 2, values: { v: 395, i: 3.7 } },
    ]);
    const day = await t.call<{ ts: number; values: Record<string, number> }[]>('GET', `/api/v1/inverter/${INV}/day`, {
      token,
      query: { date: '2026-06-15', params: 'p_ac,mppt1_v' },
    });
    expect(day.data.at(-1)).toEqual({ ts: at(20), values: { p_ac: 3000, mppt1_v: 410 } });
    const month = await t.call<{ key: string; pv: number }[]>('GET', `/api/v1/inverter/${INV}/month`, {
      token,
      query: { month: '2026-06' },
    });
    expect(month.data.find((m) => m.key === '2026-06-15')?.pv).toBeGreaterThan(3);
    const bad = await t.call('GET', `/api/v1/inverter/${INV}/day`, { token, query: { params: 'a,b,c,d,e,f,g' } });
    expect(bad.code).toBe(4);
  });

  it('keeps at most six chosen chart parameters per user', async () => {
    const token = await t.tokenFor(ACCOUNTS.owner);
    const offered = await t.call<{ key: string }[]>('GET', '/api/v1/chart/param/equip', {
      token,
      query: { kind: 'inverter' },
    });
    expect(offered.data.length).toBeLessThanOrEqual(30);
    const seven = offered.data.slice(0, 7).map((p) => p.key);
    expect(
      (await t.call('POST', '/api/v1/chart/param/custom', { token, body: { kind: 'inverter', params: seven } })).code,
    ).toBe(4);
    expect(
      (
        await t.call('POST', '/api/v1/chart/param/custom', {
          token,
          body: { kind: 'inverter', params: ['p_ac', 'mppt1_v'] },
        })
      ).code,
    ).toBe(0);
    const saved = await t.call<string[]>('GET', '/api/v1/chart/param/custom', { token, query: { kind: 'inverter' } });
    expect(saved.data).toEqual(['p_ac', 'mppt1_v']);
  });
});

describe('plant power', () => {
  it('sums a poll of every device of the plant into the 5-minute point', async () => {
    const c = await connect();
    const ts = at(30);
    await send(c, {
      id: 'whole-plant',
      samples: [
        { device: INV, ts, metrics: { p_pv: 5200, p_ac: 5000 } },
        { device: MTR, ts, metrics: { p_grid: -1800, p_load: 2400 } },
        { device: 'BATTEST0001', ts, metrics: { p_bat: -800, soc: 64 } },
      ],
    });
    const token = await t.tokenFor(ACCOUNTS.owner);
    const day = await t.call<{ ts: number; pv: number; load: number; grid: number; battery: number; soc: number }[]>(
      'GET',
      `/api/v1/plant/${plantId}/power/day`,
      {
        token,
        query: { date: '2026-06-15' },
      },
    );
    expect(day.data.find((p) => p.ts === ts)).toEqual({
      ts,
      pv: 5200,
      load: 2400,
      grid: -1800,
      battery: -800,
      soc: 64,
    });
  });

  it('recomputes a point from stored readings when a later poll brings only some devices', async () => {
    const c = await connect();
    const ts = at(30) + 60_000;
    await send(c, { id: 'part-plant', samples: [{ device: INV, ts, metrics: { p_pv: 6000, p_ac: 5800 } }] });
    const token = await t.tokenFor(ACCOUNTS.owner);
    const day = await t.call<{ ts: number; pv: number; grid: number; soc: number }[]>(
      'GET',
      `/api/v1/plant/${plantId}/power/day`,
      {
        token,
        query: { date: '2026-06-15' },
      },
    );
    // The inverter's newer reading replaces its own; the meter's and the battery's stay.
    expect(day.data.find((p) => p.ts === at(30))).toMatchObject({ pv: 6000, grid: -1800, soc: 64 });
  });
});

describe('events', () => {
  async function sendEvent(c: MqttClient, event: { id: string } & Record<string, unknown>): Promise<BatchAck> {
    const topics = gatewayTopics(SN);
    await c.subscribeAsync(topics.batchAck, { qos: 1 });
    const acked = new Promise<BatchAck>((resolve) => {
      const onMessage = (_t: string, payload: Buffer) => {
        const ack = JSON.parse(payload.toString()) as BatchAck;
        if (ack.id === event.id) {
          c.off('message', onMessage);
          resolve(ack);
        }
      };
      c.on('message', onMessage);
    });
    await c.publishAsync(topics.event, JSON.stringify(event), { qos: 1 });
    return acked;
  }

  it('rejects an event of another gateway’s device, keeping it as a dead letter', async () => {
    const c = await connect();
    const ack = await sendEvent(c, {
      id: 'ev-foreign',
      device: 'INVTEST0002',
      ts: at(30),
      code: 'F001',
      level: 'fault',
      state: 'raised',
      message: 'Not mine',
    });
    expect(ack).toEqual({ id: 'ev-foreign', status: 'rejected', reason: 'devices not of this gateway: INVTEST0002' });
    const letters = await t.database.db.select().from(ingestDeadLetter).where(eq(ingestDeadLetter.gatewaySn, SN));
    expect(letters.some((l) => l.payload.includes('ev-foreign'))).toBe(true);
  });

  it('records a raised fault once, explains it in the caller’s language, and closes it when cleared', async () => {
    const c = await connect();
    // Fresh readings, so the inverter is not offline and its fault shows.
    await send(c, { id: 'fresh', samples: [{ device: INV, ts: Date.now(), metrics: { p_ac: 0 } }] });
    const raised = {
      id: 'ev-1',
      device: INV,
      ts: Date.now(),
      code: 'F023',
      level: 'fault',
      state: 'raised',
      message: 'Grid relay fault',
    };
    expect((await sendEvent(c, raised)).status).toBe('committed');
    expect((await sendEvent(c, raised)).status).toBe('committed');
    const token = await t.tokenFor(ACCOUNTS.owner);
    const open = await t.call<{
      total: number;
      rows: { code: string; level: string; meaning: string; solution: string; clearedAt: number | null }[];
    }>('GET', `/api/v1/plant/${plantId}/events`, { token, query: { open: 'true', lan: 'zh' } });
    expect(open.data.total).toBe(1);
    expect(open.data.rows[0]).toMatchObject({ code: 'F023', level: 'fault', clearedAt: null });
    expect(open.data.rows[0]?.meaning).toMatch(/[\u4e00-\u9fff]/);
    expect(open.data.rows[0]?.solution).toMatch(/[\u4e00-\u9fff]/);
    const devices = await t.call<{ sn: string; status: string }[]>('GET', `/api/v1/plant/${plantId}/devices`, {
      token,
    });
    expect(devices.data.find((d) => d.sn === INV)?.status).toBe('fault');
    const counts = await t.call<{ fault: number }>('GET', '/api/v1/overview/eventCount', { token });
    expect(counts.data.fault).toBe(1);

    expect((await sendEvent(c, { ...raised, id: 'ev-2', ts: Date.now(), state: 'cleared' })).status).toBe('committed');
    const after = await t.call<{ total: number }>('GET', `/api/v1/plant/${plantId}/events`, {
      token,
      query: { open: 'true' },
    });
    expect(after.data.total).toBe(0);
    const devicesAfter = await t.call<{ sn: string; status: string }[]>('GET', `/api/v1/plant/${plantId}/devices`, {
      token,
    });
    expect(devicesAfter.data.find((d) => d.sn === INV)?.status).toBe('normal');
  });
});

describe('another company’s account', () => {
  it('gets "does not exist" (700) for every plant call', async () => {
    const token = await t.otherCompanyToken();
    for (const path of [
      `/api/v1/plant/${plantId}`,
      `/api/v1/plant/${plantId}/realtime`,
      `/api/v1/plant/${plantId}/power/day`,
      `/api/v1/plant/${plantId}/power/month`,
      `/api/v1/plant/${plantId}/power/year`,
      `/api/v1/plant/${plantId}/power/total`,
      `/api/v1/plant/energy/${plantId}/day`,
      `/api/v1/plant/energy/${plantId}/month`,
      `/api/v1/plant/energy/${plantId}/year`,
      `/api/v1/plant/energy/${plantId}/total`,
      `/api/v1/plant/energy/${plantId}/flow`,
      `/api/v1/plant/energy/${plantId}/generation/use`,
      `/api/v1/plant/${plantId}/devices`,
      `/api/v1/plant/${plantId}/inverters`,
      `/api/v1/plant/${plantId}/inverterCount`,
      `/api/v1/plant/${plantId}/events`,
      `/api/v1/plant/${plantId}/eventCount`,
      `/api/v1/live/plant/${plantId}`,
    ]) {
      const answer = await t.call('GET', path, { token });
      expect(answer.code, path).toBe(700);
    }
    for (const [path, code] of [
      [`/api/v1/inverter/${INV}`, 600],
      [`/api/v1/inverter/${INV}/realtime/input`, 600],
      [`/api/v1/inverter/${INV}/realtime/output`, 600],
      [`/api/v1/inverter/${INV}/day`, 600],
      [`/api/v1/inverter/${INV}/month`, 600],
      [`/api/v1/inverter/${INV}/year`, 600],
      [`/api/v1/inverter/${INV}/total`, 600],
      ['/api/v1/battery/BATTEST0001/realtime', 1206],
      ['/api/v1/battery/BATTEST0001/day', 1206],
      [`/api/v1/meter/${MTR}/realtime`, 404],
    ] as const) {
      expect((await t.call('GET', path, { token })).code, path).toBe(code);
    }
    const list = await t.call<{ total: number }>('GET', '/api/v1/plants', { token });
    expect(list.data.total).toBe(0);
    const counts = await t.call<{ all: number }>('GET', '/api/v1/overview/plantCount', { token });
    expect(counts.data.all).toBe(0);
  });
});
