import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import { oldestSummaries, refreshPlantSummaries, staleSummaries } from './summary.js';

type Exec = Pick<Db, 'execute'>;

/** The timers the keeper waits with (tests pass their own and move time themselves). */
export interface KeeperTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: KeeperTimers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

// Any fixed number: the sweep of one instance at a time (pg_try_advisory_xact_lock), other instances skip it.
const SWEEP_LOCK = 724_312;

export interface KeeperOptions {
  /**
   * Pause after a flush (default 1 s, or four times the flush's length if longer): marks arriving meanwhile
   * share the next flush.
   */
  flushEveryMs?: number;
  /** Plants per refresh statement (default 500). */
  sliceSize?: number;
  /** Between sweeps (default 30 s); the first one runs `firstSweepMs` after start (default 2 s). */
  sweepEveryMs?: number;
  firstSweepMs?: number;
  /** Plants without a row or with an expired status one sweep refreshes at most (default 5,000). */
  sweepStale?: number;
  /** Least recently computed rows one sweep refreshes anyway (default 500: 10,000 plants every 10 minutes). */
  sweepOldest?: number;
}

/**
 * Keeps plant_summary current. Ingest marks the plants whose data it committed; they are refreshed together
 * with a pause after each flush (`flushEveryMs`, longer after a long flush), in slices, one flush at a time,
 * letting the console's requests go first between slices, so a backfill of thousands of plants does not hog
 * the database. A periodic sweep refreshes plants with no row yet, rows whose status has expired (a device
 * that went quiet) and a slice of the oldest rows (changes that were not marked). A failed refresh keeps its
 * plants marked and tries again later, waiting longer each time.
 */
export class SummaryKeeper {
  private readonly dirty = new Set<string>();
  private flushing: Promise<void> | undefined;
  private flushTimer: unknown;
  private sweepTimer: unknown;
  private sweeping: Promise<number> | undefined;
  private lastFlushEnd = Number.NEGATIVE_INFINITY;
  private lastFlushMs = 0;
  private failures = 0;
  private stopped = false;
  private readonly timers: KeeperTimers;
  private readonly now: () => number;
  private readonly o: Required<KeeperOptions>;
  private readonly turn: () => Promise<void>;

  constructor(
    private readonly deps: {
      db: Db;
      log: FastifyBaseLogger;
      timers?: KeeperTimers;
      now?: () => number;
      /** Awaited between slices: the console's requests go first (http/foreground.ts); else a turn of the loop. */
      turn?: () => Promise<void>;
    } & KeeperOptions,
  ) {
    this.timers = deps.timers ?? realTimers;
    this.now = deps.now ?? Date.now;
    this.turn = deps.turn ?? (() => nextTurn());
    this.o = {
      flushEveryMs: deps.flushEveryMs ?? 1000,
      sliceSize: deps.sliceSize ?? 500,
      sweepEveryMs: deps.sweepEveryMs ?? 30_000,
      firstSweepMs: deps.firstSweepMs ?? 2000,
      sweepStale: deps.sweepStale ?? 5000,
      sweepOldest: deps.sweepOldest ?? 500,
    };
  }

  /** Plants waiting for their next refresh. */
  get pending(): number {
    return this.dirty.size;
  }

  markDirty(plantIds: Iterable<string>): void {
    for (const id of plantIds) this.dirty.add(id);
    this.scheduleFlush();
  }

  /** Starts the periodic sweep. */
  start(): void {
    if (this.stopped || this.sweepTimer !== undefined) return;
    this.scheduleSweep(this.o.firstSweepMs);
  }

