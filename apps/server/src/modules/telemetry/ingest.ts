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

/** Where ingest tells every instance that a plant's figures changed (the live-update fan-out). */
export const LIVE_TOPIC_PREFIX = 'hg/internal/live/';

type Item =
  | { kind: 'telemetry'; gw: GatewayInfo; batch: TelemetryBatch; samples: IncomingSample[] }
  | { kind: 'event'; gw: GatewayInfo; event: GatewayEvent };

// Large enough to amortise a transaction over many gateways, small enough that one flush stays short.
const MAX_SAMPLES_PER_FLUSH = 5000;
const RETRY_DELAY_MS = 1000;

/**
 * Gateway messages in, committed rows and acknowledgements out. Messages queue while a flush runs, so the
 * next flush takes all of them in one transaction: the busier the fleet, the bigger (and cheaper per
 * reading) the writes. A batch is acknowledged on down/ack only after its transaction commits.
 */
export class Ingest {
  /** One queue per lane; a gateway always lands in the same lane, so its batches stay in order. */
  private readonly lanes: { queue: Item[]; running: Promise<void> | undefined }[];
  private stopped = false;
  private committedSamples = 0;

  constructor(
    private readonly deps: {
      db: Db;
      bus: MessageBus;
      registry: GatewayRegistry;
      writer: TelemetryWriter;
      log: FastifyBaseLogger;
      /**
       * Flushes that may run at once. PGlite has one connection, so 1; on PostgreSQL several transactions
       * overlap Node's work with the database's (per-device locks keep them correct).
       */
      lanes?: number;
      /** Where command answers (up/ack) go. */
      commands?: { handleResult(sn: string, json: unknown): Promise<void> };
    },
  ) {
    this.lanes = Array.from({ length: Math.max(1, deps.lanes ?? 1) }, () => ({ queue: [], running: undefined }));
  }

  start(): void {
    this.deps.bus.onGatewayMessage((topic, payload) => {
      this.receive(topic, payload).catch((err: Error) => this.deps.log.error({ err, topic }, 'ingest receive failed'));
    });
    this.deps.bus.onPresence((sn, online) => {
      void this.setOnline(sn, online).catch((err: Error) => this.deps.log.warn({ err, sn }, 'presence update failed'));
    });
  }

  /** Readings committed since start (the ingest benchmark reads this). */
  get samplesCommitted(): number {
    return this.committedSamples;
  }

  /** Resolves when everything received so far is committed and acknowledged. */
  async drain(): Promise<void> {
    for (const lane of this.lanes) {
      while (lane.running || lane.queue.length > 0) {
        if (!lane.running) this.kick(lane);
        await lane.running;
      }
    }
  }

  async stop(): Promise<void> {
    await this.drain();
    this.stopped = true;
  }

