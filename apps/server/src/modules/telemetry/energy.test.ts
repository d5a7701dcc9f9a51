import { describe, expect, it } from 'vitest';
import { addEnergy, countEnergy, noEnergy, sameEnergy } from './energy.js';

const T0 = Date.UTC(2026, 3, 1, 10);
const MIN5 = 300_000;
const reading = (k: number, metrics: Record<string, number | null>) => ({ ts: T0 + k * MIN5, metrics });

describe('energy from counters', () => {
  it('counts each reading as the growth of its counters since the one before', () => {
    const energies = countEnergy(
      [
        reading(0, { e_pv_total: 100, e_import_total: 50 }),
        reading(1, { e_pv_total: 100.4, e_import_total: 50.1 }),
        reading(2, { e_pv_total: 100.9, e_import_total: 50.1 }),
      ],
      undefined,
      10_000,
    );
    // The first reading only starts the run: nothing before it to count from.
    expect(energies[0]).toEqual({ ...noEnergy(), pv: 0, purchase: 0 });
    expect(energies[1]?.pv).toBeCloseTo(0.4);
    expect(energies[1]?.purchase).toBeCloseTo(0.1);
    expect(energies[2]?.pv).toBeCloseTo(0.5);
    expect(energies[2]?.purchase).toBe(0);
    // No counter, no figure (not zero): the device does not measure it.
    expect(energies[1]?.feedIn).toBeNull();
  });

  it('counts from the stored reading before a batch, and carries a counter over readings that lack it', () => {
    const energies = countEnergy(
      [reading(1, { p_ac: 900 }), reading(2, { e_pv_total: 100.6 })],
      reading(0, { e_pv_total: 100 }),
      10_000,
    );
    expect(energies[0]?.pv).toBeNull();
    expect(energies[1]?.pv).toBeCloseTo(0.6);
  });

  it('does not count a jump beyond what the device can produce, and counts on after a reset', () => {
    const energies = countEnergy(
      [
        reading(0, { e_pv_total: 100 }),
        // 10 kW for 5 minutes is at most about 0.83 kWh (1.25 with the margin): 50 kWh is a jump.
        reading(1, { e_pv_total: 150 }),
        reading(2, { e_pv_total: 150.5 }),
        // The device reset its counter: what it shows now accrued since.
        reading(3, { e_pv_total: 0.3 }),
      ],
      undefined,
      10_000,
    );
    expect(energies.map((e) => e.pv)).toEqual([0, 0, expect.closeTo(0.5), expect.closeTo(0.3)]);
  });

  it('tells a recount that changed a stored reading from float noise, and sums a day', () => {
    const a = { ...noEnergy(), pv: 0.5 };
    expect(sameEnergy(a, { ...noEnergy(), pv: 0.5 + 1e-12 })).toBe(true);
    expect(sameEnergy(a, { ...noEnergy(), pv: 0.6 })).toBe(false);
    expect(sameEnergy(a, noEnergy())).toBe(false);
    const day = { pv: 1, purchase: 0, feedIn: 0, charge: 0, discharge: 0, load: 0 };
    addEnergy(day, a);
    expect(day).toEqual({ pv: 1.5, purchase: 0, feedIn: 0, charge: 0, discharge: 0, load: 0 });
  });
});
