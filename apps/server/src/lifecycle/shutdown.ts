import type { FastifyInstance } from 'fastify';

// Beyond the grace period, how long the rest of the drain may take before the process gives up (exit 1).
const FORCE_AFTER_MS = 20_000;
// While closing, how often connections that have gone idle (their last answer sent) are closed.
const REAP_EVERY_MS = 100;

export interface ShutdownOptions {
  app: FastifyInstance;
  /** Makes /readyz answer 503 (everything else is still served). */
  drain(): void;
  /** How long /readyz answers 503 before the server stops accepting: the load balancer's time to notice. */
  graceMs: number;
  /** Stopped after the grace period, before the server closes (the simulated fleet). */
  stopFirst?: () => Promise<unknown>;
  exit?: (code: number) => void;
  forceAfterMs?: number;
}

/**
 * The drain on SIGTERM, in order: /readyz answers 503 for the grace period while everything else is
 * served as usual; then the server stops accepting connections, idle keep-alive connections are closed,
 * requests in flight finish (answered with `connection: close`), live-update streams end (their preClose
 * hook); then ingest commits and acknowledges what it holds, the gateways' connections close, and the
 * database closes (the app's onClose hook). Exit 0, or 1 if that did not finish in time.
 *
 * SIGINT (Ctrl-C) skips the grace period. Returns the signal handler; a second signal while draining changes nothing.
 */
export function gracefulShutdown(opts: ShutdownOptions): (signal: string) => Promise<void> {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let running: Promise<void> | undefined;
  return (signal) => (running ??= run(signal));

  async function run(signal: string): Promise<void> {
    const { app } = opts;
    const started = performance.now();
    // Ctrl-C comes from a person at a terminal, not from an orchestrator: no load balancer to tell first.
    const graceMs = signal === 'SIGINT' ? 0 : opts.graceMs;
    app.log.info({ signal, graceMs }, 'shutting down: /readyz answers 503 during the grace period');
    opts.drain();
    const force = setTimeout(
      () => {
        app.log.error('shutdown did not finish in time');
        exit(1);
      },
      graceMs + (opts.forceAfterMs ?? FORCE_AFTER_MS),
    );
    force.unref();
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, graceMs));
    try {
      await opts.stopFirst?.();
    } catch (err) {
      app.log.warn({ err }, 'could not stop the simulated fleet');
    }
    // A keep-alive connection whose request was in flight when closing began becomes idle once answered;
    // nothing else would close it before its keep-alive timeout.
    const reap = setInterval(() => app.server.closeIdleConnections(), REAP_EVERY_MS);
    try {
      await app.close();
      app.log.info({ ms: Math.round(performance.now() - started) }, 'shut down');
      exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      exit(1);
    } finally {
      clearInterval(reap);
      clearTimeout(force);
    }
  }
}
