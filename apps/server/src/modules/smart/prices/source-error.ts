/**
 * A price source's answer the console cannot use (a provider changed its format, a document holds no prices).
 * Not shown to users as is: the fetcher that will call these parsers logs it and keeps the last good prices.
 */
export class PriceSourceError extends Error {
  constructor(
    readonly source: 'octopus' | 'entsoe',
    detail: string,
  ) {
    super(`${source}: ${detail}`);
    this.name = 'PriceSourceError';
  }
}

/** An ISO 8601 instant that names its offset (Z or ±hh:mm); a bare local time would be read in the server's zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export function parseInstant(text: string): number | null {
  if (!INSTANT.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}
