import { describe, expect, it } from 'vitest';
import { IV_SCAN_POINTS, ivScanResultSchema, type IvPoint } from './gateway-protocol.js';
import { ivKeyPoints } from './iv-curve.js';

/** A textbook curve: I = 10·(1 − e^((V − 400)/20)) from 0 to 400 V. */
function curve(n: number, vEnd = 400): IvPoint[] {
  return Array.from({ length: n }, (_, k) => {
    const v = (vEnd * k) / (n - 1);
    return { v, i: Math.max(0, 10 * (1 - Math.exp((v - 400) / 20))) };
  });
}

describe('I-V key points', () => {
  it('finds Isc at 0 V, Voc where the current ends and the maximum power point between them', () => {
    const k = ivKeyPoints(curve(81));
    expect(k.isc).toBeCloseTo(10, 3);
    expect(k.voc).toBeCloseTo(400, 6);
    expect(k.vmp).toBeGreaterThan(300);
    expect(k.vmp).toBeLessThan(k.voc);
    expect(k.imp).toBeLessThan(k.isc);
    expect(k.pmax).toBeCloseTo(k.vmp * k.imp, 9);
    // No sampled point gives more.
    for (const p of curve(81)) expect(p.v * p.i).toBeLessThanOrEqual(k.pmax);
  });

  it('interpolates Voc between the points either side of zero current', () => {
    const k = ivKeyPoints([
      { v: 0, i: 4 },
      { v: 100, i: 2 },
      { v: 200, i: 0 },
    ]);
    expect(k.voc).toBe(200);
    const mid = ivKeyPoints([
      { v: 0, i: 4 },
      { v: 100, i: 3 },
      { v: 110, i: 1 },
      { v: 120, i: 0 },
    ]);
    expect(mid.voc).toBe(120);
    expect(mid).toMatchObject({ vmp: 100, imp: 3, pmax: 300 });
  });

  it('extrapolates Isc and Voc when the sweep does not reach 0 V or open circuit', () => {
    const k = ivKeyPoints([
      { v: 10, i: 5 },
      { v: 20, i: 4.9 },
      { v: 300, i: 2 },
      { v: 310, i: 1 },
    ]);
    expect(k.isc).toBeCloseTo(5.1, 9);
    expect(k.voc).toBeCloseTo(320, 9);
  });

  it('gives zeros for a curve with no current (night) and for no points at all', () => {
    const night = Array.from({ length: 20 }, (_, k) => ({ v: k * 10, i: 0 }));
    expect(ivKeyPoints(night)).toEqual({ voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0 });
    expect(ivKeyPoints([])).toEqual({ voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0 });
  });
});

describe('ivScan result schema', () => {
  const mppt = (index: number, points = curve(40)) => ({ index, points, ...ivKeyPoints(points) });

  it('accepts one curve per input with 20–100 points, voltage ascending', () => {
    expect(ivScanResultSchema.safeParse({ mppts: [mppt(1), mppt(2, curve(IV_SCAN_POINTS.max))] }).success).toBe(true);
  });

  it('refuses too few or too many points, a voltage going back, a repeated input and no input', () => {
    const bad = [
      { mppts: [mppt(1, curve(IV_SCAN_POINTS.min - 1))] },
      { mppts: [mppt(1, curve(IV_SCAN_POINTS.max + 1))] },
      { mppts: [mppt(1, [...curve(30)].reverse())] },
      { mppts: [mppt(1), mppt(1)] },
      { mppts: [] },
      { mppts: [{ ...mppt(1), index: 0 }] },
      { mppts: [{ ...mppt(1), points: curve(30).map((p) => ({ ...p, i: -p.i - 1 })) }] },
    ];
    for (const b of bad) expect(ivScanResultSchema.safeParse(b).success).toBe(false);
  });
});
