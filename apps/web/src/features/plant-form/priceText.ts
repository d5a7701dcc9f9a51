/** A price as entered, with its currency code ("0.1234 EUR"); an empty input shows as a dash. */
export function formatPrice(value: number | null | undefined, currency: string): string {
  return value === null || value === undefined ? '--' : `${value} ${currency}`;
}
