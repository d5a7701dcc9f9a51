import { eq } from 'drizzle-orm';
import pino from 'pino';
import { gatewayTopics, type BatchAck } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import { deviceEvent, deviceSample, gateway, ingestDeadLetter } from '../../db/schema.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { quietBus } from '../../test/quiet-bus.js';
import { LIVE_TOPIC_PREFIX } from '../mqtt/topics.js';
import { provisionPlant } from '../plants/provision.js';
import { GatewayRegistry } from '../telemetry/registry.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { Ingest } from './dispatcher.js';

/**
 * The dispatcher without a broker: messages handed to `receive` as the bus would, each channel checked to
 * reach the module that owns it, and a message nobody owns kept as a dead letter and logged.
 */
const SN = 'GWDISP0001';
const INV = 'INVDISP0001';
const T0 = Date.UTC(2026, 3, 1, 10);

let database: Database;
const published: { topic: string; payload: string }[] = [];
const bus = quietBus(async (topic, payload) => void published.push({ topic, payload }));
const log = pino({ level: 'silent' });
const handleResult = vi.fn(async (_sn: string, _json: unknown): Promise<void> => undefined);
let ingest: Ingest;

const acks = () =>
  published.filter((p) => p.topic === gatewayTopics(SN).batchAck).map((p) => JSON.parse(p.payload) as BatchAck);
const send = async (topic: string, body: unknown) => {
  await ingest.receive(topic, Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));
  await ingest.drain();
};

beforeAll(async () => {
  database = await openDatabase({});
  await provisionPlant(database.db, {
    companyId: null,
    name: 'Dispatch plant',
    ...TEST_PLANT_FIELDS,
    gateways: [{ sn: SN, password: 'DispatchPass2026', devices: [{ sn: INV, kind: 'inverter', ratedW: 10_000 }] }],
  });
  const { db } = database;
  ingest = new Ingest({
    db,
    bus,
    registry: new GatewayRegistry(db),
    writer: new TelemetryWriter(db),
    log,
    commands: { handleResult },
  });
});
afterAll(async () => {
  await ingest?.stop();
  await database?.close();
});

