import { EMPTY_VALUE } from '@heliograph/shared';

const cache = new Map<string, Intl.NumberFormat>();

/** A reading with its unit ("52.8 V"), fixed decimals in the reader's locale, two dashes when missing. */
export function reading(value: number | null | undefined, unit: string, digits: number, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY_VALUE;
  const key = `${locale}|${digits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    cache.set(key, f);
  }
  const text = f.format(value);
  return unit ? `${text} ${unit}` : text;
}
