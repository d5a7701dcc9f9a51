import { describe, expect, it } from 'vitest';
import { equipPath, oauthReturn, sliderBrightness, statusColor, weatherTestKey } from './logic';

describe('application centre logic', () => {
  it('reads the provider’s return only when it carries provider, code and state', () => {
    expect(oauthReturn('?lightProvider=simulated&code=sim-1&state=9.x')).toEqual({
      provider: 'simulated',
      code: 'sim-1',
      state: '9.x',
    });
    expect(oauthReturn('?lightProvider=simulated&code=sim-1')).toBeNull();
    expect(oauthReturn('')).toBeNull();
  });

  it('keeps the slider to whole numbers from 0 to 100', () => {
    expect(sliderBrightness(42.6)).toBe(43);
    expect(sliderBrightness(-5)).toBe(0);
    expect(sliderBrightness(180)).toBe(100);
    expect(sliderBrightness(Number.NaN)).toBe(0);
  });

  it('names what a weather test found', () => {
    const base = { checkedAt: 0, reading: null };
    expect(weatherTestKey({ ...base, ok: true, problem: null })).toBe('ok');
    expect(weatherTestKey({ ...base, ok: false, problem: 'keyRejected' })).toBe('keyRejected');
    expect(weatherTestKey({ ...base, ok: false, problem: null })).toBe('unreachable');
  });

  it('colours statuses and links devices to their pages', () => {
    expect(statusColor('on')).toBe('green');
    expect(statusColor('normal')).toBe('green');
    expect(statusColor('fault')).toBe('red');
    expect(statusColor('off')).toBe('default');
    expect(equipPath('lora', 'LN1', 'LM1')).toBe('/device/lora/LM1');
    expect(equipPath('switch', 'SW 1', null)).toBe('/device/acSwitch/SW%201');
    expect(equipPath('weather', 'WS1', null)).toBe('/device/meteorological/WS1');
    expect(equipPath('light', 'sim-1', null)).toBeNull();
  });
});
