import type { Cells, CellStats } from '@heliograph/shared';

/** A BMS's per-cell readings as the cell view shows them (shape: Cells in packages/shared). */
function stats(values: { index: number; value: number | null }[], decimals: number): CellStats | null {
  const known = values.filter((v): v is { index: number; value: number } => v.value !== null);
  if (known.length === 0) return null;
  let lo = known[0] as { index: number; value: number };
  let hi = lo;
  let sum = 0;
  for (const v of known) {
    if (v.value < lo.value) lo = v;
    if (v.value > hi.value) hi = v;
    sum += v.value;
  }
  const round = (n: number) => Number(n.toFixed(decimals));
  return {
    min: lo.value,
    max: hi.value,
    spread: round(hi.value - lo.value),
    average: round(sum / known.length),
    minCell: lo.index,
    maxCell: hi.index,
  };
}

export function cellsOf(metrics: Record<string, number | null>): Cells {
  const byIndex = new Map<number, { voltage: number | null; temperature: number | null }>();
  for (const [key, value] of Object.entries(metrics)) {
    const m = /^cell(\d+)_([vt])$/.exec(key);
    if (!m) continue;
    const index = Number(m[1]);
    const cell = byIndex.get(index) ?? { voltage: null, temperature: null };
    if (m[2] === 'v') cell.voltage = value;
    else cell.temperature = value;
    byIndex.set(index, cell);
  }
  const cells = [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([index, c]) => ({ index, ...c }));
  return {
    cells,
    voltage: stats(
      cells.map((c) => ({ index: c.index, value: c.voltage })),
      3,
    ),
    temperature: stats(
      cells.map((c) => ({ index: c.index, value: c.temperature })),
      1,
    ),
  };
}
