import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { count, eq, sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import pino from 'pino';
import { gatewayTopics, type BatchAck, type TelemetryBatch } from '@heliograph/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database, type Db } from '../../db/client.js';
import { deviceSample, ingestDeadLetter } from '../../db/schema.js';
import { createEmbeddedBus, type MessageBus } from '../mqtt/bus.js';
import { GatewayAuth } from '../mqtt/gateway-auth.js';
import { RateLimiter } from '../rate-limit/limiter.js';
import { loadRateLimits } from '../rate-limit/rules.js';
import { provisionPlant } from '../plants/provision.js';
import { Ingest } from './dispatcher.js';
import { GatewayRegistry } from '../telemetry/registry.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';

/**
 * A database outage while gateways publish: nothing is rejected, nothing lost, each batch committed once and
 * acknowledged `committed`. On PGlite the outage is injected (the writes throw what node-postgres throws
 * when PostgreSQL goes away); on PostgreSQL (TEST_DATABASE_URL) a TCP proxy between the server and
 * PostgreSQL is cut for real.
 */

const PASSWORD = 'OutagePass2026';
const log = pino({ level: 'silent' });
const adminShutdown = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

interface Rig {
  ingest: Ingest;
  bus: MessageBus;
  gw: MqttClient;
  sn: string;
  inv: string;
  acks: Map<string, BatchAck[]>;
  close(): Promise<void>;
}
const rigs: Rig[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const r of rigs.splice(0)) await r.close();
});

async function rig(
  database: Database,
  opts: {
    writer?: (real: TelemetryWriter) => Pick<TelemetryWriter, 'write'>;
    db?: Db;
    maxHeldBytes?: number;
    maxSamplesPerFlush?: number;
    stopWaitMs?: number;
  } = {},
): Promise<Rig> {
  const db = opts.db ?? database.db;
  const sn = `GWO${randomBytes(4).toString('hex').toUpperCase()}`;
  const inv = `${sn}-INV`;
  await provisionPlant(database.db, {
    companyId: null,
    name: 'Outage plant',
    ...TEST_PLANT_FIELDS,
    gateways: [{ sn, password: PASSWORD, devices: [{ sn: inv, kind: 'inverter', ratedW: 10_000 }] }],
  });
  const bus = await createEmbeddedBus({
    port: 0,
    host: '127.0.0.1',
    auth: new GatewayAuth(database.db, new RateLimiter(database.db, loadRateLimits({}))),
    log,
  });
  const real = new TelemetryWriter(db);
  const ingest = new Ingest({
    db,
    bus,
    registry: new GatewayRegistry(db),
    writer: opts.writer ? opts.writer(real) : real,
    log,
    lanes: database.kind === 'postgres' ? 4 : 1,
    backoff: { firstMs: 5, maxMs: 40 },
    ...(opts.maxHeldBytes ? { maxHeldBytes: opts.maxHeldBytes } : {}),
    ...(opts.maxSamplesPerFlush ? { maxSamplesPerFlush: opts.maxSamplesPerFlush } : {}),
    ...(opts.stopWaitMs ? { stopWaitMs: opts.stopWaitMs } : {}),
  });
  ingest.start();
  const gw = await mqtt.connectAsync(`mqtt://127.0.0.1:${bus.port}`, {
    clientId: sn,
    username: sn,
    password: PASSWORD,
    reconnectPeriod: 0,
  });
  const acks = new Map<string, BatchAck[]>();
  gw.on('message', (_t, payload) => {
    const ack = JSON.parse(payload.toString()) as BatchAck;
    acks.set(ack.id, [...(acks.get(ack.id) ?? []), ack]);
  });
  await gw.subscribeAsync(gatewayTopics(sn).batchAck, { qos: 1 });
  const r: Rig = {
    ingest,
    bus,
    gw,
    sn,
    inv,
    acks,
    close: async () => {
      await gw.endAsync(true);
      await ingest.stop();
      await bus.close();
    },
  };
  rigs.push(r);
  return r;
}

const T0 = Date.UTC(2026, 3, 1);
function batch(r: Rig, i: number, extra: Record<string, number> = {}): TelemetryBatch {
  const samples = [0, 1].map((j) => {
    const k = i * 2 + j;
    return { device: r.inv, ts: T0 + k * 300_000, metrics: { p_ac: 1000 + k, e_pv_total: 100 + k * 0.1, ...extra } };
  });
  return { id: `b-${i}`, samples };
}

async function until(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`gave up waiting: ${what}`);
}

