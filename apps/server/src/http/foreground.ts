import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** How long background work waits at most for the console's requests to finish before it goes on anyway. */
const MAX_WAIT_MS = 250;

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
  private readonly waiters = new Set<() => void>();

  constructor(private readonly maxWaitMs = MAX_WAIT_MS) {}

  /** Counts the app's requests from arrival to the end of their answer (or the client giving up). */
  track(app: FastifyInstance): void {
    app.addHook('onRequest', async (req, reply) => {
      if (String(req.headers.accept ?? '').includes('text/event-stream')) return;
      this.inFlight++;
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

  /** Called by background work between steps: a turn of the event loop, then none of the console's requests in flight (or the wait is up). */
  async turn(): Promise<void> {
    await nextTurn();
    if (this.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.maxWaitMs);
      this.waiters.add(wake);
    });
  }

  private leave(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight > 0) return;
    for (const wake of [...this.waiters]) wake();
  }
}
