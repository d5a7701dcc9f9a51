/** Rounds to `decimals` places: readings travel with the resolution a real device would give them. */
export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
