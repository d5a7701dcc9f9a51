import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  eventSchema,
  gatewayTopics,
  parseGatewayTopic,
  statusSchema,
  telemetryBatchSchema,
  type BatchAck,
  type GatewayEvent,
  type TelemetryBatch,
} from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { deviceEvent, gateway, ingestDeadLetter } from '../../db/schema.js';
import type { MessageBus } from '../mqtt/bus.js';
import { decodeRaw, type Metrics } from './decode.js';
import type { GatewayInfo, GatewayRegistry } from './registry.js';
import type { IncomingSample, TelemetryWriter } from './writer.js';
import { isDatabaseUnavailable } from '../../db/unavailable.js';

/** Where ingest tells every instance that a plant's figures changed (the live-update fan-out). */
export const LIVE_TOPIC_PREFIX = 'hg/internal/live/';

type Item = (
  | { kind: 'telemetry'; gw: GatewayInfo; batch: TelemetryBatch; samples: IncomingSample[]; note?: string }
  | { kind: 'event'; gw: GatewayInfo; event: GatewayEvent }
) & { bytes: number };

// Large enough to amortise a transaction over many gateways, small enough that one flush stays short.
const MAX_SAMPLES_PER_FLUSH = 5000;
// Payload bytes held at most (queued, being written, or waiting for an unavailable database). Beyond it the
// broker stops reading from gateways until there is room: memory stays bounded, nothing is dropped.
const MAX_HELD_BYTES = 32 * 1024 * 1024;
// While the database is unavailable: first wait, doubled on each try up to the cap.
const BACKOFF = { firstMs: 250, maxMs: 5000 };
// At shutdown, how long to wait for an unavailable database before leaving the rest unacknowledged (the
// gateways replay it to the next instance).
const STOP_WAIT_MS = 10_000;

/** Thrown by a retry loop once shutdown gave up waiting for the database: the item stays unacknowledged. */
class Abandoned extends Error {}

/**
 * Gateway messages in, committed rows and acknowledgements out. Messages queue while a flush runs, so the
 * next flush takes all of them in one transaction: the busier the fleet, the bigger (and cheaper per
 * reading) the writes. A batch is acknowledged on down/ack only after its transaction commits.
 *
 * An unavailable database is never the gateway's fault: the write waits and tries again (with backoff) for
 * as long as it takes, and the broker stops reading from gateways once MAX_HELD_BYTES are held. Only an
 * item the database refuses while it answers is set aside as a dead letter and answered "rejected".
 */
