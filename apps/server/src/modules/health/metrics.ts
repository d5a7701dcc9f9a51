import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay, performance, type EventLoopUtilization, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyPluginAsync } from 'fastify';

/** How long one window of event-loop figures is (the gauges describe the last complete one). */
export const LOOP_WINDOW_MS = 10_000;

/** What the rest of the server tells the metrics: read at each scrape. */
export interface MetricSources {
  /** Payload bytes ingest holds (queued, being written, waiting for the database). */
  ingestHeldBytes: () => number;
  /** Readings committed since start. */
  samplesCommitted: () => number;
  /** Console requests being answered now (http/foreground.ts). */
  requestsInFlight: () => number;
  /** Messages waiting for the communication log, and dropped from it since start. */
  commLogQueued: () => number;
  commLogDropped: () => number;
}

export interface LoopWindow {
  /** Event-loop delay over the window, ms: median, 99th percentile and the worst. */
  delayP50Ms: number;
  delayP99Ms: number;
  delayMaxMs: number;
  /** Share of the window the main thread was busy (0–1). */
  utilization: number;
}

/**
 * The main thread's health in windows of LOOP_WINDOW_MS: event-loop delay (how long a ready callback waited,
 * what a request waits before it is even read) and utilisation. Issue 11 asks that pages and API go ahead of
 * background work; these are the figures that say whether they do, for an operator's Prometheus or Grafana
 * and for the scale benchmark (which reads them per phase).
 */
export class LoopMonitor {
  private histogram: IntervalHistogram | undefined;
  private elu: EventLoopUtilization | undefined;
  private timer: NodeJS.Timeout | undefined;
  private last: LoopWindow = { delayP50Ms: 0, delayP99Ms: 0, delayMaxMs: 0, utilization: 0 };

  start(): void {
    this.histogram = monitorEventLoopDelay({ resolution: 10 });
    this.histogram.enable();
    this.elu = performance.eventLoopUtilization();
    this.timer = setInterval(() => this.roll(), LOOP_WINDOW_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram?.disable();
  }

  /** The last complete window. */
  get window(): LoopWindow {
    return this.last;
  }

  /** Closes the window: its figures become `window`, and a new one begins. */
  roll(): void {
    const h = this.histogram;
    if (!h || !this.elu) return;
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const used = performance.eventLoopUtilization(this.elu);
    this.last = {
      delayP50Ms: h.count > 0 ? ms(h.percentile(50)) : 0,
      delayP99Ms: h.count > 0 ? ms(h.percentile(99)) : 0,
      delayMaxMs: h.count > 0 ? ms(h.max) : 0,
      utilization: Math.round(used.utilization * 1000) / 1000,
    };
    h.reset();
    this.elu = performance.eventLoopUtilization();
  }
}

/** The metrics as Prometheus text (exposition format 0.0.4). */
export function metricsText(loop: LoopWindow, s: MetricSources): string {
  const mem = process.memoryUsage();
  const cpu = process.cpuUsage();
  const lines: string[] = [];
  const metric = (name: string, type: 'gauge' | 'counter', help: string, values: [string, number][]) => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const [labels, v] of values) lines.push(`${name}${labels} ${v}`);
  };
  const window = `over the last ${LOOP_WINDOW_MS / 1000} s`;
  metric('heliograph_event_loop_delay_seconds', 'gauge', `Event-loop delay ${window}.`, [
    ['{quantile="0.5"}', loop.delayP50Ms / 1000],
    ['{quantile="0.99"}', loop.delayP99Ms / 1000],
    ['{quantile="1"}', loop.delayMaxMs / 1000],
  ]);
  metric('heliograph_event_loop_utilization', 'gauge', `Share of time the main thread was busy ${window}.`, [
    ['', loop.utilization],
  ]);
  metric('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', [['', mem.rss]]);
  metric('process_cpu_seconds_total', 'counter', 'User and system CPU time spent in seconds.', [
    ['', (cpu.user + cpu.system) / 1e6],
  ]);
  metric('heliograph_http_requests_in_flight', 'gauge', 'Console and API requests being answered.', [
    ['', s.requestsInFlight()],
  ]);
  metric('heliograph_ingest_held_bytes', 'gauge', 'Telemetry payload bytes ingest holds.', [['', s.ingestHeldBytes()]]);
  metric('heliograph_ingest_samples_committed_total', 'counter', 'Readings committed since start.', [
    ['', s.samplesCommitted()],
  ]);
  metric('heliograph_comm_log_queued', 'gauge', 'Messages waiting to be written to the communication log.', [
    ['', s.commLogQueued()],
  ]);
  metric('heliograph_comm_log_dropped_total', 'counter', 'Messages left out of the communication log.', [
    ['', s.commLogDropped()],
  ]);
  return `${lines.join('\n')}\n`;
}

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * GET /metrics (outside /api: plain text, no envelope) for a scraper holding METRICS_TOKEN as a bearer token.
 * Without METRICS_TOKEN the route does not exist; a wrong or missing token is 401 and says nothing else.
 */
export function metricsRoutes(deps: {
  token: string | undefined;
  loop: LoopMonitor;
  sources: MetricSources;
}): FastifyPluginAsync {
  return async (app) => {
    const { token } = deps;
    if (!token) return;
    app.get('/metrics', { schema: { tags: ['health'], hide: true } }, async (req, reply) => {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!same(given, token)) return reply.status(401).type('text/plain').send('unauthorized\n');
      return reply.type('text/plain; version=0.0.4').send(metricsText(deps.loop.window, deps.sources));
    });
  };
}
