/**
 * Hex text as people paste it (spec §5 "hex input needs a fixed number of digits"): bytes separated by spaces,
 * commas, colons or dashes, or run together, each group optionally 0x-prefixed. Errors are values, not
 * exceptions, so a form can show a translated message while the user is still typing.
 */

export type HexError =
  | { kind: 'empty' }
  /** a group has an odd number of digits: the bytes are ambiguous */
  | { kind: 'odd-digits'; group: string }
  | { kind: 'bad-character'; character: string };

export type Parsed<T, E> = { ok: true; value: T } | { ok: false; error: E };

const SEPARATORS = /[\s,;:-]+/;

export function parseHexBytes(text: string): Parsed<Uint8Array, HexError> {
  const groups = text
    .split(SEPARATORS)
    .filter((group) => group !== '')
    .map((group) => group.replace(/^0x/i, ''));
  const digits = groups.join('');
  if (digits === '') return { ok: false, error: { kind: 'empty' } };
  const bad = /[^0-9a-f]/i.exec(digits);
  if (bad) return { ok: false, error: { kind: 'bad-character', character: bad[0] } };
  const odd = groups.find((group) => group.length % 2 !== 0);
  if (odd !== undefined) return { ok: false, error: { kind: 'odd-digits', group: odd } };
  const bytes = new Uint8Array(digits.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return { ok: true, value: bytes };
}

/** Upper-case bytes separated by spaces: `01 03 00 00 00 0A C5 CD`. */
export function formatHexBytes(bytes: Uint8Array | readonly number[]): string {
  return Array.from(bytes, (b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

/** `0x`-less upper-case hex of a number, padded to `digits`. */
export function hexWord(value: number, digits = 4): string {
  return value.toString(16).toUpperCase().padStart(digits, '0');
}
