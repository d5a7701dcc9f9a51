import { dayRange, hash32, localTime, Rng, roundPrice, type PriceSlot } from '@heliograph/shared';

/**
 * A day-ahead market for the demo fleet, so its storage plants have prices to plan against without a provider
 * account. Deterministic: the same day, zone, currency and seed always give the same prices (a seeded PRNG,
 * never the clock or Math.random), so the demo, the tests and the benchmark agree on every machine.
 *
 * The shape follows European day-ahead markets: cheap small hours, a morning shoulder, a midday dip that
 * deepens with the season's and the day's sunshine (below zero on some sunny spring days, as in Germany,
 * the Netherlands or Spain since 2023), and the dearest hours in the early evening.
 */

/**
 * Rough value of one euro in the demo fleet's currencies (2025 averages), so a plant in Vietnam or Israel sees
 * prices of a believable size. Another currency falls back to 1: the figures stay plausible for euro-like
 * currencies and the shape is the same.
 */
const PER_EUR: Record<string, number> = {
  EUR: 1,
  USD: 1.1,
  GBP: 0.85,
  AUD: 1.7,
  CNY: 7.9,
  VND: 28_000,
  ILS: 4,
  ZAR: 20,
  PLN: 4.3,
  BRL: 6.2,
};

const bump = (hour: number, centre: number, width: number) => Math.exp(-(((hour - centre) / width) ** 2));

/** Sell prices are this share of the buy price: a feed-in pays the market price less the supplier's margin. */
export const SIMULATED_SELL_SHARE = 0.8;

/**
 * The day's slots, hourly (24; 23 or 25 on a DST change) or by quarter hour, in `currency` per kWh. The market
 * is one for the whole fleet: the seed and the day decide the weather and the noise, the zone only which
 * hours are local morning and evening.
 */
export function simulatedPrices(
  day: string,
  timeZone: string,
  currency: string,
  seed: number,
  minutes: 15 | 60 = 60,
): PriceSlot[] {
  const rng = new Rng(hash32(seed, day));
  const rand = () => rng.next();
  const month = Number(day.slice(5, 7));
  // Solar strength by month (northern-hemisphere markets): strongest from April to August.
  const season = Math.max(0, Math.cos(((month - 6) / 12) * 2 * Math.PI));
  const sunshine = rand();
  // A windy day pushes the whole curve down; spring brings both sun and wind.
  const wind = rand() * 0.03;
  const spring = month >= 3 && month <= 5 ? 0.04 : 0;
  // Squared: only the sunniest days dig deep, so a spring day goes below zero about one day in four.
  const solarDepth = (0.03 + 0.07 * season + spring) * sunshine ** 2;
  const eveningPeak = 0.08 + 0.06 * rand();
  const scale = PER_EUR[currency] ?? 1;

  const [from, to] = dayRange(day, timeZone);
  const slots: PriceSlot[] = [];
  for (let start = from; start < to; start += minutes * 60_000) {
    const hour = localTime(start, timeZone).minuteOfDay / 60 + minutes / 120;
    const eur =
      0.085 -
      wind -
      0.03 * bump(hour, 3.5, 2.5) +
      0.035 * bump(hour, 8, 1.5) -
      solarDepth * bump(hour, 13.5, 2.6) +
      eveningPeak * bump(hour, 19, 1.8) +
      (rand() - 0.5) * 0.012;
    const buy = roundPrice(eur * scale);
    slots.push({ start, minutes, buy, sell: roundPrice(buy * SIMULATED_SELL_SHARE) });
  }
  return slots;
}
