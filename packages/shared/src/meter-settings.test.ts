import { describe, expect, it } from 'vitest';
import {
  DEFAULT_METER_SETTINGS,
  deviceAliasProblem,
  mergeMeterSettings,
  meterSettingsOf,
  meterSettingsProblems,
} from './meter-settings.js';

describe('meter settings', () => {
  it('accepts the defaults and a sensible change', () => {
    expect(meterSettingsProblems(DEFAULT_METER_SETTINGS)).toEqual([]);
    const s = mergeMeterSettings(DEFAULT_METER_SETTINGS, { ctRatio: 200, prices: { peak: 0.2745 }, discount: 0.9 });
    expect(meterSettingsProblems(s)).toEqual([]);
    expect(s.prices).toEqual({ tip: 0, peak: 0.2745, flat: 0, valley: 0 });
  });

  it('names every field it refuses', () => {
    const s = mergeMeterSettings(DEFAULT_METER_SETTINGS, {
      ctRatio: 0,
      ptRatio: 1.5,
      buyOffsetKwh: 10_000_000,
      sellOffsetKwh: 1.234,
      prices: { tip: -1, valley: 0.12345 },
      discount: 1.2,
    });
    expect(meterSettingsProblems(s)).toEqual([
      { field: 'ctRatio', rule: 'invalid' },
      { field: 'ptRatio', rule: 'invalid' },
      { field: 'buyOffsetKwh', rule: 'invalid' },
      { field: 'sellOffsetKwh', rule: 'priceDecimals2' },
      { field: 'prices.tip', rule: 'priceRange' },
      { field: 'prices.valley', rule: 'priceDecimals4' },
      { field: 'discount', rule: 'invalid' },
    ]);
  });

  it('fills what an older row lacks with defaults', () => {
    expect(meterSettingsOf({ ctRatio: 50, prices: { peak: 1 } })).toEqual({
      ...DEFAULT_METER_SETTINGS,
      ctRatio: 50,
      prices: { ...DEFAULT_METER_SETTINGS.prices, peak: 1 },
    });
    expect(meterSettingsOf(null)).toEqual(DEFAULT_METER_SETTINGS);
  });

  it('counts an alias in bytes', () => {
    expect(deviceAliasProblem('a'.repeat(32))).toBeNull();
    expect(deviceAliasProblem('ü'.repeat(17))).toBe('aliasBytes');
  });
});
