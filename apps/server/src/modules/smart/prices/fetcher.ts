/**
 * Day-ahead prices fetched for the plants whose price source is a market (docs/prices.md "Fetching"). Octopus
 * Agile publishes tomorrow's half hours around 16:00 UK time; each round (hourly) looks for every
 * (region, product) in use whose plants hold less than 20 hours of prices ahead, and fetches it once across
 * instances: a transaction-scoped advisory lock per tariff, and the freshness check inside it, so a second
 * instance finds the prices already there. A failed fetch is logged and keeps the last good prices; the plants
 * fall back to nothing only when those run out (then the plan says `noPrices`).
 */
import { DEFAULT_OCTOPUS_PRODUCT, isOctopusRegion, type OctopusRegion, type PriceSlot } from '@heliograph/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { query } from '../../../db/rows.js';
import { Rounds } from '../../../lifecycle/rounds.js';
import { mergeOctopusPages, octopusProductUrl, parseOctopusPage, type OctopusPage } from './octopus.js';

/** Hourly: Agile's next day appears once a day, and a missed hour costs nothing. */
export const DEFAULT_PRICE_FETCH_INTERVAL_MS = 60 * 60_000;
/** A tariff is fetched when its plants hold prices for less than this far ahead. */
const AHEAD_MS = 20 * 3_600_000;
/** Pages of 100 half hours: 4 are more than the two days asked for. */
const MAX_PAGES = 4;
const TIMEOUT_MS = 10_000;

export type Fetch = (
  url: string,
  init: { signal: AbortSignal },
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

export interface PriceFetcherDeps {
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  /** 0: no timer (tests call `tick`). */
  intervalMs: number;
  fetch?: Fetch;
}

export class PriceFetcher {
  private readonly rounds: Rounds;

  constructor(private readonly deps: PriceFetcherDeps) {
    this.rounds = new Rounds({
      round: () => this.round(),
      intervalMs: deps.intervalMs,
      onError: (err) => deps.log.error({ err }, 'price fetch round failed'),
    });
  }

  start(): void {
    this.rounds.start();
    if (this.deps.intervalMs > 0) void this.rounds.kick();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  tick(): Promise<void> {
    return this.rounds.tick();
  }

  private async round(): Promise<void> {
    const rows = await query<{ id: string; region: string | null; product: string | null }>(
      this.deps.db,
      sql`select id, settings->>'octopusRegion' as region, settings->>'octopusProduct' as product from plant
        where deleted_at is null and settings->>'priceSource' = 'octopus'`,
    );
    const tariffs = new Map<string, { region: OctopusRegion; product: string; plants: string[] }>();
    for (const r of rows) {
      if (!r.region || !isOctopusRegion(r.region)) continue;
      const product = r.product ?? DEFAULT_OCTOPUS_PRODUCT;
      const key = `${r.region}:${product}`;
      const t = tariffs.get(key) ?? { region: r.region, product, plants: [] };
      t.plants.push(r.id);
      tariffs.set(key, t);
    }
    for (const t of tariffs.values()) {
      try {
        await this.fetchTariff(t.region, t.product, t.plants);
      } catch (err) {
        this.deps.log.warn({ err, region: t.region, product: t.product }, 'Octopus prices could not be fetched');
      }
    }
  }

  private async fetchTariff(region: OctopusRegion, product: string, plants: string[]): Promise<void> {
    const now = this.deps.now();
    const ids = JSON.stringify(plants);
    await this.deps.db.transaction(async (tx) => {
      const [lock] = await query<{ got: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(hashtext(${`price-fetch:octopus:${region}:${product}`})) as got`,
      );
      if (!lock?.got) return;
      const [held] = await query<{ until: Date | string | null }>(
        tx,
        sql`select min(last) as until from (select max(start) as last from price_slot
          where plant_id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid) and source = 'octopus' group by plant_id) x`,
      );
      const [count] = await query<{ n: number }>(
        tx,
        sql`select count(distinct plant_id)::int as n from price_slot
          where plant_id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid) and source = 'octopus'`,
      );
      const until = held?.until ? new Date(held.until).getTime() : 0;
      if ((count?.n ?? 0) === plants.length && until - now >= AHEAD_MS) return;
      const slots = await this.octopus(region, product, now);
      if (slots.length === 0) return;
      const doc = JSON.stringify(
        plants.flatMap((plantId) =>
          slots.map((s) => ({ plant_id: plantId, start: new Date(s.start).toISOString(), buy: s.buy })),
        ),
      );
      await tx.execute(sql`insert into price_slot (plant_id, start, minutes, buy, sell, source)
        select plant_id, start, 30, buy, null, 'octopus'
        from jsonb_to_recordset(${doc}::jsonb) as x(plant_id uuid, start timestamptz, buy float8)
        on conflict (plant_id, start) do update set buy = excluded.buy, minutes = 30, source = 'octopus'`);
      this.deps.log.info({ region, product, slots: slots.length, plants: plants.length }, 'Octopus prices fetched');
    });
  }

  /** The tariff's half hours from the start of today (UTC) for two days, following `next` on the API only. */
  private async octopus(region: OctopusRegion, product: string, now: number): Promise<PriceSlot[]> {
    const fetch = this.deps.fetch ?? (globalThis.fetch as unknown as Fetch);
    const from = new Date(Math.floor(now / 86_400_000) * 86_400_000);
    const to = new Date(from.getTime() + 2 * 86_400_000);
    let url: string | null =
      `${octopusProductUrl(region, product)}?period_from=${from.toISOString()}&period_to=${to.toISOString()}`;
    const pages: OctopusPage[] = [];
    for (let i = 0; url && i < MAX_PAGES; i++) {
      const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`Octopus answered ${res.status}`);
      const page = parseOctopusPage(await res.json());
      pages.push(page);
      url = page.next;
    }
    return mergeOctopusPages(pages);
  }
}
