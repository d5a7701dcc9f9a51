import { FIVE_MINUTES_MS, scalePower, zoneOffsetMinutes, type PowerPoint } from '@heliograph/shared';

/**
 * The day chart's data: 5-minute PV, load, grid and battery power in one scaled unit, SOC in %. The x values
 * are plant-local wall-clock times written as UTC instants (the chart runs with useUTC), so the axis reads
 * the plant's own hours wherever the browser is.
 */
export const POWER_SERIES = ['pv', 'load', 'grid', 'battery'] as const;
export type PowerSeriesKey = (typeof POWER_SERIES)[number];
export type DaySeriesKey = PowerSeriesKey | 'soc';

export type XY = [number, number | null];

export interface DaySeries {
  key: DaySeriesKey;
  data: XY[];
}

export interface DayChartData {
  /** The power unit of the y axis, and what a value in W is divided by to get it. */
  unit: 'W' | 'kW' | 'MW' | 'GW';
  divisor: number;
  /** Plant-local midnight to midnight, as UTC-written instants. */
  start: number;
  end: number;
  series: DaySeries[];
  hasData: boolean;
  /** Non-null power values drawn (SOC not counted). */
  points: number;
  /** The highest PV power of the day, in W, and when (real instant). */
  peakPv: { ts: number; watts: number } | null;
}

const DIVISORS = { W: 1, kW: 1e3, MW: 1e6, GW: 1e9 } as const;

/** A plant-local instant written as if it were UTC. */
export function toWallClock(ts: number, tz: string): number {
  return ts + zoneOffsetMinutes(ts, tz) * 60_000;
}

function round(v: number, divisor: number): number {
  return Math.round((v / divisor) * 1000) / 1000;
}

export function buildDayChart(
  points: readonly PowerPoint[],
  day: string,
  tz: string,
  hasBattery: boolean,
): DayChartData {
  const start = Date.parse(`${day}T00:00:00Z`);
  const sorted = [...points].sort((a, b) => a.ts - b.ts);
  const keys: DaySeriesKey[] = hasBattery ? [...POWER_SERIES, 'soc'] : ['pv', 'load', 'grid'];

  let max = 0;
  let peakPv: DayChartData['peakPv'] = null;
  let hasData = false;
  let drawn = 0;
  for (const p of sorted) {
    for (const k of POWER_SERIES) {
      const v = p[k];
      if (v === null) continue;
      if (k !== 'battery' || hasBattery) {
        hasData = true;
        drawn += 1;
      }
      max = Math.max(max, Math.abs(v));
    }
    if (p.pv !== null && (!peakPv || p.pv > peakPv.watts)) peakPv = { ts: p.ts, watts: p.pv };
  }
  const unit = scalePower(max).unit;
  const divisor = DIVISORS[unit];

  const series: DaySeries[] = keys.map((key) => {
    const data: XY[] = [];
    let prev: number | undefined;
    for (const p of sorted) {
      const x = toWallClock(p.ts, tz);
      // A missing reading leaves a gap rather than a straight line across it.
      if (prev !== undefined && p.ts - prev > 2 * FIVE_MINUTES_MS)
        data.push([toWallClock(prev + FIVE_MINUTES_MS, tz), null]);
      const v = p[key];
      data.push([x, v === null ? null : key === 'soc' ? Math.round(v * 10) / 10 : round(v, divisor)]);
      prev = p.ts;
    }
    return { key, data };
  });

  const peaked = hasData && peakPv !== null && peakPv.watts > 0;
  return {
    unit,
    divisor,
    start,
    end: start + 86_400_000,
    series,
    hasData,
    points: drawn,
    peakPv: peaked ? peakPv : null,
  };
}
