import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { gatewayTopics, type BatchAck } from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { ingestDeadLetter } from '../../db/schema.js';
import { eventChannel } from '../events/channel.js';
import { gatewayStatus, touchGateways } from '../gateways/status.js';
import type { MessageBus } from '../mqtt/bus.js';
import { LIVE_TOPIC_PREFIX, uplinkOf, type UplinkChannel } from '../mqtt/topics.js';
import { telemetryChannel } from '../telemetry/channel.js';
import type { GatewayRegistry } from '../telemetry/registry.js';
import type { TelemetryWriter } from '../telemetry/writer.js';
import type { Accepted, ChannelKit, DirectChannel, QueuedChannel } from './channel.js';
import { Abandoned, Patience } from './patience.js';

type Item = Accepted & { bytes: number };
/** A message of a queued channel (readings, events) waiting in its lane, not yet parsed. */
interface Pending {
  sn: string;
  topic: string;
  payload: Buffer;
  owner: QueuedChannel;
}

// Large enough to amortise a transaction over many gateways, small enough that one flush stays short.
const MAX_SAMPLES_PER_FLUSH = 2500;
// Main-thread work a lane does at most before it lets the event loop turn, while it decodes its messages.
const DECODE_SLICE_MS = 5;
// Payload bytes held at most (queued, being written, or waiting for an unavailable database). Beyond it the
// broker stops reading from gateways until there is room: memory stays bounded, nothing is dropped.
const MAX_HELD_BYTES = 32 * 1024 * 1024;
// At shutdown, how long to wait for an unavailable database, or for a backlog to be written, before leaving the
// rest unacknowledged (the gateways replay it to the next instance).
const STOP_WAIT_MS = 10_000;

/**
 * The ingest dispatcher: every message a gateway sends comes in here and goes to the module that owns its
 * channel (mqtt/topics.ts) — readings to telemetry, events to events, status to gateways, command answers to
 * commands. What is stored is stored here, reliably, whichever channel it came from.
 *
 * Readings and events queue while a flush runs, so the next flush takes all of them in one transaction of
 * the telemetry writer (with the events and the gateways' last-seen): the busier the fleet, the bigger (and
 * cheaper per reading) the writes. Each is acknowledged on down/ack only after its transaction commits.
 *
 * An unavailable database is never the gateway's fault: the write waits and tries again (with backoff) for
 * as long as it takes, and the broker stops reading from gateways once MAX_HELD_BYTES are held. Only an
 * item the database refuses while it answers is set aside as a dead letter and answered "rejected". A
 * message nobody owns (an unknown channel, not JSON) is kept as a dead letter too, never dropped silently.
 */