export class Ingest {
  /** One queue per lane; a gateway always lands in the same lane, so its batches stay in order. */
  private readonly lanes: { queue: Item[]; running: Promise<void> | undefined }[];
  private stopped = false;
  private abandoned = false;
  private committedSamples = 0;
  private heldBytes = 0;
  /** Let through by `room` and not yet in `receive`. */
  private admittedBytes = 0;
  private readonly roomWaiters: (() => void)[] = [];
  /** Sleeping retries, woken early when shutdown gives up. */
  private readonly sleepers = new Set<() => void>();
  /** Acknowledgements on their way to the broker (not awaited by the lanes, awaited by drain). */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      db: Db;
      bus: MessageBus;
      registry: GatewayRegistry;
      writer: Pick<TelemetryWriter, 'write'>;
      log: FastifyBaseLogger;
      /**
       * Flushes that may run at once. PGlite has one connection, so 1; on PostgreSQL several transactions
       * overlap Node's work with the database's (per-device locks keep them correct).
       */
      lanes?: number;
      /** Where command answers (up/ack) go. */
      commands?: { handleResult(sn: string, json: unknown): Promise<void> };
      /** Tests shorten the waits and the bound. */
      backoff?: { firstMs: number; maxMs: number };
      maxHeldBytes?: number;
      stopWaitMs?: number;
    },
  ) {
    this.lanes = Array.from({ length: Math.max(1, deps.lanes ?? 1) }, () => ({ queue: [], running: undefined }));
  }

  start(): void {
    this.deps.bus.onGatewayMessage((topic, payload) => {
      this.receive(topic, payload).catch((err: Error) => {
        if (err instanceof Abandoned) this.deps.log.warn({ topic }, 'shutting down: message left unacknowledged');
        else this.deps.log.error({ err, topic }, 'ingest receive failed');
      });
    });
    this.deps.bus.throttle((bytes) => this.room(bytes));
    this.deps.bus.onPresence((sn, online) => {
      void this.setOnline(sn, online).catch((err: Error) => this.deps.log.warn({ err, sn }, 'presence update failed'));
    });
  }

  /** Readings committed since start (the ingest benchmark reads this). */
  get samplesCommitted(): number {
    return this.committedSamples;
  }

  /**
   * Resolves once there is room for `bytes` more (the bus waits on it before it reads on from a gateway),
   * and reserves them until the message reaches `receive`.
   */
  async room(bytes = 0): Promise<void> {
    const max = this.deps.maxHeldBytes ?? MAX_HELD_BYTES;
    while (this.heldBytes + this.admittedBytes >= max && !this.stopped) {
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
    this.admittedBytes += bytes;
  }

  /** Payload bytes held now (queued, being written, or waiting for the database). */
  get held(): number {
    return this.heldBytes;
  }

  /** Resolves when everything received so far is committed and acknowledged. */
  async drain(): Promise<void> {
    for (const lane of this.lanes) {
      while (lane.running || lane.queue.length > 0) {
        if (!lane.running) this.kick(lane);
        await lane.running;
      }
    }
    await Promise.all([...this.sending]);
  }

  /**
   * Takes no more messages and commits what it holds. If the database stays unavailable longer than the
   * stop wait, the rest is left unacknowledged: the gateways keep it and replay it after reconnecting.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of this.roomWaiters.splice(0)) wake();
    const giveUp = setTimeout(() => {
      this.abandoned = true;
      for (const wake of this.sleepers) wake();
    }, this.deps.stopWaitMs ?? STOP_WAIT_MS);
    try {
      await this.drain();
    } finally {
      clearTimeout(giveUp);
    }
  }

  async receive(topic: string, payload: Buffer): Promise<void> {
    this.admittedBytes = Math.max(0, this.admittedBytes - payload.length);
    const parsed = parseGatewayTopic(topic);
    // After stop, nothing more is taken; unacknowledged, the gateway sends it again later.
    if (!parsed || this.stopped) return;
    this.heldBytes += payload.length;
    let queued = false;
    try {
      queued = await this.accept(parsed.sn, parsed.channel, topic, payload);
    } finally {
      if (!queued) this.release(payload.length);
    }
  }

  /** Validates, decodes and queues one message; true when it was queued (then the flush releases it). */
  private async accept(sn: string, channel: string, topic: string, payload: Buffer): Promise<boolean> {
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      await this.deadLetter(sn, topic, 'not JSON', payload.toString('utf8'));
      return false;
    }
    if (channel === 'status') {
      await this.status(sn, json);
      return false;
    }
    if (channel === 'up/ack') {
      if (this.deps.commands) await this.deps.commands.handleResult(sn, json);
      else this.deps.log.info({ sn, result: json }, 'command result');
      return false;
    }
    if (channel !== 'up/telemetry' && channel !== 'up/event') {
      await this.deadLetter(sn, topic, `unknown channel ${channel}`, JSON.stringify(json));
      return false;
    }
    const gw = await this.untilAvailable(() => this.deps.registry.get(sn));
    const id = typeof (json as { id?: unknown }).id === 'string' ? (json as { id: string }).id : undefined;
    if (!gw || !gw.plant) {
      await this.deadLetter(sn, topic, gw ? 'gateway not bound to a plant' : 'unknown gateway', JSON.stringify(json));
      if (id) this.ack(sn, { id, status: 'rejected', reason: 'gateway not bound' });
      return false;
    }
    const bytes = payload.length;
    if (channel === 'up/event') {
      const ev = eventSchema.safeParse(json);
      if (!ev.success) {
        await this.reject(sn, topic, id, ev.error.message, json);
        return false;
      }
      let owner = gw;
      if (!owner.devices.has(ev.data.device)) {
        owner = (await this.untilAvailable(() => this.deps.registry.get(sn, { fresh: true }))) ?? owner;
      }
      if (!owner.devices.has(ev.data.device)) {
        // Like a batch of only other gateways' readings: kept, then rejected (protocol §Acknowledgement, 4).
        await this.deadLetter(sn, topic, 'device not of this gateway', JSON.stringify(ev.data));
        this.ack(sn, { id: ev.data.id, status: 'rejected', reason: `devices not of this gateway: ${ev.data.device}` });
        return false;
      }
      this.enqueue({ kind: 'event', gw: owner, event: ev.data, bytes });
      return true;
    }
    const batch = telemetryBatchSchema.safeParse(json);
    if (!batch.success) {
      await this.reject(sn, topic, id, batch.error.message, json);
      return false;
    }
    const samples: IncomingSample[] = [];
    const unknown: TelemetryBatch['samples'] = [];
    let info = gw;
    for (const s of batch.data.samples) {
      let dev = info.devices.get(s.device);
      if (!dev) {
        // A device bound since the cache was filled: look again before calling it unknown.
        info = (await this.untilAvailable(() => this.deps.registry.get(sn, { fresh: true }))) ?? info;
        dev = info.devices.get(s.device);
      }
      if (!dev) {
        unknown.push(s);
        continue;
      }
      const metrics: Metrics = { ...(s.raw ? decodeRaw(dev.protocol, s.raw) : {}), ...(s.metrics ?? {}) };
      samples.push({ device: dev, plant: info.plant, ts: s.ts, metrics });
    }
    if (unknown.length === 0) {
      this.enqueue({ kind: 'telemetry', gw: info, batch: batch.data, samples, bytes });
      return true;
    }
    // Readings of devices that are not this gateway's are kept as a dead letter (an operator can bind the
    // device and replay them); the gateway is told which devices, so its installer sees the mistake.
    const strangers = [...new Set(unknown.map((s) => s.device))];
    const reason = `devices not of this gateway: ${strangers.join(', ')}`.slice(0, 500);
    await this.deadLetter(
      sn,
      topic,
      'devices not of this gateway',
      JSON.stringify({ id: batch.data.id, samples: unknown }),
    );
    if (samples.length === 0) {
      // Nothing of it can be stored as readings: rejected (protocol §Acknowledgement, 4), after the dead
      // letter is safely written.
      this.ack(sn, { id: batch.data.id, status: 'rejected', reason });
      return false;
    }
    // The readings of its own devices are committed and acknowledged as such, with the others named.
    this.enqueue({ kind: 'telemetry', gw: info, batch: batch.data, samples, bytes, note: reason });
    return true;
  }

  private enqueue(item: Item): void {
    let h = 0;
    for (let i = 0; i < item.gw.sn.length; i++) h = (h * 31 + item.gw.sn.charCodeAt(i)) | 0;
    const lane = this.lanes[Math.abs(h) % this.lanes.length] as (typeof this.lanes)[number];
    lane.queue.push(item);
    this.kick(lane);
  }

  private release(bytes: number): void {
    this.heldBytes -= bytes;
    // Every waiter looks again; those that still find no room wait on.
    for (const wake of this.roomWaiters.splice(0)) wake();
  }

  private kick(lane: (typeof this.lanes)[number]): void {
    if (lane.running) return;
    lane.running = this.flushAll(lane.queue).finally(() => {
      lane.running = undefined;
      if (lane.queue.length > 0) this.kick(lane);
    });
  }

  private async flushAll(queue: Item[]): Promise<void> {
    while (queue.length > 0) {
      const take: Item[] = [];
      let n = 0;
      while (queue.length > 0 && (take.length === 0 || n < MAX_SAMPLES_PER_FLUSH)) {
        const item = queue.shift() as Item;
        take.push(item);
        n += item.kind === 'telemetry' ? item.samples.length : 1;
      }
      try {
        await this.flush(take);
      } catch (err) {
        this.deps.log.error({ err }, 'ingest flush failed; left unacknowledged');
      } finally {
        this.release(take.reduce((b, i) => b + i.bytes, 0));
      }
    }
  }

  /** Commits the items together; if the database refuses them, one by one to find the one it refuses. */
  private async flush(items: Item[]): Promise<void> {
    let plants: Set<string>;
    try {
      plants = await this.untilAvailable(() => this.commit(items));
    } catch (err) {
      if (err instanceof Abandoned) return this.leave(items);
      if (items.length > 1) {
        for (const item of items) await this.flushOne(item);
        return;
      }
      const [item] = items;
      if (item) await this.flushOne(item, err);
      return;
    }
    this.committed(items, plants);
  }

  /** One item: committed, or — only if the database answers and still refuses it — set aside and rejected. */
  private async flushOne(item: Item, firstError?: unknown): Promise<void> {
    let err = firstError;
    for (let attempt = 1; ; attempt++) {
      if (err === undefined) {
        try {
          this.committed([item], await this.untilAvailable(() => this.commit([item])));
          return;
        } catch (e) {
          if (e instanceof Abandoned) return this.leave([item]);
          err = e;
        }
      }
      // A fault nobody classified, while the database does not even answer a ping, is not the item's
      // fault either: wait and write it again.
      if (await this.answers()) break;
      if (this.abandoned) return this.leave([item]);
      await this.sleep(attempt);
      err = undefined;
    }
    const id = item.kind === 'telemetry' ? item.batch.id : item.event.id;
    this.deps.log.error({ err, sn: item.gw.sn, id }, 'could not write; kept as dead letter');
    try {
      await this.deadLetter(
        item.gw.sn,
        item.kind,
        `write failed: ${(err as Error).message}`,
        JSON.stringify(item.kind === 'telemetry' ? item.batch : item.event),
      );
    } catch (e) {
      // Neither stored nor kept: say so loudly and do not answer, so the gateway keeps it.
      this.deps.log.error({ err: e, sn: item.gw.sn, id }, 'dead letter not written; left unacknowledged');
      return;
    }
    this.ack(item.gw.sn, { id, status: 'rejected', reason: 'could not be stored' });
  }

  /** Writes the items: readings in one transaction, then the gateways' last-seen, then events. */
  private async commit(items: Item[]): Promise<Set<string>> {
    const telemetry = items.filter((i): i is Extract<Item, { kind: 'telemetry' }> => i.kind === 'telemetry');
    const events = items.filter((i): i is Extract<Item, { kind: 'event' }> => i.kind === 'event');
    const plants = new Set<string>();
    if (telemetry.length > 0) {
      const result = await this.deps.writer.write(telemetry.flatMap((t) => t.samples));
      for (const p of result.plants) plants.add(p);
      await this.touchGateways(telemetry.map((t) => t.gw.id));
    }
    for (const e of events) {
      const plantId = await this.writeEvent(e.gw, e.event);
      if (plantId) plants.add(plantId);
    }
    return plants;
  }

  private committed(items: Item[], plants: Set<string>): void {
    for (const item of items) {
      if (item.kind === 'telemetry') {
        this.committedSamples += item.samples.length;
        // Committed: now, and only now, the gateway may forget this batch.
        this.ack(item.gw.sn, {
          id: item.batch.id,
          status: 'committed',
          ...(item.note ? { reason: item.note } : {}),
        });
      } else {
        this.ack(item.gw.sn, { id: item.event.id, status: 'committed' });
      }
    }
    for (const p of plants) {
      this.send(this.deps.bus.publish(`${LIVE_TOPIC_PREFIX}${p}`, JSON.stringify({ plantId: p, ts: Date.now() })));
    }
  }

  private leave(items: Item[]): void {
    this.deps.log.warn(
      { batches: items.length },
      'shutting down with the database unavailable: left unacknowledged, the gateways replay them',
    );
  }

  /**
   * Runs `fn` until it succeeds or fails for a reason other than an unavailable database. Waits between
   * tries grow from BACKOFF.firstMs to BACKOFF.maxMs. Throws Abandoned once shutdown stops waiting.
   */
  private async untilAvailable<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        if (this.abandoned) throw new Abandoned('database unavailable at shutdown');
        if (attempt === 1 || attempt % 20 === 0) {
          this.deps.log.warn({ err, attempt }, 'database unavailable; ingest waits and tries again');
        }
        await this.sleep(attempt);
      }
    }
  }

  private sleep(attempt: number): Promise<void> {
    const { firstMs, maxMs } = this.deps.backoff ?? BACKOFF;
    const ms = Math.min(maxMs, firstMs * 2 ** Math.min(attempt - 1, 20));
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  private async answers(): Promise<boolean> {
    try {
      await this.deps.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }

  /** Raised events are stored once (by the gateway's event id); a clear closes the open event of that code. */
  private async writeEvent(gw: GatewayInfo, ev: GatewayEvent): Promise<string | null> {
    const dev =
      gw.devices.get(ev.device) ?? (await this.deps.registry.get(gw.sn, { fresh: true }))?.devices.get(ev.device);
    if (!dev) {
      await this.deadLetter(gw.sn, 'up/event', 'device not of this gateway', JSON.stringify(ev));
      return null;
    }
    const at = new Date(ev.ts);
    if (ev.state === 'raised') {
      await this.deps.db
        .insert(deviceEvent)
        .values({
          gatewayId: gw.id,
          gatewayEventId: ev.id,
          deviceId: dev.id,
          plantId: dev.plantId,
          code: ev.code,
          level: ev.level,
          message: ev.message,
          raisedAt: at,
        })
        .onConflictDoNothing();
    } else {
      await this.deps.db
        .update(deviceEvent)
        .set({ clearedAt: at })
        .where(
          and(
            eq(deviceEvent.deviceId, dev.id),
            eq(deviceEvent.code, ev.code),
            isNull(deviceEvent.clearedAt),
            lte(deviceEvent.raisedAt, at),
          ),
        );
    }
    return dev.plantId;
  }

  private async status(sn: string, json: unknown): Promise<void> {
    const st = statusSchema.safeParse(json);
    if (!st.success) return;
    const s = st.data;
    await this.deps.db
      .update(gateway)
      .set({
        online: s.state === 'online',
        lastSeenAt: new Date(),
        ...(s.firmware ? { firmware: s.firmware } : {}),
        ...(s.rssi !== undefined ? { rssi: s.rssi } : {}),
        ...(s.interval ? { uploadIntervalS: s.interval } : {}),
      })
      .where(eq(gateway.sn, sn));
    if (s.interval) this.deps.registry.invalidate(sn);
  }

  private async setOnline(sn: string, online: boolean): Promise<void> {
    await this.deps.db
      .update(gateway)
      .set(online ? { online, lastSeenAt: new Date() } : { online })
      .where(eq(gateway.sn, sn));
  }

  private async touchGateways(ids: string[]): Promise<void> {
    const unique = [...new Set(ids)];
    await this.deps.db.execute(
      sql`update gateway set last_seen_at = now(), online = true where id = any(${`{${unique.join(',')}}`}::uuid[])`,
    );
  }

  private async reject(
    sn: string,
    topic: string,
    id: string | undefined,
    reason: string,
    json: unknown,
  ): Promise<void> {
    await this.deadLetter(sn, topic, reason, JSON.stringify(json));
    if (id) this.ack(sn, { id, status: 'rejected', reason: 'invalid payload' });
  }

  /** Publishes an acknowledgement without holding up the lane; drain waits for it. */
  private ack(sn: string, ack: BatchAck): void {
    this.send(this.deps.bus.publish(gatewayTopics(sn).batchAck, JSON.stringify(ack)));
  }

  private send(p: Promise<void>): void {
    const tracked = p.catch((err: Error) => this.deps.log.warn({ err }, 'publish failed; the gateway replays'));
    this.sending.add(tracked);
    void tracked.finally(() => this.sending.delete(tracked));
  }

  /** Keeps what cannot be stored; waits while the database is unavailable, and throws if it refuses. */
  private async deadLetter(sn: string, topic: string, reason: string, payload: string): Promise<void> {
    this.deps.log.warn({ sn, topic, reason }, 'ingest dead letter');
    // PostgreSQL text cannot hold NUL; keep it visible as an escape instead of failing the write.
    const text = payload.replace(/\0/g, '\\u0000');
    await this.untilAvailable(() =>
      this.deps.db
        .insert(ingestDeadLetter)
        .values({ gatewaySn: sn, topic, reason: reason.replace(/\0/g, '').slice(0, 500), payload: text }),
    );
  }
}
