import type { PGlite } from '@electric-sql/pglite';

/** How long PGlite may hold the process, statement after statement, before the event loop gets a turn. */
export const PGLITE_TURN_BUDGET_MS = 20;

/**
 * Lets the event loop turn between PGlite statements once they have held it for `budgetMs`.
 *
 * PGlite runs each statement synchronously in this thread and resolves its promise at once, so a chain of
 * awaited statements (an ingest transaction of a backfill, a loop of queries) never leaves the microtask queue:
 * nothing else runs until the chain ends. A 1,000-plant backfill stalled the console's event loop for up to
 * 3.9 s that way, with no single statement over 0.6 s (issue 11). Here the time spent inside PGlite since the
 * loop last turned is added up; past the budget, the next statement first waits for a `setImmediate`, so
 * timers, sockets (HTTP, the embedded broker's gateways) and requests that need no database run in between.
 * Statements are still one at a time in PGlite's own order (a transaction keeps its lock while it waits).
 */
export function letTheLoopTurn(
  client: PGlite,
  budgetMs = PGLITE_TURN_BUDGET_MS,
  now: () => number = () => performance.now(),
): void {
  const runSync = client.execProtocolRawSync.bind(client);
  const runRaw = client.execProtocolRaw.bind(client);
  let heldMs = 0;
  let resetQueued = false;
  const resetOnNextTurn = () => {
    if (resetQueued) return;
    resetQueued = true;
    setImmediate(() => {
      heldMs = 0;
      resetQueued = false;
    });
  };
  client.execProtocolRawSync = (message: Uint8Array): Uint8Array => {
    const started = now();
    try {
      return runSync(message);
    } finally {
      heldMs += now() - started;
      resetOnNextTurn();
    }
  };
  client.execProtocolRaw = async (message, options) => {
    if (heldMs >= budgetMs) await new Promise<void>((resolve) => setImmediate(resolve));
    return runRaw(message, options);
  };
}