export class Ingest {
  /** One queue per lane; a gateway always lands in the same lane, so its batches stay in order. */
  private readonly lanes: { queue: Pending[]; running: Promise<void> | undefined }[];
  private readonly patience: Patience;
  /** Each uplink channel's owner: committed in the writer's transaction, or handled as it arrives. */
  private readonly channels: Record<UplinkChannel, { queued: QueuedChannel } | { direct: DirectChannel }>;
  private readonly presence: (sn: string, online: boolean) => Promise<void>;
  private stopped = false;
  private committedSamples = 0;
  private heldBytes = 0;
  /** Let through by `room` and not yet in `receive`. */
  private admittedBytes = 0;
  private readonly roomWaiters: (() => void)[] = [];
  /** Acknowledgements on their way to the broker (not awaited by the lanes, awaited by drain). */
  private readonly sending = new Set<Promise<void>>();
  /** Gateways' online/offline being written (awaited by `presenceWritten`). */
  private readonly presenceWrites = new Set<Promise<void>>();
  /**
   * The last direct message of each gateway still being handled: the next one waits for it, so a gateway's
   * answers land in the order it sent them (an upgrade's `downloadOk` before the `failed` right after it).
   */
  private readonly directTail = new Map<string, Promise<void>>();

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
      /** Told which plants' data each commit changed, to refresh their list summaries (plants/summary-keeper). */
      summaries?: { markDirty(plantIds: Iterable<string>): void };
      /** Where command answers (up/ack) go; without it they are only logged. */
      commands?: { handleResult(sn: string, json: unknown): Promise<void> };
      /**
       * Where the answers to upgrade commands (`upg-…`, `upgc-…`) go instead (modules/upgrades): an upgrade is
       * not a device_command, its steps and outcome are the upgrade row's.
       */
      upgrades?: { owns(json: unknown): boolean; handleResult(sn: string, json: unknown): Promise<void> };
      /** Where the answers to protocol updates (`ppu-…`) go (modules/protocols/push.ts). */
      protocolPush?: { owns(json: unknown): boolean; handleResult(sn: string, json: unknown): Promise<void> };
      /** A gateway said (or showed by connecting) that it is online: upgrades waiting for it may go. */
      gatewayOnline?: (sn: string) => void;
      /** Tests shorten the waits and the bound. */
      backoff?: { firstMs: number; maxMs: number };
      maxHeldBytes?: number;
      /**
       * Readings per transaction at most (default 2,500). The embedded database runs on the main thread and
       * a request's query waits for the whole transaction, so it is given smaller ones.
       */
      maxSamplesPerFlush?: number;
      /**
       * Awaited before each transaction: pages and API go first (http/foreground.ts). Without it, a turn of
       * the event loop only.
       */
      turn?: () => Promise<void>;
      /**
       * Awaited between slices of decoding: one slice of background work per turn of the event loop, across
       * lanes (http/foreground.ts). Without it, a turn of the event loop per lane.
       */
      slice?: () => Promise<void>;
      /**
       * Awaited before each transaction, its answer called when the transaction ends: how many lanes write at
       * once while the console is in use (Foreground.transaction). Without it, every lane.
       */
      transaction?: () => Promise<() => void>;
      stopWaitMs?: number;
    },
  ) {
    this.lanes = Array.from({ length: Math.max(1, deps.lanes ?? 1) }, () => ({ queue: [], running: undefined }));
    this.patience = new Patience(deps.log, deps.backoff);
    const gateways = gatewayStatus(deps);
    this.presence = gateways.presence;
    const { commands, upgrades, protocolPush } = deps;
    this.channels = {
      telemetry: { queued: telemetryChannel },
      event: { queued: eventChannel },
      status: { direct: gateways.status },
      commandResult: {
        direct: async (sn, json) => {
          if (upgrades?.owns(json)) return upgrades.handleResult(sn, json);
          if (protocolPush?.owns(json)) return protocolPush.handleResult(sn, json);
          if (commands) return commands.handleResult(sn, json);
          deps.log.info({ sn, result: json }, 'command result');
        },
      },
    };
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
      const write = this.presence(sn, online)
        .catch((err: Error) => this.deps.log.warn({ err, sn }, 'presence update failed'))
        .finally(() => this.presenceWrites.delete(write));
      this.presenceWrites.add(write);
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
   * Takes no more messages and commits what it holds. If that takes longer than the stop wait (the database
   * is unavailable, or a backlog is larger than the wait allows), the transactions under way finish and the
   * rest is left unacknowledged: the gateways keep it and replay it after reconnecting.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of this.roomWaiters.splice(0)) wake();
    const giveUp = setTimeout(() => {
      this.patience.giveUp();
      this.leaveQueued();
    }, this.deps.stopWaitMs ?? STOP_WAIT_MS);
    try {
      await this.drain();
    } finally {
      clearTimeout(giveUp);
    }
  }

  /**
   * Resolves once every gateway's connect or drop heard so far is written. At shutdown the embedded broker's
   * gateways drop as it closes: their "offline" goes in before the database closes.
   */
  async presenceWritten(): Promise<void> {
    while (this.presenceWrites.size > 0) await Promise.all([...this.presenceWrites]);
  }

  /** At shutdown, past the stop wait: what no transaction has taken yet is not acknowledged, only let go. */
  private leaveQueued(): void {
    let left = 0;
    for (const lane of this.lanes) {
      for (const m of lane.queue.splice(0)) {
        this.release(m.payload.length);
        left++;
      }
    }
    if (left > 0)
      this.deps.log.warn({ left }, 'shutting down: messages left unacknowledged (their gateways send them again)');
  }

  async receive(topic: string, payload: Buffer): Promise<void> {
    this.admittedBytes = Math.max(0, this.admittedBytes - payload.length);
    const uplink = uplinkOf(topic);
    // After stop, nothing more is taken; unacknowledged, the gateway sends it again later.
    if (!uplink || this.stopped) return;
    this.heldBytes += payload.length;
    const owner = uplink.channel ? this.channels[uplink.channel] : undefined;
    if (owner && 'queued' in owner) {
      // Parsed and decoded in its lane, between the lane's turns (see flushAll), not here: a burst of
      // messages from the broker would otherwise be decoded in one stretch ahead of every page.
      this.enqueue({ sn: uplink.sn, topic, payload, owner: owner.queued });
      return;
    }
    const sn = uplink.sn;
    const before = this.directTail.get(sn);
    const run = (async () => {
      if (before) await before;
      await this.handle(sn, uplink.name, topic, payload, owner?.direct);
    })();
    // The chain never rejects (the next message still runs); this message's own failure reaches its caller.
    const tail = run.catch(() => undefined);
    this.directTail.set(sn, tail);
    try {
      await run;
    } finally {
      if (this.directTail.get(sn) === tail) this.directTail.delete(sn);
      this.release(payload.length);
    }
  }

  /** A message handled as it arrives (status, command results), or kept as a dead letter if nobody owns it. */
  private async handle(
    sn: string,
    name: string,
    topic: string,
    payload: Buffer,
    direct: DirectChannel | undefined,
  ): Promise<void> {
    const json = await this.parse(sn, topic, payload);
    if (json === undefined) return;
    if (!direct) {
      await this.deadLetter(sn, topic, `unknown channel ${name}`, JSON.stringify(json));
      return;
    }
    await direct(sn, json);
  }

  /** The message as JSON; one that is not JSON is kept as a dead letter (undefined). */
  private async parse(sn: string, topic: string, payload: Buffer): Promise<unknown> {
    try {
      return JSON.parse(payload.toString('utf8')) as unknown;
    } catch {
      await this.deadLetter(sn, topic, 'not JSON', payload.toString('utf8'));
      return undefined;
    }
  }

  /**
   * A queued message checked and decoded by its channel's owner: what the next commit takes, or undefined
   * when it was answered already (refused, kept as a dead letter).
   */
  private async accept(m: Pending): Promise<Accepted | undefined> {
    const { sn, topic } = m;
    const json = await this.parse(sn, topic, m.payload);
    if (json === undefined) return undefined;
    const gw = await this.patience.untilAvailable(() => this.deps.registry.get(sn));
    const id = idOf(json);
    if (!gw || !gw.plant) {
      await this.deadLetter(sn, topic, gw ? 'gateway not bound to a plant' : 'unknown gateway', JSON.stringify(json));
      if (id) this.ack(sn, { id, status: 'rejected', reason: 'gateway not bound' });
      return undefined;
    }
    const kit: ChannelKit = {
      reload: () => this.patience.untilAvailable(() => this.deps.registry.get(sn, { fresh: true })),
      deadLetter: (reason, kept) => this.deadLetter(sn, topic, reason, kept),
      ack: (ack) => this.ack(sn, ack),
      reject: async (reason, kept) => {
        await this.deadLetter(sn, topic, reason, JSON.stringify(kept));
        if (id) this.ack(sn, { id, status: 'rejected', reason: 'invalid payload' });
      },
    };
    return m.owner({ ...gw, plant: gw.plant }, json, kit);
  }

  private enqueue(item: Pending): void {
    let h = 0;
    for (let i = 0; i < item.sn.length; i++) h = (h * 31 + item.sn.charCodeAt(i)) | 0;
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

  private async flushAll(queue: Pending[]): Promise<void> {
    const max = this.deps.maxSamplesPerFlush ?? MAX_SAMPLES_PER_FLUSH;
    while (queue.length > 0) {
      // Without a real turn of the event loop between transactions, a backlog written to the embedded
      // database (whose queries resolve without I/O) would hold off every socket until it is all written.
      await (this.deps.turn ?? nextTurn)();
      const take: Item[] = [];
      let n = 0;
      let slice = performance.now();
      while (queue.length > 0 && (take.length === 0 || n < max)) {
        const m = queue.shift() as Pending;
        const item = await this.acceptOrLeave(m);
        if (item) {
          take.push({ ...item, bytes: m.payload.length });
          n += Math.max(1, item.samples.length);
        } else this.release(m.payload.length);
        // Decoding is the main thread's work: in short slices, with the event loop turning between them.
        if (performance.now() - slice > DECODE_SLICE_MS) {
          await (this.deps.slice ?? nextTurn)();
          slice = performance.now();
        }
      }
      if (take.length === 0) continue;
      const done = await (this.deps.transaction?.() ?? Promise.resolve(() => undefined));
      try {
        await this.flush(take);
      } catch (err) {
        this.deps.log.error({ err }, 'ingest flush failed; left unacknowledged');
      } finally {
        done();
        this.release(take.reduce((b, i) => b + i.bytes, 0));
      }
    }
  }

  /** `accept`, with a failure logged: the message is left unacknowledged, so the gateway sends it again. */
  private async acceptOrLeave(m: Pending): Promise<Accepted | undefined> {
    try {
      return await this.accept(m);
    } catch (err) {
      if (err instanceof Abandoned)
        this.deps.log.warn({ topic: m.topic }, 'shutting down: message left unacknowledged');
      else this.deps.log.error({ err, topic: m.topic }, 'ingest receive failed');
      return undefined;
    }
  }

  /** Commits the items together; if the database refuses them, one by one to find the one it refuses. */
  private async flush(items: Item[]): Promise<void> {
    let plants: Set<string>;
    try {
      plants = await this.patience.untilAvailable(() => this.commit(items));
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
          this.committed([item], await this.patience.untilAvailable(() => this.commit([item])));
          return;
        } catch (e) {
          if (e instanceof Abandoned) return this.leave([item]);
          err = e;
        }
      }
      // A fault nobody classified, while the database does not even answer a ping, is not the item's
      // fault either: wait and write it again.
      if (await this.answers()) break;
      if (this.patience.gaveUp) return this.leave([item]);
      await this.patience.sleep(attempt);
      err = undefined;
    }
    const { id } = item;
    this.deps.log.error({ err, sn: item.gw.sn, id }, 'could not write; kept as dead letter');
    try {
      await this.deadLetter(
        item.gw.sn,
        item.label,
        `write failed: ${(err as Error).message}`,
        JSON.stringify(item.kept),
      );
    } catch (e) {
      // Neither stored nor kept: say so loudly and do not answer, so the gateway keeps it.
      this.deps.log.error({ err: e, sn: item.gw.sn, id }, 'dead letter not written; left unacknowledged');
      return;
    }
    this.ack(item.gw.sn, { id, status: 'rejected', reason: 'could not be stored' });
  }

  /**
   * Writes the items in one transaction of the telemetry writer: the readings, then in the same transaction
   * the last-seen of the gateways that sent them and the events. All of it commits, or none of it.
   */
  private async commit(items: Item[]): Promise<Set<string>> {
    const plants = new Set<string>();
    const reporting = items.filter((i) => i.samples.length > 0).map((i) => i.gw.id);
    const result = await this.deps.writer.write(
      items.flatMap((i) => i.samples),
      async (tx) => {
        if (reporting.length > 0) await touchGateways(tx, reporting);
        for (const item of items) {
          const plantId = await item.write?.(tx);
          if (plantId) plants.add(plantId);
        }
      },
    );
    for (const p of result.plants) plants.add(p);
    return plants;
  }

  private committed(items: Item[], plants: Set<string>): void {
    for (const item of items) {
      this.committedSamples += item.samples.length;
      // Committed: now, and only now, the gateway may forget it.
      this.ack(item.gw.sn, { id: item.id, status: 'committed', ...(item.note ? { reason: item.note } : {}) });
    }
    if (plants.size > 0) this.deps.summaries?.markDirty(plants);
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

  private async answers(): Promise<boolean> {
    try {
      await this.deps.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
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
    await this.patience.untilAvailable(() =>
      this.deps.db
        .insert(ingestDeadLetter)
        .values({ gatewaySn: sn, topic, reason: reason.replace(/\0/g, '').slice(0, 500), payload: text }),
    );
  }
}

/** The id a gateway gave a message, if it gave one (for answering even a message that is refused). */
function idOf(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || !('id' in json)) return undefined;
  return typeof json.id === 'string' ? json.id : undefined;
}
