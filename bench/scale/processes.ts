import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, type WriteStream } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { setPriority } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * The processes of one scale run, each as it runs in production: server instances (the built server, as
 * `npm start` runs it), the simulated fleet in a process of its own, and, on PostgreSQL, a Mosquitto broker
 * the benchmark owns so that it can restart it. Their output goes to log files in the run's folder.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

function logTo(child: ChildProcess, file: WriteStream): void {
  child.stdout?.pipe(file, { end: false });
  child.stderr?.pipe(file, { end: false });
}

async function exited(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not happen within ${Math.round(timeoutMs / 1000)} s`);
}

/** One server instance: `node apps/server/dist/main.js` with the run's environment, restartable. */
export class ServerInstance {
  private child: ChildProcess | undefined;
  private readonly log: WriteStream;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    logFile: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      process.execPath,
      [
        '--enable-source-maps',
        '--conditions=heliograph-dist',
        // e.g. BENCH_SERVER_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to see where a phase's time goes.
        ...(process.env.BENCH_SERVER_ARGS?.split(/\s+/).filter(Boolean) ?? []),
        path.join(ROOT, 'apps/server/dist/main.js'),
      ],
      { cwd: ROOT, env: { ...process.env, ...this.env, PORT: String(this.port) }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    logTo(child, this.log);
    const gone = new Promise<never>((_, reject) =>
      child.once('exit', (code) =>
        reject(new Error(`the server on ${this.port} exited with ${code}; see ${this.log.path}`)),
      ),
    );
    gone.catch(() => undefined);
    await Promise.race([
      waitFor(async () => (await fetch(`${this.url}/readyz`)).ok, 180_000, `the server on ${this.port} ready`),
      gone,
    ]);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    await exited(child, 30_000);
    this.child = undefined;
  }
}

/** A Mosquitto of the benchmark's own on a free port (anonymous, local only), so a broker restart can be staged. */
export class Broker {
  private child: ChildProcess | undefined;
  private readonly log: WriteStream;

  constructor(
    readonly port: number,
    logFile: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  get url(): string {
    return `mqtt://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn('mosquitto', ['-p', String(this.port)], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.once('error', (err) => this.log.write(`mosquitto: ${err.message}\n`));
    this.child = child;
    logTo(child, this.log);
    await waitFor(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = new Socket();
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
          socket.connect(this.port, '127.0.0.1');
        }),
      10_000,
      'mosquitto listening',
    );
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGTERM');
    await exited(this.child, 10_000);
    this.child = undefined;
  }
}

/** What the simulator reports every two seconds (`--stats-json`). */
export interface FleetStats {
  at: number;
  gateways: number;
  connected: number;
  committed: number;
  buffered: number;
  backfill: { samples: number; done: boolean };
}

/** The simulator's CPU priority (nice): below the server's. */
const SIMULATOR_NICE = 10;

/** The simulated fleet in its own process, at a lower CPU priority, reporting its stats every two seconds. */
export class Simulator {
  private child: ChildProcess | undefined;
  private readonly log: WriteStream;
  latest: FleetStats | undefined;
  private reports = 0;
  private readonly listeners = new Set<(stats: FleetStats) => void>();

  constructor(logFile: string) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  start(args: { fleetFile: string; mqttUrl: string; intervalSec: number; backfillDays: number }): void {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(ROOT, 'apps/simulator/src/cli.ts'),
        '--fleet',
        args.fleetFile,
        '--mqtt',
        args.mqttUrl,
        '--interval',
        String(args.intervalSec),
        '--backfill-days',
        String(args.backfillDays),
        '--stats-every',
        '2',
        '--stats-json',
      ],
      { cwd: ROOT, env: { ...process.env, INIT_CWD: ROOT }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    this.child = child;
    // A real fleet runs on its own hardware; on the benchmark's one machine the simulator (a whole core and
    // more for 10,000 plants) takes what the server, database and broker leave instead of competing with them.
    if (child.pid !== undefined) setPriority(child.pid, SIMULATOR_NICE);
    child.stderr?.pipe(this.log, { end: false });
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (!line.startsWith('stats ')) {
        this.log.write(`${line}\n`);
        return;
      }
      const stats = JSON.parse(line.slice('stats '.length)) as FleetStats;
      // Every 10th report (20 s) goes to the log with the time, so a run's connection count can be followed.
      if (++this.reports % 10 === 0) {
        this.log.write(`${new Date().toISOString()} connected ${stats.connected}/${stats.gateways}\n`);
      }
      this.latest = stats;
      for (const listener of this.listeners) listener(stats);
    });
  }

  /** Resolves with the first stats report that satisfies `predicate`, or undefined after `timeoutMs`. */
  until(predicate: (stats: FleetStats) => boolean, timeoutMs: number): Promise<FleetStats | undefined> {
    return new Promise((resolve) => {
      const listener = (stats: FleetStats) => {
        if (!predicate(stats)) return;
        this.listeners.delete(listener);
        clearTimeout(timer);
        resolve(stats);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        resolve(undefined);
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  async stop(): Promise<void> {
    if (!this.child) return;
    this.child.kill('SIGTERM');
    await exited(this.child, 30_000);
  }
}

/** A bare Fastify route in a process of its own: the yardstick the API's throughput is compared with. */
export async function startBareFastify(): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ status: 'ok' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.stdout.write(String(app.server.address().port) + '\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the bare Fastify route exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/bare`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child, 5_000);
    },
  };
}

/** Resident memory (MB) and CPU time used so far (seconds) of a process, from /proc (Linux). */
export function processUsage(pid: number): { rssMb: number; cpuSeconds: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    return { rssMb: rssKb / 1024, cpuSeconds: ticks / 100 };
  } catch {
    return undefined;
  }
}
