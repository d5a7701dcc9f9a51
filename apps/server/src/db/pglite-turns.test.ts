import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letTheLoopTurn } from './pglite-turns.js';

/** How often the event loop turned while `work` ran: a setImmediate that keeps queueing itself, counted. */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  // The counter's first turn is not the work's doing: count from after it.
  await new Promise<void>((resolve) => setImmediate(resolve));
  const before = turns;
  await work();
  running = false;
  return turns - before;
}

describe('letTheLoopTurn', () => {
  const plain = new PGlite();
  const turning = new PGlite();
  // Each statement "takes" `step` ms on this clock: 0, or 10 against a budget of 20.
  let step = 0;
  let t = 0;
  beforeAll(async () => {
    await Promise.all([plain.waitReady, turning.waitReady]);
    letTheLoopTurn(turning, 20, () => (t += step / 2));
    for (const c of [plain, turning]) await c.query('create table t (a int)');
  });
  afterAll(() => Promise.all([plain.close(), turning.close()]));

  const transaction = (c: PGlite) => () =>
    c.transaction(async (tx) => {
      for (let i = 0; i < 40; i++) await tx.query('insert into t values ($1)', [i]);
    });

  it('without it, a transaction of 40 statements never lets the event loop turn', async () => {
    expect(await turnsDuring(transaction(plain))).toBe(0);
  });

  it('with it, the loop turns each time the statements have held it for the budget', async () => {
    step = 10;
    const turns = await turnsDuring(transaction(turning));
    step = 0;
    // 42 statements (begin, 40 inserts, commit) of 10 ms each: a turn after every second one.
    expect(turns).toBeGreaterThanOrEqual(15);
    expect((await turning.query<{ n: number }>('select count(*)::int as n from t')).rows[0]?.n).toBe(40);
  });

  it('does not turn while the statements stay under the budget', async () => {
    expect(await turnsDuring(transaction(turning))).toBe(0);
  });
});
