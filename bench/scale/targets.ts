import type { ScaleOptions } from './options.js';
import type { Probe } from './probe.js';
import type { RunFigures } from './scale.js';

/**
 * The issue's targets beside the figures, as lines to print (never asserted: a benchmark measures, and its
 * figures depend on the machine). PostgreSQL runs are held to the fleet targets, embedded runs to the
 * one for a single process through its backfill.
 */
export function checkTargets(f: RunFigures, options: ScaleOptions): string[] {
  const lines: string[] = [];
  const check = (what: string, value: number | null, limit: number, unit: string, atLeast = false) => {
    const ok = value !== null && (atLeast ? value >= limit : value < limit);
    lines.push(
      `${ok ? 'met   ' : 'MISSED'} ${what}: ${value === null ? 'never' : `${value} ${unit}`} (target ${atLeast ? '≥' : '<'} ${limit} ${unit})`,
    );
  };
  if (f.run.store === 'embedded') {
    const backfill = f.phases.find((p) => p.phase === 'backfill');
    check('console page p95 through the backfill', backfill?.latency['console page'].p95 ?? null, 500, 'ms');
    return lines;
  }
  const calls: Probe[] = ['plant list', 'search', 'filter', 'map', 'overview'];
  for (const phase of f.phases) {
    check(`console page p95, ${phase.phase}`, phase.latency['console page'].p95, 200, 'ms');
    const worst = Math.max(...calls.map((c) => phase.latency[c].p95));
    check(`slowest of list, search, filter, map, overview p95, ${phase.phase}`, worst, 300, 'ms');
    check(`ingest lag p95, ${phase.phase}`, phase.ingestLagS.p95, 2 * options.intervalSec, 's');
  }
  check(
    'all gateways connected after a restart',
    f.storm.reconnectSeconds && Math.round(f.storm.reconnectSeconds),
    120,
    's',
  );
  check('RSS of an instance', Math.max(...f.phases.map((p) => p.rssMbMax)), 1024, 'MB');
  check('GET user vs a bare route', f.throughput.userRatio, 0.3, '×', true);
  check('plant list first page vs a bare route', f.throughput.plantListRatio, 0.1, '×', true);
  return lines;
}