  async receive(topic: string, payload: Buffer): Promise<void> {
    const parsed = parseGatewayTopic(topic);
    if (!parsed || this.stopped) return;
    const { sn, channel } = parsed;
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      await this.deadLetter(sn, topic, 'not JSON', payload.toString('utf8'));
      return;
    }
    if (channel === 'status') return this.status(sn, json);
    if (channel === 'up/ack') {
      if (this.deps.commands) await this.deps.commands.handleResult(sn, json);
      else this.deps.log.info({ sn, result: json }, 'command result');
      return;
    }
    if (channel !== 'up/telemetry' && channel !== 'up/event') {
      await this.deadLetter(sn, topic, `unknown channel ${channel}`, JSON.stringify(json));
      return;
    }
    const gw = await this.deps.registry.get(sn);
    const id = typeof (json as { id?: unknown }).id === 'string' ? (json as { id: string }).id : undefined;
    if (!gw || !gw.plant) {
      await this.deadLetter(sn, topic, gw ? 'gateway not bound to a plant' : 'unknown gateway', JSON.stringify(json));
      if (id) await this.ack(sn, { id, status: 'rejected', reason: 'gateway not bound' });
      return;
    }
    if (channel === 'up/event') {
      const ev = eventSchema.safeParse(json);
      if (!ev.success) return this.reject(sn, topic, id, ev.error.message, json);
      this.enqueue({ kind: 'event', gw, event: ev.data });
      return;
    }
    const batch = telemetryBatchSchema.safeParse(json);
    if (!batch.success) return this.reject(sn, topic, id, batch.error.message, json);
    const samples: IncomingSample[] = [];
    const unknown: unknown[] = [];
    let info = gw;
    for (const s of batch.data.samples) {
      let dev = info.devices.get(s.device);
      if (!dev) {
        // A device bound since the cache was filled: look again before calling it unknown.
        info = (await this.deps.registry.get(sn, { fresh: true })) ?? info;
        dev = info.devices.get(s.device);
      }
      if (!dev) {
        unknown.push(s);
        continue;
      }
      const metrics: Metrics = { ...(s.raw ? decodeRaw(dev.protocol, s.raw) : {}), ...(s.metrics ?? {}) };
      samples.push({ device: dev, plant: info.plant, ts: s.ts, metrics });
    }
    if (unknown.length > 0) {
      await this.deadLetter(
        sn,
        topic,
        'devices not of this gateway',
        JSON.stringify({ id: batch.data.id, samples: unknown }),
      );
    }
    this.enqueue({ kind: 'telemetry', gw: info, batch: batch.data, samples });
  }

  private enqueue(item: Item): void {
    let h = 0;
    for (let i = 0; i < item.gw.sn.length; i++) h = (h * 31 + item.gw.sn.charCodeAt(i)) | 0;
    const lane = this.lanes[Math.abs(h) % this.lanes.length] as (typeof this.lanes)[number];
    lane.queue.push(item);
    this.kick(lane);
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
      await this.flush(take);
    }
  }

  private async flush(items: Item[], attempt = 1): Promise<void> {
    const telemetry = items.filter((i): i is Extract<Item, { kind: 'telemetry' }> => i.kind === 'telemetry');
    const events = items.filter((i): i is Extract<Item, { kind: 'event' }> => i.kind === 'event');
    let plants = new Set<string>();
    try {
      if (telemetry.length > 0) {
        const result = await this.deps.writer.write(telemetry.flatMap((t) => t.samples));
        plants = result.plants;
        this.committedSamples += telemetry.reduce((n, t) => n + t.samples.length, 0);
        await this.touchGateways(telemetry.map((t) => t.gw.id));
      }
      for (const e of events) {
        const plantId = await this.writeEvent(e.gw, e.event);
        if (plantId) plants.add(plantId);
      }
    } catch (err) {
      if (attempt < 3) {
        this.deps.log.warn({ err, attempt }, 'ingest flush failed; retrying');
        await new Promise((r) => setTimeout(r, RETRY_DELAY_MS * attempt));
        return this.flush(items, attempt + 1);
      }
      if (items.length > 1) {
        // Find the item that cannot be written and set it aside; the others go through.
        for (const item of items) await this.flush([item], 3);
        return;
      }
      const item = items[0];
      if (item) {
        const id = item.kind === 'telemetry' ? item.batch.id : item.event.id;
        this.deps.log.error({ err, sn: item.gw.sn, id }, 'could not write; kept as dead letter');
        await this.deadLetter(
          item.gw.sn,
          item.kind,
          `write failed: ${(err as Error).message}`,
          JSON.stringify(item.kind === 'telemetry' ? item.batch : item.event),
        ).catch(() => undefined);
        await this.ack(item.gw.sn, { id, status: 'rejected', reason: 'could not be stored' });
      }
      return;
    }
    // Committed: now, and only now, the gateways may forget these batches.
    await Promise.all([
      ...telemetry.map((t) => this.ack(t.gw.sn, { id: t.batch.id, status: 'committed' })),
      ...events.map((e) => this.ack(e.gw.sn, { id: e.event.id, status: 'committed' })),
      ...[...plants].map((p) =>
        this.deps.bus.publish(`${LIVE_TOPIC_PREFIX}${p}`, JSON.stringify({ plantId: p, ts: Date.now() })),
      ),
    ]);
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
    if (id) await this.ack(sn, { id, status: 'rejected', reason: 'invalid payload' });
  }

  private async ack(sn: string, ack: BatchAck): Promise<void> {
    await this.deps.bus.publish(gatewayTopics(sn).batchAck, JSON.stringify(ack));
  }

  private async deadLetter(sn: string, topic: string, reason: string, payload: string): Promise<void> {
    this.deps.log.warn({ sn, topic, reason }, 'ingest dead letter');
    await this.deps.db.insert(ingestDeadLetter).values({ gatewaySn: sn, topic, reason: reason.slice(0, 500), payload });
  }
}
