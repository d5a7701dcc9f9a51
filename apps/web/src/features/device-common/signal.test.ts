import { describe, expect, it } from 'vitest';
import { devicePagePath, plantTypeOf, signalBars, signalWord } from './signal';

describe('lora signal bars', () => {
  it('turns dBm into 0–4 bars at the LoRa thresholds', () => {
    expect([-45, -70, -71, -85, -99, -100, -105, -110, -111, -130].map(signalBars)).toEqual([
      4, 4, 3, 3, 2, 2, 1, 1, 0, 0,
    ]);
  });

  it('shows no bars when the node has not reported a signal', () => {
    expect(signalBars(null)).toBeNull();
    expect(signalBars(undefined)).toBeNull();
    expect(signalBars(Number.NaN)).toBeNull();
  });

  it('names each level', () => {
    expect([0, 1, 2, 3, 4].map(signalWord)).toEqual(['none', 'weak', 'fair', 'good', 'strong']);
  });
});

describe('links from a child node', () => {
  it('goes to the page of a kind that has one and nowhere for a plain lora node', () => {
    expect(devicePagePath('meter', 'MTR 01')).toBe('/device/meter/MTR%2001');
    expect(devicePagePath('switch', 'SW1')).toBe('/device/acSwitch/SW1');
    expect(devicePagePath('lora', 'LN1')).toBeNull();
  });

  it('accepts only known plant types for the overview link', () => {
    expect(plantTypeOf('storage_dc')).toBe('storage_dc');
    expect(plantTypeOf('spaceship')).toBeNull();
    expect(plantTypeOf(null)).toBeNull();
  });
});
