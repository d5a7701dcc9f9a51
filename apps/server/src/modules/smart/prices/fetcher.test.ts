import { readFileSync } from 'node:fs';
import type { PriceDay } from '@heliograph/shared';
import { eq, gte } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plant, priceSlot } from '../../../db/schema.js';
import { sunrisePlant } from '../../../test/gateway-fixtures.js';
import { signInForTests, TestApp } from '../../../test/harness.js';
import { PriceFetcher } from './fetcher.js';

// A real Agile answer for London (region C), 26–28 September 2020 (samples/README.md), and the clock then.
const recorded: unknown = JSON.parse(readFileSync(new URL('./samples/octopus-agile-c.json', import.meta.url), 'utf8'));
const clock = Date.UTC(2020, 8, 27, 12);
const asked: string[] = [];
let failing = false;

const t = TestApp.forTests();
t.now = () => clock;
t.priceFetch = async (url) => {
  asked.push(url);
  if (failing) return { ok: false, status: 503, json: async () => ({}) };
  // The recorded page links a second page; the test serves it empty.
  return { ok: true, status: 200, json: async () => (url.includes('page=2') ? { next: null, results: [] } : recorded) };
};
const tokens = signInForTests(t, 'admin');

describe('Octopus Agile prices fetched for the plants that use them', () => {
  it('fetches a region once for its plants and the overview reads them as the plant’s prices', async () => {
    const ids = [await sunrisePlant(t, 'London flat', []), await sunrisePlant(t, 'London shop', [])];
    const other = await sunrisePlant(t, 'Plant on its tariff', []);
    for (const id of ids) {
      await t.database.db
        .update(plant)
        .set({ timezone: 'Europe/London', currency: 'GBP', settings: { priceSource: 'octopus', octopusRegion: 'C' } })
        .where(eq(plant.id, id));
    }
    // Two instances' rounds at once: one fetch (a lock per tariff, then the prices are fresh).
    const second = new PriceFetcher({
      db: t.database.db,
      log: t.app.log,
      now: () => clock,
      intervalMs: 0,
      fetch: t.priceFetch!,
    });
    await Promise.all([t.priceFetcher.tick(), second.tick()]);
    expect(asked.filter((u) => !u.includes('page=2'))).toHaveLength(1);
    expect(asked[0]).toMatch(
      /^https:\/\/api\.octopus\.energy\/v1\/products\/AGILE-24-10-01\/electricity-tariffs\/E-1R-AGILE-24-10-01-C\/standard-unit-rates\/\?period_from=2020-09-27T00:00:00\.000Z/,
    );
    for (const id of ids) {
      expect(await t.database.db.select().from(priceSlot).where(eq(priceSlot.plantId, id))).toHaveLength(100);
    }
    expect(await t.database.db.select().from(priceSlot).where(eq(priceSlot.plantId, other))).toHaveLength(0);

    const day = await t.call<PriceDay>('GET', '/api/v1/smart/realtimePrice/day', {
      token: tokens.admin,
      query: { plantId: ids[0]!, day: '2020-09-27' },
    });
    expect(day.data.source).toBe('octopus');
    expect(day.data.currency).toBe('GBP');
    // British summer time: the local day starts at 23:00 UTC; 48 half hours.
    expect(day.data.slots).toHaveLength(48);
    expect(day.data.slots[0]).toMatchObject({ start: Date.UTC(2020, 8, 26, 23), minutes: 30, sell: null });
    // Pence including VAT become pounds with 4 decimals.
    for (const s of day.data.slots) expect(Math.round(s.buy * 1e4) / 1e4).toBe(s.buy);

    // Fresh prices are not fetched again.
    await t.priceFetcher.tick();
    expect(asked.filter((u) => !u.includes('page=2'))).toHaveLength(1);
  });

  it('keeps the last good prices when Octopus fails', async () => {
    // Only 10 hours ahead left: due for a fetch, which fails.
    await t.database.db.delete(priceSlot).where(gte(priceSlot.start, new Date(clock + 10 * 3_600_000)));
    const before = (await t.database.db.select().from(priceSlot)).length;
    expect(before).toBeGreaterThan(0);
    failing = true;
    const calls = asked.length;
    await t.priceFetcher.tick();
    expect(asked.length).toBeGreaterThan(calls);
    expect((await t.database.db.select().from(priceSlot)).length).toBe(before);
  });
});
