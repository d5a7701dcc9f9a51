/** Longest gap between two readings still bridged, ms: a station that was offline longer counts nothing. */
const MAX_GAP_MS = 30 * 60_000;

/**
 * A day's insolation (kWh/m²) from irradiance readings (W/m²), by the trapezoid rule between consecutive
 * readings; null when the day has fewer than two.
 */
export function insolationKwhPerM2(series: { ts: number; values: Record<string, number | null> }[]): number | null {
  const points = series.filter((p) => typeof p.values.irradiance === 'number');
  if (points.length < 2) return null;
  let wh = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (!a || !b) continue;
    const dt = b.ts - a.ts;
    if (dt <= 0 || dt > MAX_GAP_MS) continue;
    wh += (((a.values.irradiance ?? 0) + (b.values.irradiance ?? 0)) / 2) * (dt / 3_600_000);
  }
  return Math.round(wh) / 1000;
}
