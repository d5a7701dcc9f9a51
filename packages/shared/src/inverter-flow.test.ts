import { describe, expect, it } from 'vitest';
import { inverterFlow } from './inverter-flow.js';

describe('an inverter’s energy flow', () => {
  it('a string inverter without a meter sends its AC output to the grid; the load is unknown', () => {
    const f = inverterFlow({ inverter: { p_pv: 5200, p_ac: 5000 }, battery: null, meter: null });
    expect(f.powerW).toEqual({ pv: 5200, grid: -5000, battery: null, load: null, soc: null });
    expect(f.flow).toEqual({ pv: 'selling', grid: 'selling', battery: 'idle', load: 'idle' });
  });

  it('a hybrid with a battery and a meter shows charging, buying and the house load', () => {
    const f = inverterFlow({
      inverter: { p_pv: 3000, p_ac: 1200 },
      battery: { p_bat: -1800, soc: 64 },
      meter: { p_grid: 400, p_load: 1600 },
    });
    expect(f.powerW).toEqual({ pv: 3000, grid: 400, battery: -1800, load: 1600, soc: 64 });
    expect(f.flow).toEqual({ pv: 'selling', grid: 'buying', battery: 'charging', load: 'buying' });
  });

  it('at night nothing below the idle threshold moves, and missing readings stay unknown', () => {
    const f = inverterFlow({ inverter: { p_pv: 0, p_ac: null }, battery: { p_bat: 5 }, meter: null });
    expect(f.powerW).toEqual({ pv: 0, grid: null, battery: 5, load: null, soc: null });
    expect(f.flow).toEqual({ pv: 'idle', grid: 'idle', battery: 'idle', load: 'idle' });
  });
});
