import { describe, expect, it } from 'vitest';
import { powerState } from './powerState';

describe('switch power controls', () => {
  it('offers off as the main action of a switch that is on', () => {
    expect(powerState({ on: true, localOff: false })).toEqual({ state: 'on', onRefused: false, main: 'off' });
  });
  it('offers on for a switch turned off remotely', () => {
    expect(powerState({ on: false, localOff: false })).toEqual({ state: 'off', onRefused: false, main: 'on' });
  });
  it('refuses on for a switch turned off at the switch itself, whatever the last reading said', () => {
    expect(powerState({ on: false, localOff: true })).toMatchObject({ state: 'localOff', onRefused: true });
    expect(powerState({ on: true, localOff: true }).onRefused).toBe(true);
  });
});