describe('the ingest dispatcher', () => {
  it('hands readings to the telemetry writer, with the gateway’s last-seen, and acknowledges after commit', async () => {
    await send(gatewayTopics(SN).telemetry, {
      id: 'b-1',
      samples: [{ device: INV, ts: T0, metrics: { p_ac: 1200, e_pv_total: 10 } }],
    });
    const rows = await database.db.select().from(deviceSample);
    expect(rows.map((r) => r.metrics)).toEqual([{ p_ac: 1200, e_pv_total: 10 }]);
    const [gw] = await database.db.select().from(gateway).where(eq(gateway.sn, SN));
    expect(gw?.online).toBe(true);
    expect(gw?.lastSeenAt).not.toBeNull();
    expect(acks()).toContainEqual({ id: 'b-1', status: 'committed' });
    expect(published.some((p) => p.topic.startsWith(LIVE_TOPIC_PREFIX))).toBe(true);
  });

  it('hands events to the events module', async () => {
    await send(gatewayTopics(SN).event, {
      id: 'e-1',
      device: INV,
      ts: T0,
      code: 'F023',
      level: 'fault',
      state: 'raised',
    });
    const events = await database.db.select().from(deviceEvent);
    expect(events.map((e) => [e.gatewayEventId, e.code, e.clearedAt])).toEqual([['e-1', 'F023', null]]);
    expect(acks()).toContainEqual({ id: 'e-1', status: 'committed' });
  });

  it('hands status to the gateways module and command answers to the commands module', async () => {
    await send(gatewayTopics(SN).status, { state: 'online', ts: T0, firmware: 'GW-9.9.9', rssi: -61 });
    const [gw] = await database.db.select().from(gateway).where(eq(gateway.sn, SN));
    expect([gw?.firmware, gw?.rssi]).toEqual(['GW-9.9.9', -61]);

    const answer = { cmdId: '00000000-0000-4000-8000-000000000000', status: 'succeeded' };
    await send(gatewayTopics(SN).commandResult, answer);
    expect(handleResult).toHaveBeenCalledWith(SN, answer);
  });

  it('handles one gateway’s answers in the order it sent them, even when the first is slow to handle', async () => {
    const order: string[] = [];
    let releaseFirst = () => {};
    handleResult.mockImplementationOnce(async (_sn: string, json: unknown) => {
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      order.push((json as { status: string }).status);
    });
    handleResult.mockImplementationOnce(async (_sn: string, json: unknown) => {
      order.push((json as { status: string }).status);
    });
    const cmdId = '00000000-0000-4000-8000-000000000001';
    const topic = gatewayTopics(SN).commandResult;
    // A progress step and the end right after it, as a device that fails its install sends them.
    const first = ingest.receive(topic, Buffer.from(JSON.stringify({ cmdId, status: 'progress' })));
    const second = ingest.receive(topic, Buffer.from(JSON.stringify({ cmdId, status: 'failed' })));
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual([]);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['progress', 'failed']);
  });

  it('keeps a message of a channel nobody owns, or that is not JSON, as a dead letter and logs it', async () => {
    const warn = vi.spyOn(log, 'warn');
    await send(`hg/v1/${SN}/up/weather`, { id: 'w-1', t: 21 });
    await send(gatewayTopics(SN).telemetry, '{not json');
    const letters = await database.db.select().from(ingestDeadLetter).where(eq(ingestDeadLetter.gatewaySn, SN));
    expect(letters.map((l) => [l.topic, l.reason])).toEqual([
      [`hg/v1/${SN}/up/weather`, 'unknown channel up/weather'],
      [gatewayTopics(SN).telemetry, 'not JSON'],
    ]);
    expect(JSON.parse(letters[0]?.payload ?? '')).toEqual({ id: 'w-1', t: 21 });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ sn: SN, topic: `hg/v1/${SN}/up/weather` }),
      'ingest dead letter',
    );
    // Nothing is held for it: the broker goes on reading from the gateway.
    expect(ingest.held).toBe(0);
  });

  it('writes events in the writer’s transaction: when it fails, neither the event nor the readings stay', async () => {
    const { db } = database;
    const real = new TelemetryWriter(db);
    const failing = new Ingest({
      db,
      bus,
      registry: new GatewayRegistry(db),
      log,
      writer: {
        // The database refuses the transaction after the event was written in it: neither may stay.
        write: (s, alongside) =>
          real.write(s, async (tx) => {
            await alongside?.(tx);
            throw Object.assign(new Error('value out of range'), { code: '22003' });
          }),
      },
    });
    const event = { id: 'e-2', device: INV, ts: T0 + 300_000, code: 'W104', level: 'warning', state: 'raised' };
    const batch = { id: 'b-2', samples: [{ device: INV, ts: T0 + 300_000, metrics: { p_ac: 900 } }] };
    await Promise.all([
      failing.receive(gatewayTopics(SN).telemetry, Buffer.from(JSON.stringify(batch))),
      failing.receive(gatewayTopics(SN).event, Buffer.from(JSON.stringify(event))),
    ]);
    await failing.drain();
    await failing.stop();
    expect(await db.select().from(deviceEvent).where(eq(deviceEvent.gatewayEventId, 'e-2'))).toEqual([]);
    expect(
      await db
        .select()
        .from(deviceSample)
        .where(eq(deviceSample.ts, new Date(T0 + 300_000))),
    ).toEqual([]);
    expect(acks()).toContainEqual({ id: 'b-2', status: 'rejected', reason: 'could not be stored' });
    expect(acks()).toContainEqual({ id: 'e-2', status: 'rejected', reason: 'could not be stored' });
  });
});

describe('gateways going on and off line', () => {
  it('presenceWritten waits until a drop heard at shutdown is in the database', async () => {
    let heard: ((sn: string, online: boolean) => void) | undefined;
    const presenceBus = { ...quietBus(), onPresence: (h: (sn: string, online: boolean) => void) => (heard = h) };
    // The state write is held until the test lets it go, as a busy database would hold it.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { db } = database;
    const slowDb = new Proxy(db, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (prop !== 'transaction' || typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          await gate;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    const watcher = new Ingest({
      db: slowDb,
      bus: presenceBus,
      registry: new GatewayRegistry(db),
      writer: new TelemetryWriter(db),
      log,
    });
    watcher.start();
    await database.db.update(gateway).set({ online: true }).where(eq(gateway.sn, SN));

    heard?.(SN, false);
    let written = false;
    const waiting = watcher.presenceWritten().then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written).toBe(false);
    release();
    await waiting;
    const [gw] = await database.db.select().from(gateway).where(eq(gateway.sn, SN));
    expect(gw?.online).toBe(false);
    await watcher.stop();
  });
});
