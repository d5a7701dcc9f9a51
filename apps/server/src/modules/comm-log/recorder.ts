import { sql } from 'drizzle-orm';
import { COMM_LOG_LIMITS, parseGatewayTopic, type CommDirection } from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { gatewayMessage } from '../../db/schema.js';
import type { MessageBus } from '../mqtt/bus.js';
import { compact, summarise } from './summary.js';

/** A message heard or sent, not yet stored. */
interface Pending {
  sn: string;
  at: number;
  direction: CommDirection;
  channel: string;
  payload: Buffer;
  /** False: telemetry logged as its summary only. */
  kept: boolean;
}

const DAY_MS = 86_400_000;
// Any fixed number: the cleanup of one instance at a time (pg_try_advisory_xact_lock), other instances skip it.
const CLEANUP_LOCK = 724_314;

export interface CommLogOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** The app's clock (tests move it). */
  now: () => number;
  /** How many days rows are kept (COMM_LOG_DAYS). */
  retentionDays: number;
  /** Between flushes (default 1 s); 0: only when flushed (tests). */
  flushMs?: number;
  /** Rows per insert statement at most (default 500); a queue this long is flushed at once. */
  batchRows?: number;
  /** Messages waiting at most (default 10,000); beyond it new ones are dropped and counted. */
  maxQueue?: number;
  /** Payload bytes waiting at most (default 16 MB): the same, counted by size. */
  maxQueueBytes?: number;
  /** Between cleanups (default 10 minutes); 0: only when called (tests). */
  cleanupMs?: number;
  /** Rows one cleanup statement deletes at most (default 5,000). */
  cleanupBatch?: number;
  /** Awaited between statements: pages and API go first (http/foreground.ts). */
  turn?: () => Promise<void>;
  /** Awaited between slices of summarising (Foreground.slice): one short slice per turn of the event loop. */
  slice?: () => Promise<void>;
  /**
   * Resolves when an insert may go to the database, with the function that ends it (Foreground.transaction):
   * while the console is in use, the log's inserts queue with ingest's transactions for a few slots.
   */
  transaction?: () => Promise<() => void>;
  /**
   * Whether a gateway's telemetry is kept in full (full-telemetry.ts); otherwise only its summary and size are.
   * Default: every payload is kept.
   */
  keepsTelemetry?: (sn: string) => boolean;
}

/** Main-thread work between two turns of the console's requests at most (ms). */
const SLICE_MS = 5;

/** A queued message as its row: the summary read from the whole payload, the payload kept (cut) or not. */
function rowOf(m: Pending): typeof gatewayMessage.$inferInsert {
  const text = m.payload.toString('utf8');
  const truncated = m.payload.length > COMM_LOG_LIMITS.payloadBytes;
  return {
    gatewaySn: m.sn,
    at: new Date(m.at),
    direction: m.direction,
    channel: m.channel,
    size: m.payload.length,
    summary: compact(summarise(m.direction, m.channel, text)),
    // Cut on a character, not inside one; and no NUL, which PostgreSQL text refuses.
    payload: m.kept
      ? (truncated ? m.payload.subarray(0, COMM_LOG_LIMITS.payloadBytes).toString('utf8') : text)
          .replace(/\uFFFD+$/, '')
          .replaceAll('\u0000', '')
      : '',
    truncated: m.kept && truncated,
    payloadKept: m.kept,
  };
}

/**
 * The communication log's recorder (issue 14 item 6). It sees every message on the gateways' topics from one
 * place, the bus (`wrap`): what gateways send as the bus hands it over, what the server sends as it publishes
 * (commands of the commands module, upgrades and migrations, the ingest's batch acknowledgements).
 *
 * Recording costs the message path nothing but a push: messages wait in a bounded queue and are stored in one
 * multi-row insert per flush (every second, or at once when `batchRows` are waiting), summarised there. The log
 * is diagnostics: when the queue is full a message is dropped from the log (never from ingest) and counted, and
 * a warning says how many. A cleanup deletes rows older than the retention in batches, on one instance at a time.
 */
export class CommLog {
  private queue: Pending[] = [];
  private queuedBytes = 0;
  private droppedCount = 0;
  private warnedDropped = 0;
  private flushing: Promise<void> | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private cleanupTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly o: Required<Omit<CommLogOptions, 'turn' | 'slice' | 'keepsTelemetry' | 'transaction'>> &
    Pick<CommLogOptions, 'turn' | 'slice' | 'keepsTelemetry' | 'transaction'>;

  constructor(opts: CommLogOptions) {
    this.o = {
      flushMs: 1000,
      batchRows: 500,
      maxQueue: 10_000,
      maxQueueBytes: 16 * 1024 * 1024,
      cleanupMs: 10 * 60_000,
      cleanupBatch: 5000,
      ...opts,
    };
  }

  /** Messages dropped from the log since start because the queue was full. */
  get dropped(): number {
    return this.droppedCount;
  }

  /** Messages waiting to be stored. */
  get queued(): number {
    return this.queue.length;
  }

