import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect.js';

describe('reconnect delay', () => {
  it('doubles with each failed attempt up to eight times the base', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 10].map((n) => reconnectDelay(n, 2000, middle))).toEqual([
      2000, 4000, 8000, 16000, 16000, 16000,
    ]);
  });

  it('spreads a fleet between half and one and a half times the nominal wait', () => {
    expect(reconnectDelay(0, 2000, () => 0)).toBe(1000);
    expect(reconnectDelay(0, 2000, () => 0.999)).toBe(2998);
    // A thousand gateways dropped together: their first attempts are not all in the same second.
    let seed = 1;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const seconds = new Set(Array.from({ length: 1000 }, () => Math.floor(reconnectDelay(0, 2000, random) / 1000)));
    expect(seconds).toEqual(new Set([1, 2]));
    const tenths = new Set(Array.from({ length: 1000 }, () => Math.floor(reconnectDelay(0, 2000, random) / 100)));
    expect(tenths.size).toBeGreaterThanOrEqual(19);
  });
});
