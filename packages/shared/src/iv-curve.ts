import type { IvPoint } from './gateway-protocol.js';

/** The key points of a PV input's I-V curve: open-circuit voltage, short-circuit current, maximum power point. */
export interface IvKeyPoints {
  /** V */
  voc: number;
  /** A */
  isc: number;
  /** V at the maximum power point. */
  vmp: number;
  /** A at the maximum power point. */
  imp: number;
  /** W */
  pmax: number;
}

const ZERO: IvKeyPoints = { voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0 };

/**
 * Derives Voc, Isc, Vmp, Imp and Pmax from a sweep (voltage ascending): Isc is the current at 0 V (the first
 * point, extrapolated along the first segment when the sweep starts above 0 V); Voc is where the current
 * reaches zero (interpolated between the points either side, extrapolated along the last segment when the
 * sweep stops short of it); the maximum power point is the measured point with the largest V·I. A curve
 * with no current (night) gives zeros throughout.
 */
export function ivKeyPoints(points: readonly IvPoint[]): IvKeyPoints {
  const first = points[0];
  if (!first || !points.some((p) => p.i > 0)) return { ...ZERO };

  let isc = first.i;
  const second = points[1];
  if (first.v > 0 && second && second.v > first.v) {
    const slope = (second.i - first.i) / (second.v - first.v);
    isc = Math.max(first.i, first.i - slope * first.v);
  }

  let voc: number | undefined;
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1];
    const b = points[k];
    if (a && b && a.i > 0 && b.i <= 0) {
      voc = a.v + (a.i * (b.v - a.v)) / (a.i - b.i);
      break;
    }
  }
  if (voc === undefined) {
    const last = points[points.length - 1] ?? first;
    const before = points[points.length - 2];
    const slope = before ? (last.i - before.i) / (last.v - before.v) : 0;
    voc = slope < 0 ? last.v - last.i / slope : last.v;
  }

  let best: IvPoint = first;
  for (const p of points) if (p.v * p.i > best.v * best.i) best = p;
  return { voc, isc, vmp: best.v, imp: best.i, pmax: best.v * best.i };
}