  /** Stops the timers and refreshes what is still marked (at shutdown, before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.flushTimer !== undefined) this.timers.clearTimeout(this.flushTimer);
    if (this.sweepTimer !== undefined) this.timers.clearTimeout(this.sweepTimer);
    this.flushTimer = this.sweepTimer = undefined;
    await this.sweeping?.catch(() => undefined);
    await this.flush().catch((err: Error) => this.deps.log.warn({ err }, 'plant summaries left unrefreshed'));
  }

  /** Refreshes every marked plant now, after the flush under way if any. */
  async flush(): Promise<void> {
    if (this.flushTimer !== undefined) this.timers.clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    while (this.flushing) await this.flushing.catch(() => undefined);
    if (this.dirty.size === 0) return;
    const began = this.now();
    const run = this.refreshMarked();
    this.flushing = run;
    try {
      await run;
    } finally {
      this.flushing = undefined;
      this.lastFlushEnd = this.now();
      this.lastFlushMs = this.lastFlushEnd - began;
      this.scheduleFlush();
    }
  }

  /**
   * The plants marked so far, in slices. Marks arriving meanwhile wait for the next flush: during a backfill a
   * plant marked by every transaction is refreshed once a flush, not once a transaction.
   */
  private async refreshMarked(): Promise<void> {
    const marked = [...this.dirty];
    this.dirty.clear();
    for (let i = 0; i < marked.length; i += this.o.sliceSize) {
      if (i > 0) await this.turn();
      try {
        await refreshPlantSummaries(this.deps.db, marked.slice(i, i + this.o.sliceSize));
        this.failures = 0;
      } catch (err) {
        // Kept marked: the next flush tries again, later each time while the database refuses.
        for (const id of marked.slice(i)) this.dirty.add(id);
        this.failures++;
        throw err;
      }
    }
  }

  private scheduleFlush(): void {
    // After stop, only an explicit flush() refreshes (the shutdown's last one).
    if (this.stopped || this.flushTimer !== undefined || this.flushing || this.dirty.size === 0) return;
    // Refreshing takes at most a fifth of the time however many plants a backfill marks: the pause grows with
    // the last flush's length.
    const pause = Math.max(this.o.flushEveryMs, 4 * this.lastFlushMs) * 2 ** Math.min(this.failures, 5);
    const wait = Math.max(0, this.lastFlushEnd + pause - this.now());
    this.flushTimer = this.timers.setTimeout(() => {
      this.flushTimer = undefined;
      this.flush().catch((err: Error) => this.deps.log.warn({ err }, 'plant summary refresh failed; will retry'));
    }, wait);
  }

  private scheduleSweep(ms: number): void {
    this.sweepTimer = this.timers.setTimeout(() => {
      this.sweepTimer = undefined;
      this.sweeping = this.sweep();
      this.sweeping
        .catch((err: Error) => this.deps.log.warn({ err }, 'plant summary sweep failed'))
        .finally(() => {
          this.sweeping = undefined;
          if (!this.stopped) this.scheduleSweep(this.o.sweepEveryMs);
        });
    }, ms);
  }

  /**
   * One sweep: slice after slice, each in its own short transaction holding the sweep lock, so only one
   * instance sweeps at a time (another finds the lock taken and leaves it) and nothing waits long behind it.
   * Answers how many plants it refreshed.
   */
  async sweep(): Promise<number> {
    const [started] = await query<{ now: unknown }>(this.deps.db, sql`select now() as now`);
    const before = new Date(toMs(started?.now));
    let refreshed = 0;
    // First the plants whose row is missing or expired, then the least recently computed ones.
    for (const [pick, budget] of [
      [(tx: Exec, n: number) => staleSummaries(tx, n), this.o.sweepStale],
      [(tx: Exec, n: number) => oldestSummaries(tx, n, before), this.o.sweepOldest],
    ] as const) {
      let left = budget;
      while (!this.stopped && left > 0) {
        const ask = Math.min(this.o.sliceSize, left);
        left -= ask;
        const done = await this.deps.db.transaction(async (tx) => {
          const [lock] = await query<{ got: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as got`);
          if (!lock?.got) return undefined;
          const ids = await pick(tx, ask);
          await refreshPlantSummaries(tx, ids);
          return ids.length;
        });
        // Another instance is sweeping: it does the rest.
        if (done === undefined) return refreshed;
        refreshed += done;
        if (done < ask) break;
        await this.turn();
      }
    }
    return refreshed;
  }
}
