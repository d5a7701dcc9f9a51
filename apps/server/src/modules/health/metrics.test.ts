import { describe, expect, it } from 'vitest';
import { TestApp } from '../../test/harness.js';
import { LoopMonitor, metricsText } from './metrics.js';

const TOKEN = 'scrape-token-0123456789';
const withToken = TestApp.forTests({ METRICS_TOKEN: TOKEN });
const without = TestApp.forTests();

/** Holds the main thread, as a long synchronous step of background work would. */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('GET /metrics', () => {
  it('answers a scraper with the token the server and ingest figures as Prometheus text', async () => {
    const res = await withToken.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
    const values = Object.fromEntries(
      res.body
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#'))
        .map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))]),
    );
    for (const name of [
      'heliograph_event_loop_delay_seconds{quantile="0.99"}',
      'heliograph_event_loop_utilization',
      'process_resident_memory_bytes',
      'heliograph_ingest_held_bytes',
      'heliograph_ingest_samples_committed_total',
      'heliograph_comm_log_dropped_total',
    ])
      expect(Number.isFinite(values[name]), name).toBe(true);
    expect(values['process_resident_memory_bytes']).toBeGreaterThan(10 * 1024 * 1024);
  });

  it('refuses a wrong or missing token, and does not exist without METRICS_TOKEN', async () => {
    const wrong = await withToken.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer nope-nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('heliograph_');
    expect((await withToken.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const off = await without.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(off.statusCode).toBe(404);
  });
});

describe('the event-loop monitor', () => {
  it('shows a main thread held for 120 ms as delay and as time busy', async () => {
    const loop = new LoopMonitor();
    loop.start();
    try {
      // Let the histogram take a few samples, then hold the thread as a long synchronous step would.
      await new Promise((r) => setTimeout(r, 50));
      hold(120);
      await new Promise((r) => setTimeout(r, 30));
      loop.roll();
      expect(loop.window.delayMaxMs).toBeGreaterThanOrEqual(60);
      expect(loop.window.utilization).toBeGreaterThan(0.3);
      const text = metricsText(loop.window, {
        ingestHeldBytes: () => 0,
        samplesCommitted: () => 0,
        requestsInFlight: () => 0,
        commLogQueued: () => 0,
        commLogDropped: () => 0,
      });
      expect(text).toContain(`heliograph_event_loop_delay_seconds{quantile="1"} ${loop.window.delayMaxMs / 1000}`);
    } finally {
      loop.stop();
    }
  });
});
