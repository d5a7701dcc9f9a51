import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { MessageBus } from '../modules/mqtt/bus.js';
import { BUSY_TOPIC } from '../modules/mqtt/topics.js';

/** How long background work waits at most for the console's requests to finish before it goes on anyway. */
const MAX_WAIT_MS = 500;
/**
 * How long no request must have been in flight before background work goes on. A page (or a load test) asks
 * again within a millisecond or two of an answer: without a quiet period, the instant between its answers
 * counted as idle and a long transaction started every time, letting through one answer per client per
 * transaction (72 req/s of GET user during a backfill of 1,000 embedded plants).
 */
const QUIET_MS = 20;
/**
 * While the console's requests are in flight, one slice of background work (a few milliseconds) per this many
 * milliseconds at most: the requests get most of the main thread, and the backlog still moves.
 */
const SLICE_SPACING_MS = 25;
/**
 * Background transactions (ingest's lanes) that may be in the database at once while the console is in use, and
 * how long after its last request it counts as in use. Measured at 10,000 plants on PostgreSQL (issue 11): with
 * eight ingest transactions running beside them, the plant list, filter and map waited on the database's CPU
 * (p95 369-384 ms through the backfill, p50 9-50 ms) while the server's main thread was half idle.
 */
const BUSY_TRANSACTIONS = 2;
const ACTIVE_MS = 2000;
/** How often an instance in use says so to the others (well within ACTIVE_MS, so none of them forgets it). */
const ANNOUNCE_MS = 500;
/** How often a transaction held back looks again whether the console has gone quiet. */
const TRANSACTION_RECHECK_MS = 100;

/**
 * Pages and API ahead of background work (issue 11). Counts the HTTP requests being answered; background
 * work (the ingest of a backfill, the summary upkeep) calls `turn()` between its steps, which lets the event
 * loop run (with the embedded database a query never leaves the main thread, so a chain of them would
 * otherwise keep sockets, timers and the broker waiting until the whole backlog is written) and then waits
 * while requests are in flight, at most MAX_WAIT_MS, so the backlog still moves under a steady stream of them.
 *
 * A live-update stream (Accept: text/event-stream) stays open for as long as the page does: it is not counted.
 */
export class Foreground {
  private inFlight = 0;
  private lastEnd = Number.NEGATIVE_INFINITY;
  private readonly sliceWaiters: (() => void)[] = [];
  private granting = false;
  private lastGrant = Number.NEGATIVE_INFINITY;
  private lastForcedPass = Number.NEGATIVE_INFINITY;
  private lastActivity = Number.NEGATIVE_INFINITY;
  private transactions = 0;
  private transactionWaiters: (() => void)[] = [];
  /** Other instances whose console was in use, by id: when each last said so (`peerActive`). */
  private readonly peers = new Map<string, number>();
  private lastAnnounced = Number.NEGATIVE_INFINITY;
  /** Tells the other instances this one's console is in use (set by the app when it has a bus). */
  announce: (() => void) | undefined;

  constructor(
    private readonly maxWaitMs = MAX_WAIT_MS,
    private readonly quietMs = QUIET_MS,
    private readonly now: () => number = () => performance.now(),
    private readonly busyTransactions = BUSY_TRANSACTIONS,
  ) {}

