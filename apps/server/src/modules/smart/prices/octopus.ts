import { roundPrice, type OctopusRegion, type PriceSlot } from '@heliograph/shared';
import { z } from 'zod';
import { PriceSourceError, parseInstant } from './source-error.js';

/**
 * Octopus Energy's public tariff API (no key needed for unit rates): a tariff's half-hourly unit rates, newest
 * first, in pages linked by `next`. Agile Octopus follows the day-ahead market and is published around 16:00
 * UK time for the next day. Values are pence per kWh; slots here are pounds per kWh.
 */
export const OCTOPUS_API = 'https://api.octopus.energy/v1/';

// Product codes look like AGILE-24-10-01 or AGILE-OUTGOING-19-05-13: refused otherwise, as they go into a URL.
const PRODUCT = /^[A-Z0-9]+(?:-[A-Z0-9]+){0,6}$/;

/** The single-register electricity tariff code of a product in a region: E-1R-<PRODUCT>-<REGION>. */
export function octopusTariffCode(region: OctopusRegion, product: string): string {
  if (!PRODUCT.test(product)) throw new PriceSourceError('octopus', `invalid product code ${product}`);
  return `E-1R-${product}-${region}`;
}

/** The first page of a tariff's standard unit rates (the API's own URL layout). */
export function octopusProductUrl(region: OctopusRegion, product: string): string {
  const tariff = octopusTariffCode(region, product);
  return `${OCTOPUS_API}products/${product}/electricity-tariffs/${tariff}/standard-unit-rates/`;
}

const pageSchema = z.object({
  next: z.string().nullable().optional(),
  results: z.array(
    z.object({
      value_inc_vat: z.number().finite(),
      valid_from: z.string(),
      // Fixed-rate tariffs answer null for "until further notice"; Agile always has an end.
      valid_to: z.string().nullable(),
    }),
  ),
});

export interface OctopusPage {
  /** the page's slots, oldest first */
  slots: PriceSlot[];
  /** the next page to read, only ever on the Octopus API */
  next: string | null;
}

const HALF_HOUR_MS = 30 * 60_000;

/**
 * One page of standard-unit-rates as buy prices in £/kWh (incl. VAT), oldest first. A rate valid for several
 * half hours (Octopus merges equal neighbours on some tariffs) becomes one slot per half hour, so every slot
 * of the source is 30 minutes; an open-ended or uneven rate is refused rather than guessed.
 */
export function parseOctopusPage(body: unknown): OctopusPage {
  const page = pageSchema.safeParse(body);
  if (!page.success) throw new PriceSourceError('octopus', 'not a standard-unit-rates page');
  const slots: PriceSlot[] = [];
  for (const rate of page.data.results) {
    const from = parseInstant(rate.valid_from);
    const to = rate.valid_to === null ? null : parseInstant(rate.valid_to);
    if (from === null || to === null || to <= from || (to - from) % HALF_HOUR_MS !== 0 || from % HALF_HOUR_MS !== 0) {
      throw new PriceSourceError('octopus', `unusable rate ${rate.valid_from} – ${String(rate.valid_to)}`);
    }
    const buy = roundPrice(rate.value_inc_vat / 100);
    for (let start = from; start < to; start += HALF_HOUR_MS) slots.push({ start, minutes: 30, buy, sell: null });
  }
  slots.sort((a, b) => a.start - b.start);
  const next = page.data.next ?? null;
  // The fetcher follows `next` blindly; a link off the API host would make it call anywhere.
  if (next !== null && !next.startsWith(OCTOPUS_API))
    throw new PriceSourceError('octopus', `foreign next link ${next}`);
  return { slots, next };
}

/** Pages read one after another, merged oldest first; a slot repeated on two pages (the API shifted) counts once. */
export function mergeOctopusPages(pages: readonly OctopusPage[]): PriceSlot[] {
  const byStart = new Map<number, PriceSlot>();
  for (const page of pages) for (const slot of page.slots) if (!byStart.has(slot.start)) byStart.set(slot.start, slot);
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/**
 * An import tariff's slots with the sell prices of an export tariff (Agile Outgoing) of the same half hours;
 * a half hour without an export rate keeps sell null.
 */
export function withSellPrices(buy: readonly PriceSlot[], sell: readonly PriceSlot[]): PriceSlot[] {
  const sellAt = new Map(sell.map((s) => [s.start, s.buy]));
  return buy.map((s) => ({ ...s, sell: sellAt.get(s.start) ?? null }));
}
