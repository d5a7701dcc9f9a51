import {
  dayRange,
  localTime,
  pricesAt,
  roundPrice,
  touMinutes,
  withVat,
  type PriceSlot,
  type SlotMinutes,
  type Valuation,
} from '@heliograph/shared';

/**
 * A plant's own tariff as price slots, so a plant without a market source still gets a plan (issue 17 point 1).
 * The prices are what energy.ts `income` values the plant's energy at: bought energy costs the segment's
 * buy price plus the grid fee, with VAT; sold energy earns the sell price less the fee, with VAT.
 */

/**
 * The slot length that never splits a segment: the longest of 60, 30 and 15 minutes that every segment
 * boundary falls on. Boundaries such as 07:10 (allowed by the plant form) leave 15-minute slots priced by
 * their minutes' average.
 */
export function touSlotMinutes(v: Valuation): SlotMinutes {
  if (v.method !== 'tou') return 60;
  const bounds = v.segments.flatMap((s) => [touMinutes(s.start) ?? 0, touMinutes(s.end) ?? 0]);
  return ([60, 30, 15] as const).find((m) => bounds.every((b) => b % m === 0)) ?? 15;
}

/**
 * The slots of one plant-local day (23, 24 or 25 hours long: the hour the clocks skip has no slot, the hour
 * they repeat has two) for a constant or time-of-use valuation. A valuation by generation has no buy or sell
 * price, so it gives null and the plant needs another price source.
 */
export function touPrices(v: Valuation, day: string, timeZone: string): PriceSlot[] | null {
  if (v.method === 'generation') return null;
  const minutes = touSlotMinutes(v);
  const [from, to] = dayRange(day, timeZone);
  const slots: PriceSlot[] = [];
  for (let start = from; start < to; start += minutes * 60_000) {
    const first = localTime(start, timeZone).minuteOfDay;
    let buy = 0;
    let sell = 0;
    for (let m = first; m < first + minutes; m++) {
      // A gap between segments keeps the constant price, as in income().
      const at = pricesAt(v, m);
      buy += at.buy;
      sell += at.sell;
    }
    slots.push({
      start,
      minutes,
      buy: roundPrice(withVat(buy / minutes + v.buyFee, v.buyVat)),
      sell: roundPrice(withVat(sell / minutes - v.sellFee, v.sellVat)),
    });
  }
  return slots;
}
