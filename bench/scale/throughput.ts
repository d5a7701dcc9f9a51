import { readLoop, type LoopReading } from './loop.js';
import { throughput } from './probe.js';
import { processUsage, startBareFastify, type ServerInstance } from './processes.js';

/** One round: the bare route, `GET user` and the plant list's first page, each loaded right after the other. */
export interface ThroughputRound {
  bareRps: number;
  userRps: number;
  plantListRps: number;
  /** CPU the server instances used while `GET user` was loaded (1 = one core). */
  userServerCores: number;
  /** The first instance's main thread right after `GET user` was loaded (its last complete 10 s window). */
  userLoop: LoopReading | null;
}

export interface ThroughputFigures {
  bareRps: number;
  userRps: number;
  plantListRps: number;
  /** Medians over the rounds of each round's own ratio. */
  userRatio: number;
  plantListRatio: number;
  failed: number;
  rounds: ThroughputRound[];
}

const ROUNDS = 3;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * The req/s of `GET user` and of the plant list's first page beside a bare Fastify route, in three rounds of
 * bare, user, list back to back, each ratio taken within its round. The server's background work (a backlog
 * being written after a backfill) changes from one minute to the next; a bare figure measured once before
 * everything else compared the console at one moment with the bare route at another (0.10× to 1.23× for
 * `GET user` over runs of the same code).
 */
export async function measureThroughput(
  instances: ServerInstance[],
  token: string,
  metricsToken: string,
  loadSeconds: number,
): Promise<ThroughputFigures> {
  const auth = { authorization: `Bearer ${token}` };
  const bare = await startBareFastify();
  const rounds: ThroughputRound[] = [];
  let failed = 0;
  const cpuOf = () =>
    instances.reduce((n, i) => n + (i.pid === undefined ? 0 : (processUsage(i.pid)?.cpuSeconds ?? 0)), 0);
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const bareRun = await throughput([bare.url], {}, loadSeconds);
      const cpu0 = cpuOf();
      const t0 = performance.now();
      const userRun = await throughput(
        instances.map((i) => `${i.url}/api/v1/user`),
        auth,
        loadSeconds,
      );
      const cores = (cpuOf() - cpu0) / ((performance.now() - t0) / 1000);
      const userLoop = instances[0] ? ((await readLoop(instances[0], metricsToken)) ?? null) : null;
      const listRun = await throughput(
        instances.map((i) => `${i.url}/api/v1/plants?page=1&size=20`),
        auth,
        loadSeconds,
      );
      failed += userRun.failed + listRun.failed;
      rounds.push({
        bareRps: Math.round(bareRun.rps),
        userRps: Math.round(userRun.rps),
        plantListRps: Math.round(listRun.rps),
        userServerCores: Math.round(cores * 100) / 100,
        userLoop,
      });
    }
  } finally {
    await bare.stop();
  }
  const ratio = (of: (r: ThroughputRound) => number) =>
    round3(median(rounds.map((r) => of(r) / Math.max(1, r.bareRps))));
  return {
    bareRps: median(rounds.map((r) => r.bareRps)),
    userRps: median(rounds.map((r) => r.userRps)),
    plantListRps: median(rounds.map((r) => r.plantListRps)),
    userRatio: ratio((r) => r.userRps),
    plantListRatio: ratio((r) => r.plantListRps),
    failed,
    rounds,
  };
}

export function printThroughput(f: ThroughputFigures): void {
  console.log(
    `  throughput (median of ${f.rounds.length} rounds of bare, user, list): bare Fastify ${f.bareRps} req/s; ` +
      `GET user ${f.userRps} req/s (${f.userRatio}×); plant list first page ${f.plantListRps} req/s ` +
      `(${f.plantListRatio}×)${f.failed ? `; ${f.failed} failed` : ''}`,
  );
  for (const [k, r] of f.rounds.entries())
    console.log(
      `    round ${k + 1}: bare ${r.bareRps}, user ${r.userRps} (${round3(r.userRps / Math.max(1, r.bareRps))}×, ` +
        `server ${r.userServerCores} cores${r.userLoop ? `, loop delay p99 ${Math.round(r.userLoop.delayP99Ms)} ms, max ${Math.round(r.userLoop.delayMaxMs)} ms, busy ${Math.round(r.userLoop.utilization * 100)} %` : ''}), list ${r.plantListRps} (${round3(r.plantListRps / Math.max(1, r.bareRps))}×)`,
    );
}
