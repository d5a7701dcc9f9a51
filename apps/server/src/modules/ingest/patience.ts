import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../db/unavailable.js';

/** Thrown by a retry loop once shutdown gave up waiting for the database: the item stays unacknowledged. */
export class Abandoned extends Error {}

// While the database is unavailable: first wait, doubled on each try up to the cap.
const BACKOFF = { firstMs: 250, maxMs: 5000 };

/**
 * Waiting out an unavailable database: an outage is never the gateway's fault, so ingest tries again (with
 * growing waits) for as long as it takes, until shutdown gives up and wakes every sleeper at once.
 */
export class Patience {
  private abandoned = false;
  /** Sleeping retries, woken early when shutdown gives up. */
  private readonly sleepers = new Set<() => void>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly backoff: { firstMs: number; maxMs: number } = BACKOFF,
  ) {}

  get gaveUp(): boolean {
    return this.abandoned;
  }

  giveUp(): void {
    this.abandoned = true;
    for (const wake of this.sleepers) wake();
  }

  /**
   * Runs `fn` until it succeeds or fails for a reason other than an unavailable database. Waits between
   * tries grow from firstMs to maxMs. Throws Abandoned once shutdown stops waiting.
   */
  async untilAvailable<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        if (this.abandoned) throw new Abandoned('database unavailable at shutdown');
        if (attempt === 1 || attempt % 20 === 0) {
          this.log.warn({ err, attempt }, 'database unavailable; ingest waits and tries again');
        }
        await this.sleep(attempt);
      }
    }
  }

  sleep(attempt: number): Promise<void> {
    const { firstMs, maxMs } = this.backoff;
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
}
