/**
 * A cell's tile colour: its place between the pack's lowest and highest reading, from cool blue to warm red
 * through a pale middle, so an outlier stands out however small the spread. Text stays dark enough to read.
 */
export function cellColour(value: number | null, min: number, max: number): string {
  if (value === null) return '#f0f0f0';
  const share = max > min ? (value - min) / (max - min) : 0.5;
  // Hue 210 (blue) → 0 (red); lightness highest in the middle.
  const hue = Math.round(210 - 210 * share);
  const light = Math.round(88 - 10 * Math.abs(share - 0.5) * 2);
  return `hsl(${hue} 70% ${light}%)`;
}