  start(): void {
    if (this.o.flushMs > 0) this.flushTimer = setInterval(() => void this.flushQuietly(), this.o.flushMs).unref();
    if (this.o.cleanupMs > 0)
      this.cleanupTimer = setInterval(() => {
        this.cleanup().catch((err: unknown) => this.o.log.warn({ err }, 'communication log cleanup failed'));
      }, this.o.cleanupMs).unref();
  }

  /**
   * The bus as the rest of the server uses it: the same, except that what is published to a gateway is recorded
   * too; what gateways send is recorded as the bus hands it over (before ingest sees it).
   */
  wrap(bus: MessageBus): MessageBus {
    bus.onGatewayMessage((topic, payload) => this.record('up', topic, payload));
    const publish: MessageBus['publish'] = async (topic, payload, opts) => {
      // Recorded as it leaves, so the log's order is the wire's (an answer cannot come before its command).
      this.record('down', topic, payload);
      await bus.publish(topic, payload, opts);
    };
    // A bus of its own (not a proxy), so whoever replaces a method on it (tests record commands) replaces it here.
    return {
      get port() {
        return bus.port;
      },
      publish,
      onGatewayMessage: (h) => bus.onGatewayMessage(h),
      subscribeAll: (filter, h) => bus.subscribeAll(filter, h),
      onPresence: (h) => bus.onPresence(h),
      throttle: (room) => bus.throttle(room),
      disconnect: (sn) => bus.disconnect(sn),
      close: () => bus.close(),
    };
  }

  /** Queues one message of a gateway topic (others are ignored). Never throws, never waits. */
  record(direction: CommDirection, topic: string, payload: Buffer | string): void {
    const parsed = parseGatewayTopic(topic);
    if (!parsed || this.stopped) return;
    const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    if (this.queue.length >= this.o.maxQueue || this.queuedBytes + bytes.length > this.o.maxQueueBytes) {
      this.droppedCount++;
      return;
    }
    const kept =
      !(direction === 'up' && parsed.channel === 'up/telemetry') || (this.o.keepsTelemetry?.(parsed.sn) ?? true);
    this.queue.push({ sn: parsed.sn, at: this.o.now(), direction, channel: parsed.channel, payload: bytes, kept });
    this.queuedBytes += bytes.length;
    if (this.queue.length >= this.o.batchRows && this.o.flushMs > 0) void this.flushQuietly();
  }

  private async flushQuietly(): Promise<void> {
    await this.flush().catch((err: unknown) => this.o.log.warn({ err }, 'communication log flush failed'));
  }

  /** Stores everything queued, `batchRows` a statement; a flush already running is awaited, then another runs. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return this.warnDropped();
    this.flushing = this.write().finally(() => {
      this.flushing = undefined;
    });
    await this.flushing;
  }

  private async write(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.o.batchRows);
      this.queuedBytes -= batch.reduce((n, m) => n + m.payload.length, 0);
      const rows: (typeof gatewayMessage.$inferInsert)[] = [];
      // Summarising reads each payload as JSON: a backfill's 500 batches are megabytes, so the work is cut into
      // slices of a few milliseconds with the console's requests answered in between (http/foreground.ts).
      let sliceStart = performance.now();
      for (const m of batch) {
        rows.push(rowOf(m));
        if (this.o.slice && performance.now() - sliceStart > SLICE_MS) {
          await this.o.slice();
          sliceStart = performance.now();
        }
      }
      const end = this.o.transaction ? await this.o.transaction() : undefined;
      try {
        await this.o.db.insert(gatewayMessage).values(rows);
      } finally {
        end?.();
      }
      if (this.queue.length > 0) await (this.o.turn?.() ?? Promise.resolve());
    }
    this.warnDropped();
  }

  private warnDropped(): void {
    if (this.droppedCount === this.warnedDropped) return;
    this.o.log.warn(
      { dropped: this.droppedCount - this.warnedDropped, total: this.droppedCount },
      'communication log queue full: messages left out of the log (device data is not affected)',
    );
    this.warnedDropped = this.droppedCount;
  }

  /**
   * Deletes rows older than the retention, `cleanupBatch` a statement, on one instance at a time (another
   * instance cleaning at the moment makes this one skip). Answers how many rows went.
   */
  async cleanup(): Promise<number> {
    const cutoff = new Date(this.o.now() - this.o.retentionDays * DAY_MS).toISOString();
    let deleted = 0;
    for (;;) {
      const n = await this.o.db.transaction(async (tx) => {
        const [lock] = await query<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}) as got`);
        if (!lock?.got) return undefined;
        const gone = await query<{ id: number }>(
          tx,
          sql`delete from gateway_message where id in (
            select id from gateway_message where at < ${cutoff}::timestamptz limit ${this.o.cleanupBatch}
          ) returning id`,
        );
        return gone.length;
      });
      if (n === undefined) return deleted;
      deleted += n;
      if (n < this.o.cleanupBatch) return deleted;
      await (this.o.turn?.() ?? Promise.resolve());
    }
  }

  /** Takes no more messages and stores what is queued (app close). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.flushTimer);
    clearInterval(this.cleanupTimer);
    // The log is diagnostics: a database gone at shutdown must not hold the close up or fail it.
    await this.flushQuietly();
  }
}
