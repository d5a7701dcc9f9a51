import { describe, expect, it } from 'vitest';
import { deviceLink, gatewayBars, importVerdict, problemKey } from './gatewaySignal';

describe('gateway signal bars', () => {
  it('fills more bars as the signal gets stronger', () => {
    expect(gatewayBars(-50)).toBe(4);
    expect(gatewayBars(-65)).toBe(4);
    expect(gatewayBars(-70)).toBe(3);
    expect(gatewayBars(-80)).toBe(2);
    expect(gatewayBars(-90)).toBe(1);
    expect(gatewayBars(-110)).toBe(0);
  });
  it('says nothing when the gateway has not reported its signal', () => {
    expect(gatewayBars(null)).toBeNull();
    expect(gatewayBars(Number.NaN)).toBeNull();
  });
});

describe('import check', () => {
  it('allows saving only when every row passes', () => {
    expect(importVerdict([{ problems: [] }, { problems: [] }])).toEqual({ failing: 0, allPass: true });
    expect(importVerdict([{ problems: [] }, { problems: ['exists'] }])).toEqual({ failing: 1, allPass: false });
    expect(importVerdict([])).toEqual({ failing: 0, allPass: false });
  });
  it('maps each problem to its message and an unknown one to a general message', () => {
    expect(problemKey('duplicate')).toBe('gateways.import.problem.duplicate');
    expect(problemKey('somethingNew')).toBe('gateways.import.problem.other');
    // Another company's serial number is not said to be taken: it reads as any other refusal.
    expect(problemKey('unavailable')).toBe('gateways.import.problem.other');
  });
});

describe('device links', () => {
  it('links a device behind the gateway to its own page', () => {
    expect(deviceLink('inverter', 'INV 1')).toBe('/device/inverter/INV%201');
    expect(deviceLink('battery', 'B1')).toBe('/device/battery/B1');
    expect(deviceLink('unknownKind', 'X')).toBeNull();
  });
});