  /** Counts the app's requests from arrival to the end of their answer (or the client giving up). */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', async (req, reply) => {
      if (String(req.headers.accept ?? '').includes('text/event-stream')) return;
      this.inFlight++;
      this.lastActivity = this.now();
      // 'close' comes once the answer is sent or the client has gone, whichever happens first.
      reply.raw.once('close', () => this.leave());
    });
  }

  /** Counts `work` as the console's while it runs: a gateway's sign-in, which has a deadline too. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  /** Requests being answered now. */
  get busy(): number {
    return this.inFlight;
  }

  /** Background transactions in the database now (those `transaction()` let through and not yet released). */
  get transactionsRunning(): number {
    return this.transactions;
  }

  /**
   * Resolves when a background transaction may start, with the function that ends it: while the console has
   * had a request in the last ACTIVE_MS, at most `busyTransactions` run at once (the rest wait), otherwise any
   * number. Pages then share the database's CPU with two ingest transactions instead of eight.
   */
  async transaction(): Promise<() => void> {
    for (;;) {
      const now = this.now();
      const active = this.inFlight > 0 || now - this.lastActivity < ACTIVE_MS;
      if (active && now - this.lastAnnounced >= ANNOUNCE_MS) {
        this.lastAnnounced = now;
        this.announce?.();
      }
      if (!active || this.transactions < this.busyShare(now)) {
        this.transactions++;
        let ended = false;
        return () => {
          if (ended) return;
          ended = true;
          this.transactions--;
          for (const wake of this.transactionWaiters.splice(0)) wake();
        };
      }
      await new Promise<void>((resolve) => {
        this.transactionWaiters.push(resolve);
        // The console going quiet lets everyone through: look again shortly even if nothing ends.
        setTimeout(resolve, TRANSACTION_RECHECK_MS).unref();
      });
    }
  }

  /** Whether the console is in use: a request in flight or within ACTIVE_MS, here or on another instance. */
  private inUse(now: number): boolean {
    if (this.inFlight > 0 || now - this.lastActivity < ACTIVE_MS) return true;
    for (const at of this.peers.values()) if (now - at < ACTIVE_MS) return true;
    return false;
  }

  /**
   * Another instance's console is in use (it announced so on the bus). Instances share one database: while
   * several are in use, the busy limit is split between them, so two instances together let as few ingest
   * transactions run beside the pages as one does.
   */
  peerActive(id: string): void {
    this.peers.set(id, this.now());
  }

  /** This instance's part of the busy limit: the whole of it divided among the instances in use, at least one. */
  private busyShare(now: number): number {
    let others = 0;
    for (const [id, at] of this.peers) {
      if (now - at < ACTIVE_MS) others++;
      else this.peers.delete(id);
    }
    return Math.max(1, Math.floor(this.busyTransactions / (1 + others)));
  }

  /**
   * Called by background work between steps: a turn of the event loop, then none of the console's requests in
   * flight for `quietMs` (or the wait is up).
   */
  async turn(): Promise<void> {
    await nextTurn();
    let until = this.now() + this.maxWaitMs;
    for (;;) {
      const now = this.now();
      const quietFor = this.inFlight === 0 ? now - this.lastEnd : 0;
      if (quietFor >= this.quietMs) return;
      if (now >= until) {
        // Waited while requests kept coming: one step of background work goes on per maxWaitMs, whichever
        // lane asks. (Each lane going on after its own wait let eight lanes' transactions through every
        // wait, and a steady stream of requests got a fraction of the main thread.)
        if (now - this.lastForcedPass >= this.maxWaitMs) {
          this.lastForcedPass = now;
          return;
        }
        until = this.lastForcedPass + this.maxWaitMs;
      }
      await sleep(Math.max(1, Math.min(this.quietMs - quietFor, until - now)));
    }
  }

  /**
   * Resolves when the caller may run one short slice of main-thread work (decoding a lane's messages, at most
   * a few milliseconds): one slice per turn of the event loop, whoever asks. Each grant is an immediate set
   * from the previous one, and Node runs such an immediate only in the next turn, after the sockets have been
   * polled; so between any two slices the console's requests get their turn, however many lanes are busy.
   * (Each lane yielding with its own setImmediate let eight lanes' slices run back to back in one turn.) While
   * the console is in use (`inUse`), slices are further spaced (SLICE_SPACING_MS).
   */
  slice(): Promise<void> {
    return new Promise((resolve) => {
      this.sliceWaiters.push(resolve);
      if (!this.granting) this.grant();
    });
  }

  private grant(): void {
    this.granting = true;
    const next = () => {
      const waiter = this.sliceWaiters.shift();
      if (!waiter) {
        this.granting = false;
        return;
      }
      this.lastGrant = this.now();
      waiter();
      this.grant();
    };
    // While the console is in use, here or on another instance, background slices are spaced: at most one per
    // SLICE_SPACING_MS. (Spaced only while a request was in flight, the slices ran back to back in the 200 ms
    // between a page's calls, and with two instances on one machine the calls then waited on the CPU.)
    const now = this.now();
    const wait = this.inUse(now) ? this.lastGrant + SLICE_SPACING_MS - now : 0;
    if (wait > 0) setTimeout(next, wait);
    else setImmediate(next);
  }

  private leave(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastEnd = this.now();
    this.lastActivity = this.lastEnd;
  }
}

/**
 * Connects instances' Foregrounds over the bus: each says when its console is in use (at most every
 * ANNOUNCE_MS, only while ingest asks for transactions) and hears the others, ignoring its own word.
 */
export async function shareForeground(
  foreground: Foreground,
  bus: MessageBus,
  instanceId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  await bus.subscribeAll(BUSY_TOPIC, (_topic, payload) => {
    const id = payload.toString('utf8');
    if (id !== instanceId) foreground.peerActive(id);
  });
  foreground.announce = () => {
    bus.publish(BUSY_TOPIC, instanceId).catch((err: unknown) => log.warn({ err }, 'could not announce a busy console'));
  };
}
