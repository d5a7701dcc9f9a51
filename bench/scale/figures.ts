import type { LoopReading } from './loop.js';
import { PROBES, type Probe, type Sample } from './probe.js';

/** The figures of one phase of a run, as printed and saved. */
export interface PhaseFigures {
  phase: string;
  seconds: number;
  /** Per probe: p50/p95/p99 in ms over the answered requests, and how many were not answered. */
  latency: Record<Probe, { n: number; p50: number; p95: number; p99: number; unanswered: number }>;
  /** Age of the newest reading of sampled plants, seconds (p50, p95, max). */
  ingestLagS: { p50: number; p95: number; max: number; samples: number };
  /** Server instances together: peak resident memory of any one instance, MB, and average CPU, % of one core. */
  rssMbMax: number;
  cpuPercent: number;
  /**
   * The servers' main thread (GET /metrics, 10 s windows read every 5 s): the worst window's 99th percentile
   * and maximum of event-loop delay, ms, and the average share of time busy.
   */
  loop: { delayP99MsMax: number; delayMaxMs: number; utilizationAvg: number; windows: number };
  /** What the simulated fleet said at the end of the phase. */
  gateways: { connected: number; of: number; buffered: number };
}

export function percentile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Collects the samples of the phase in progress; `close` turns them into its figures. */
export class PhaseRecorder {
  private samples: Sample[] = [];
  private lags: number[] = [];
  private rss: number[] = [];
  private loops: LoopReading[] = [];
  private readonly started = performance.now();

  constructor(readonly phase: string) {}

  sample(s: Sample): void {
    this.samples.push(s);
  }

  lag(seconds: number): void {
    this.lags.push(seconds);
  }

  memory(rssMb: number): void {
    this.rss.push(rssMb);
  }

  loop(r: LoopReading): void {
    this.loops.push(r);
  }

  close(cpuSeconds: number, gateways: PhaseFigures['gateways']): PhaseFigures {
    const seconds = (performance.now() - this.started) / 1000;
    const latency = Object.fromEntries(
      PROBES.map((probe) => {
        const mine = this.samples.filter((s) => s.probe === probe);
        const ms = mine.flatMap((s) => (s.ms === null ? [] : [s.ms]));
        return [
          probe,
          {
            n: ms.length,
            p50: round(percentile(ms, 0.5)),
            p95: round(percentile(ms, 0.95)),
            p99: round(percentile(ms, 0.99)),
            unanswered: mine.length - ms.length,
          },
        ];
      }),
    ) as PhaseFigures['latency'];
    return {
      phase: this.phase,
      seconds: round(seconds),
      latency,
      ingestLagS: {
        p50: round(percentile(this.lags, 0.5)),
        p95: round(percentile(this.lags, 0.95)),
        max: round(Math.max(0, ...this.lags)),
        samples: this.lags.length,
      },
      rssMbMax: Math.round(Math.max(0, ...this.rss)),
      cpuPercent: Math.round((cpuSeconds / seconds) * 100),
      loop: {
        delayP99MsMax: round(Math.max(0, ...this.loops.map((l) => l.delayP99Ms))),
        delayMaxMs: round(Math.max(0, ...this.loops.map((l) => l.delayMaxMs))),
        utilizationAvg:
          this.loops.length === 0
            ? 0
            : Math.round((this.loops.reduce((n, l) => n + l.utilization, 0) / this.loops.length) * 100) / 100,
        windows: this.loops.length,
      },
      gateways,
    };
  }
}

export function printPhase(f: PhaseFigures): void {
  console.log(
    `  ${f.phase} (${f.seconds.toFixed(0)} s): server RSS max ${f.rssMbMax} MB, CPU ${f.cpuPercent} % of a core; ` +
      `ingest lag p50 ${f.ingestLagS.p50} s, p95 ${f.ingestLagS.p95} s, max ${f.ingestLagS.max} s; ` +
      `gateways connected ${f.gateways.connected}/${f.gateways.of}, buffered ${f.gateways.buffered}`,
  );
  console.log(
    `    main thread: event-loop delay p99 up to ${f.loop.delayP99MsMax} ms, max ${f.loop.delayMaxMs} ms; ` +
      `busy ${Math.round(f.loop.utilizationAvg * 100)} % on average (${f.loop.windows} windows)`,
  );
  for (const probe of PROBES) {
    const l = f.latency[probe];
    console.log(
      `    ${probe.padEnd(13)} p50 ${String(l.p50).padStart(7)} ms  p95 ${String(l.p95).padStart(7)} ms  ` +
        `p99 ${String(l.p99).padStart(7)} ms  (${l.n} answered${l.unanswered ? `, ${l.unanswered} not` : ''})`,
    );
  }
}
