import type { FastifyBaseLogger } from 'fastify';
import { Rounds } from '../../lifecycle/rounds.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../mail/mailer.js';
import type { MessageBus } from '../mqtt/bus.js';
import { sweepOfflineGateways } from '../events/offline.js';
import { sendDigests, sendWebhooks, DELIVERY_BATCH } from './deliver.js';
import { fanOutBatch, JOB_BATCH } from './fanout.js';
import { pruneNotifications, PRUNE_BATCH } from './prune.js';
import type { PushTransport } from './push.js';
import type { SmsSender } from './sms.js';

/** How often every instance looks for notification work by default. */
export const DEFAULT_NOTIFY_INTERVAL_MS = 2_000;
/** Batches of each kind one round takes at most, so a round ends and the next one starts fresh. */
const MAX_BATCHES = 50;
/** How often a round also looks for gateways gone offline (or back): one statement, on whichever instance. */
export const OFFLINE_SWEEP_EVERY_MS = 30_000;
/** How often a round also prunes the delivery log. */
export const PRUNE_EVERY_MS = 60 * 60_000;

export interface NotificationWorkerDeps {
  db: Db;
  bus?: MessageBus | undefined;
  log: FastifyBaseLogger;
  mailer: Mailer;
  push: PushTransport | undefined;
  sms: SmsSender;
  now: () => number;
  /** 0: no timer (tests drive `tick`). */
  intervalMs: number;
  /** Lets the console's requests go first between batches (Foreground.turn). */
  turn?: () => Promise<void>;
}

/**
 * Delivers alarm notifications (docs/notifications.md). Every instance runs one; the database decides who
 * does what: jobs and deliveries are leased with FOR UPDATE SKIP LOCKED, so each is handled by one instance,
 * and a lease that runs out (the instance died) is taken by another. A round fans out new jobs in batches of
 * JOB_BATCH, then sends due digests and webhooks; it never runs inside ingest or a request.
 */
export class NotificationWorker {
  private readonly rounds: Rounds;
  private lastOfflineSweep = Number.NEGATIVE_INFINITY;
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: NotificationWorkerDeps) {
    this.rounds = new Rounds({
      round: () => this.round(),
      intervalMs: deps.intervalMs,
      onError: (err) => deps.log.error({ err }, 'notification round failed'),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** A round whose failure is logged, never thrown (the timer's). */
  kick(): Promise<void> {
    return this.rounds.kick();
  }

  /** One round; rounds of one instance run one after another, a burst of calls shares the next one. */
  tick(): Promise<void> {
    return this.rounds.tick();
  }

  private async round(): Promise<void> {
    const turn = this.deps.turn ?? (() => Promise.resolve());
    const now = this.deps.now();
    if (now - this.lastOfflineSweep >= OFFLINE_SWEEP_EVERY_MS) {
      this.lastOfflineSweep = now;
      // Its events' jobs are fanned out just below, in this same round.
      await sweepOfflineGateways(this.deps.db, now);
    }
    for (let i = 0; i < MAX_BATCHES; i++) {
      const taken = await fanOutBatch(this.deps);
      if (taken < JOB_BATCH) break;
      await turn();
    }
    for (let i = 0; i < MAX_BATCHES; i++) {
      const taken = await sendDigests(this.deps);
      if (taken < DELIVERY_BATCH) break;
      await turn();
    }
    for (let i = 0; i < MAX_BATCHES; i++) {
      const taken = await sendWebhooks(this.deps);
      if (taken < DELIVERY_BATCH) break;
      await turn();
    }
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      for (let i = 0; i < MAX_BATCHES; i++) {
        if ((await pruneNotifications(this.deps.db, now)) < PRUNE_BATCH) break;
        await turn();
      }
    }
  }
}
