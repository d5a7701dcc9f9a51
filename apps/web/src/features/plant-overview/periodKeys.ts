/** Stepping months (YYYY-MM) and years (YYYY) for the energy bars. */
export function stepMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

export function stepYear(year: string, delta: number): string {
  return String(Number(year) + delta);
}

/** "November 2026" in the reader's language. */
export function monthTitle(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** "Nov" in the reader's language. */
export function monthShort(month: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
}