/** Lost = not acknowledged `committed` exactly once, or not stored exactly once. */
async function lost(db: Db, r: Rig, batches: number): Promise<{ lost: number; rejected: number; rows: number }> {
  let bad = 0;
  let rejected = 0;
  for (let i = 0; i < batches; i++) {
    const got = r.acks.get(`b-${i}`) ?? [];
    if (got.length !== 1 || got[0]?.status !== 'committed') bad++;
    rejected += got.filter((a) => a.status === 'rejected').length;
  }
  const [row] = await db
    .select({ n: count() })
    .from(deviceSample)
    .where(sql`${deviceSample.deviceId} = (select id from device where sn = ${r.inv})`);
  return { lost: bad, rejected, rows: row?.n ?? 0 };
}

/** The same Db whose queries fail with `fault()` while it returns an error (the database "down"). */
function flaky(db: Db, fault: () => Error | undefined): Db {
  const calls = new Set<PropertyKey>(['execute', 'transaction', 'insert', 'select', 'update', 'delete']);
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || !calls.has(prop)) return value;
      return (...args: unknown[]) => {
        const err = fault();
        if (err) throw err;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe('a database outage on PGlite (injected)', () => {
  let database!: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => {
    for (const r of rigs.splice(0)) await r.close();
    await database?.close();
  });

  it('loses no batch: it waits for the database instead of rejecting, and acknowledges each once committed', async () => {
    let down = true;
    let failures = 0;
    const fault = () => {
      if (!down) return undefined;
      failures++;
      return failures % 2 ? adminShutdown() : new Error('Connection terminated unexpectedly');
    };
    const r = await rig(database, {
      db: flaky(database.db, fault),
      writer: (real) => ({
        write: async (s, alongside) => {
          const err = fault();
          if (err) throw err;
          return real.write(s, alongside);
        },
      }),
    });
    const BATCHES = 30;
    // Every query fails: the gateway lookups, the writes, the dead-letter table.
    for (let i = 0; i < BATCHES; i++) {
      await r.gw.publishAsync(gatewayTopics(r.sn).telemetry, JSON.stringify(batch(r, i)), { qos: 1 });
    }
    // Far more failed writes than the old three tries allowed, then the database comes back.
    await until('ten failed writes', () => failures >= 10);
    expect(r.acks.size).toBe(0);
    down = false;
    await until('every batch answered', () => r.acks.size >= BATCHES);
    await r.ingest.drain();
    const result = await lost(database.db, r, BATCHES);
    process.stdout.write(`PGlite outage: ${failures} failed writes, ${JSON.stringify(result)}\n`);
    expect(result).toEqual({ lost: 0, rejected: 0, rows: BATCHES * 2 });
    const letters = await database.db.select().from(ingestDeadLetter).where(eq(ingestDeadLetter.gatewaySn, r.sn));
    expect(letters).toEqual([]);
  });

  it('at shutdown, a backlog longer than the stop wait is left unacknowledged once the write under way commits', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let writes = 0;
    const r = await rig(database, {
      // One batch (two readings) per transaction; the first write waits until the test lets it go.
      maxSamplesPerFlush: 2,
      stopWaitMs: 50,
      writer: (real) => ({
        write: async (s, alongside) => {
          writes++;
          await gate;
          return real.write(s, alongside);
        },
      }),
    });
    const BATCHES = 20;
    for (let i = 0; i < BATCHES; i++) {
      await r.gw.publishAsync(gatewayTopics(r.sn).telemetry, JSON.stringify(batch(r, i)), { qos: 1 });
    }
    await until('the first write under way', () => writes === 1);
    const stopped = r.ingest.stop();
    // Past the stop wait (a timer due before this one), the write under way may finish.
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    await stopped;
    // The batch being written is committed and acknowledged once; the other 19 are neither (their gateway
    // keeps them and sends them again), and no transaction was started for them.
    expect(writes).toBe(1);
    const answered = [...r.acks.values()].flat();
    expect(answered).toEqual([expect.objectContaining({ id: 'b-0', status: 'committed' })]);
    expect((await lost(database.db, r, BATCHES)).rows).toBe(2);
  });

  it('rejects only what the database refuses while it answers, and keeps it as a dead letter first', async () => {
    // The dead-letter table is unreachable for a while when the refusal happens: the rejection must wait.
    let deadLetterDown = 6;
    const r = await rig(database, {
      db: flaky(database.db, () => undefined),
      writer: (real) => ({
        write: async (s, alongside) => {
          if (s.some((x) => x.metrics.poison !== undefined)) {
            throw Object.assign(new Error('invalid input syntax for type double precision'), { code: '22P02' });
          }
          return real.write(s, alongside);
        },
      }),
    });
    const db = database.db;
    const realInsert = db.insert.bind(db);
    vi.spyOn(db, 'insert').mockImplementation((table) => {
      if (table === ingestDeadLetter && deadLetterDown-- > 0) throw new Error('Connection terminated unexpectedly');
      return realInsert(table);
    });
    const topic = gatewayTopics(r.sn).telemetry;
    await r.gw.publishAsync(topic, JSON.stringify(batch(r, 0)), { qos: 1 });
    await r.gw.publishAsync(topic, JSON.stringify(batch(r, 1, { poison: 1 })), { qos: 1 });
    await r.gw.publishAsync(topic, JSON.stringify(batch(r, 2)), { qos: 1 });
    await until('three answers', () => r.acks.size >= 3);
    expect(r.acks.get('b-1')).toEqual([{ id: 'b-1', status: 'rejected', reason: 'could not be stored' }]);
    expect(r.acks.get('b-0')?.[0]?.status).toBe('committed');
    expect(r.acks.get('b-2')?.[0]?.status).toBe('committed');
    const letters = await db.select().from(ingestDeadLetter).where(eq(ingestDeadLetter.gatewaySn, r.sn));
    expect(letters.map((l) => JSON.parse(l.payload) as { id: string }).map((p) => p.id)).toEqual(['b-1']);
  });

  it('holds back a gateway instead of growing memory while the database is down', async () => {
    let down = true;
    const r = await rig(database, {
      writer: (real) => ({
        write: async (s, alongside) => {
          if (down) throw adminShutdown();
          return real.write(s, alongside);
        },
      }),
      maxHeldBytes: 2000,
    });
    const BATCHES = 40;
    let accepted = 0;
    const published = Array.from({ length: BATCHES }, (_, i) =>
      r.gw.publishAsync(gatewayTopics(r.sn).telemetry, JSON.stringify(batch(r, i)), { qos: 1 }).then(() => {
        accepted++;
      }),
    );
    // Each batch is ~250 bytes: the broker stops taking them after about eight.
    await until('the bound reached', () => accepted >= 5);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.ingest.held).toBeLessThan(2000 + 300);
    const heldBack = BATCHES - accepted;
    process.stdout.write(`backpressure: ${accepted} of ${BATCHES} batches taken while the database was down\n`);
    expect(heldBack).toBeGreaterThan(BATCHES / 2);
    down = false;
    await Promise.all(published);
    await until('every batch answered', () => r.acks.size >= BATCHES);
    expect(await lost(database.db, r, BATCHES)).toEqual({ lost: 0, rejected: 0, rows: BATCHES * 2 });
  });
});

