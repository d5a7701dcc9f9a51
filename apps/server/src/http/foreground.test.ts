import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { MessageBus } from '../modules/mqtt/bus.js';
import { Foreground, shareForeground } from './foreground.js';

/** A bus of one process: every subscriber hears every publish at once, its own included (as on a broker). */
class MemoryBus {
  private readonly handlers: ((topic: string, payload: Buffer) => void)[] = [];
  subscribeAll = async (_filter: string, handler: (topic: string, payload: Buffer) => void) => {
    this.handlers.push(handler);
  };
  publish = async (topic: string, payload: string) => {
    for (const h of this.handlers) h(topic, Buffer.from(payload));
  };
}
const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** An app whose GET /slow answers only when the test says so. */
async function appWith(foreground: Foreground) {
  const app = Fastify();
  apps.push(app);
  foreground.track(app);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  app.get('/slow', async () => {
    await released;
    return { ok: true };
  });
  app.get('/fast', async () => ({ ok: true }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, release };
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('background work yields to the console’s requests', () => {
  it('waits while a request is being answered, and goes on as soon as it is answered', async () => {
    const foreground = new Foreground(60_000);
    const { url, release } = await appWith(foreground);
    const answer = fetch(`${url}/slow`);
    await until(() => foreground.busy === 1);
    const order: string[] = [];
    const turn = foreground.turn().then(() => order.push('background'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    order.push('answered');
    release();
    expect((await answer).status).toBe(200);
    await turn;
    expect(order).toEqual(['answered', 'background']);
    expect(foreground.busy).toBe(0);
  });

  it('does not wait when no request is in flight, and counts finished ones out', async () => {
    const foreground = new Foreground(60_000);
    const { url } = await appWith(foreground);
    for (let i = 0; i < 5; i++) expect((await fetch(`${url}/fast`)).status).toBe(200);
    await until(() => foreground.busy === 0);
    await foreground.turn();
  });

  it('a client that gives up is counted out too', async () => {
    const foreground = new Foreground(60_000);
    const { url, release } = await appWith(foreground);
    const gone = new AbortController();
    const answer = fetch(`${url}/slow`, { signal: gone.signal }).catch(() => 'aborted');
    await until(() => foreground.busy === 1);
    gone.abort();
    expect(await answer).toBe('aborted');
    await until(() => foreground.busy === 0);
    release();
  });

  it('a live-update stream is not counted, and a steady stream of requests cannot hold background work forever', async () => {
    const foreground = new Foreground(1);
    const { url, release } = await appWith(foreground);
    const stream = fetch(`${url}/fast`, { headers: { accept: 'text/event-stream' } });
    await stream;
    expect(foreground.busy).toBe(0);
    const answer = fetch(`${url}/slow`);
    await until(() => foreground.busy === 1);
    await foreground.turn();
    expect(foreground.busy).toBe(1);
    release();
    await answer;
  });

  it('goes on only once no request has been in flight for a quiet moment, not in the instant between two', async () => {
    let now = 1_000;
    const foreground = new Foreground(60_000, 50, () => now);
    const { url } = await appWith(foreground);
    expect((await fetch(`${url}/fast`)).status).toBe(200);
    await until(() => foreground.busy === 0);
    let resumed = false;
    const turn = foreground.turn().then(() => (resumed = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(resumed).toBe(false);
    now += 50;
    await turn;
    expect(resumed).toBe(true);
  });

  it('grants one slice of background work per turn of the event loop, however many ask at once', async () => {
    const foreground = new Foreground();
    const order: string[] = [];
    const busyFor = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    const lane = async (name: string) => {
      await foreground.slice();
      order.push(name);
      if (name === 'A') {
        // What the console would do next: a timer (or a socket) that is ready while slice A runs.
        setTimeout(() => order.push('timer'), 0);
        busyFor(3);
      }
    };
    await Promise.all([lane('A'), lane('B'), lane('C')]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Not A, B and C back to back with the timer waiting behind them.
    expect(order).toEqual(['A', 'timer', 'B', 'C']);
  });

  it('spaces slices for two seconds after a request and while another instance is in use, not only in flight', async () => {
    let now = 10_000;
    const foreground = new Foreground(100, 20, () => now);
    const { url } = await appWith(foreground);
    /** Real milliseconds between the grants of three slices asked at once. */
    const gaps = async () => {
      const at: number[] = [];
      await Promise.all([1, 2, 3].map(() => foreground.slice().then(() => at.push(performance.now()))));
      return [(at[1] ?? 0) - (at[0] ?? 0), (at[2] ?? 0) - (at[1] ?? 0)];
    };
    /** Whether three slices asked at once are all granted before a 100 ms timer: back to back, turn by turn. */
    const backToBack = async () => {
      let timer = false;
      const t = setTimeout(() => (timer = true), 100);
      await Promise.all([1, 2, 3].map(() => foreground.slice()));
      clearTimeout(t);
      return !timer;
    };
    expect(await backToBack()).toBe(true);

    // A request answered a moment ago: nothing in flight, but a page asks again within 200 ms.
    expect((await fetch(`${url}/fast`)).status).toBe(200);
    await until(() => foreground.busy === 0);
    for (const gap of await gaps()) expect(gap).toBeGreaterThanOrEqual(20);
    now += 2_001;
    expect(await backToBack()).toBe(true);

    // Quiet here, but another instance's console is in use (it said so on the bus).
    foreground.peerActive('other');
    for (const gap of await gaps()) expect(gap).toBeGreaterThanOrEqual(20);
    now += 2_001;
    expect(await backToBack()).toBe(true);
  });

  it('lets one step of background work through per wait while requests keep coming, not one per lane', async () => {
    let now = 1_000;
    const foreground = new Foreground(100, 20, () => now);
    const { url, release } = await appWith(foreground);
    const answer = fetch(`${url}/slow`);
    await until(() => foreground.busy === 1);
    const passed: string[] = [];
    const lanes = ['A', 'B'].map((name) => foreground.turn().then(() => passed.push(name)));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passed).toEqual([]);
    now += 100;
    await until(() => passed.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(passed).toHaveLength(1);
    now += 100;
    await Promise.all(lanes);
    expect(passed).toHaveLength(2);
    release();
    await answer;
  });
});

describe('background transactions while the console is in use', () => {
  /** A clock the test moves. */
  let clock = 0;
  const now = () => clock;

  it('lets two run at once for two seconds after a request, and every one once the console is quiet', async () => {
    const foreground = new Foreground(60_000, 20, now, 2);
    const { url } = await appWith(foreground);
    // Quiet console: four at once.
    const quiet = await Promise.all([1, 2, 3, 4].map(() => foreground.transaction()));
    expect(foreground.transactionsRunning).toBe(4);
    for (const end of quiet) end();
    expect(foreground.transactionsRunning).toBe(0);

    clock = 10_000;
    expect((await fetch(`${url}/fast`)).status).toBe(200);
    await until(() => foreground.busy === 0);
    const first = await foreground.transaction();
    const second = await foreground.transaction();
    let third: (() => void) | undefined;
    const waiting = foreground.transaction().then((end) => (third = end));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(third).toBeUndefined();
    expect(foreground.transactionsRunning).toBe(2);
    // One ends: the third goes at once.
    first();
    await waiting;
    expect(foreground.transactionsRunning).toBe(2);
    // Two seconds without a request: no limit.
    clock = 12_001;
    const more = await Promise.all([1, 2, 3].map(() => foreground.transaction()));
    expect(foreground.transactionsRunning).toBe(5);
    for (const end of [second, third as () => void, ...more]) end();
    // Ending twice counts once.
    second();
    expect(foreground.transactionsRunning).toBe(0);
  });

  it('splits the limit between instances whose consoles are in use, told over the bus', async () => {
    clock = 50_000;
    const bus = new MemoryBus();
    const a = new Foreground(60_000, 20, now, 2);
    const b = new Foreground(60_000, 20, now, 2);
    await shareForeground(a, bus as unknown as MessageBus, 'a', silent);
    await shareForeground(b, bus as unknown as MessageBus, 'b', silent);
    const urlA = (await appWith(a)).url;
    const urlB = (await appWith(b)).url;
    expect((await fetch(`${urlA}/fast`)).status).toBe(200);
    expect((await fetch(`${urlB}/fast`)).status).toBe(200);
    // Each asks once (and so says it is in use); then both know of the other: one transaction each.
    const firstA = await a.transaction();
    const firstB = await b.transaction();
    let secondA: (() => void) | undefined;
    const waiting = a.transaction().then((end) => (secondA = end));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(secondA).toBeUndefined();
    expect(a.transactionsRunning + b.transactionsRunning).toBe(2);
    // B's console goes quiet (two seconds without its word): A has the whole limit again.
    firstB();
    clock = 50_000 + 1_000;
    expect((await fetch(`${urlA}/fast`)).status).toBe(200);
    clock = 50_000 + 2_500;
    await waiting;
    expect(a.transactionsRunning).toBe(2);
    firstA();
    secondA?.();
  });
});