/** A TCP proxy to PostgreSQL that can be cut: open connections destroyed, new ones refused. */
async function cuttableProxy(
  target: URL,
): Promise<{ port: number; cut(): void; restore(): void; refused(): number; close(): Promise<void> }> {
  let isCut = false;
  let refused = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (isCut) {
      refused++;
      client.destroy();
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    port: address.port,
    cut: () => {
      isCut = true;
      for (const s of sockets) s.destroy();
    },
    restore: () => {
      isCut = false;
    },
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('a PostgreSQL outage (the connection cut for real)', () => {
  it('loses no batch while PostgreSQL is unreachable under load', async () => {
    const admin = new URL(pgUrl ?? '');
    const name = `hg_outage_${randomBytes(6).toString('hex')}`;
    const c = new pg.Client({ connectionString: admin.toString() });
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    const proxy = await cuttableProxy(admin);
    const viaProxy = new URL(admin.toString());
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    const database = await openDatabase({ url: viaProxy.toString(), poolSize: 8, onIdleError: () => undefined });
    try {
      const r = await rig(database);
      const topic = gatewayTopics(r.sn).telemetry;
      const BATCHES = 120;
      // A gateway publishing at full speed; a third of the way in, with commits under way, PostgreSQL becomes
      // unreachable.
      const publishing = (async () => {
        for (let i = 0; i < BATCHES; i++) {
          if (i === BATCHES / 3) {
            await until('some batches committed', () => r.acks.size >= 10);
            proxy.cut();
          }
          await r.gw.publishAsync(topic, JSON.stringify(batch(r, i)), { qos: 1 });
        }
      })();
      // Until far more reconnects failed than the old retries tolerated, and everything was sent.
      await until('the cut noticed', () => proxy.refused() >= 12);
      const answeredDuringCut = r.acks.size;
      proxy.restore();
      await publishing;
      await until('every batch answered', () => r.acks.size >= BATCHES);
      await r.ingest.drain();
      const result = await lost(database.db, r, BATCHES);
      process.stdout.write(
        `PostgreSQL cut: ${proxy.refused()} connections refused, ${answeredDuringCut} answered before/while cut, ${JSON.stringify(result)}\n`,
      );
      expect(result).toEqual({ lost: 0, rejected: 0, rows: BATCHES * 2 });
      const letters = await database.db.select().from(ingestDeadLetter).where(eq(ingestDeadLetter.gatewaySn, r.sn));
      expect(letters).toEqual([]);
    } finally {
      for (const r of rigs.splice(0)) await r.close();
      await database.close();
      await proxy.close();
      const d = new pg.Client({ connectionString: admin.toString() });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    }
  });
});
