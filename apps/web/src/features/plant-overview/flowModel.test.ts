import type { PlantRealtime } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { branchOf, buildFlowModel, dashDuration } from './flowModel';
import { flowSummary } from './flowSummary';
import { QUIET_PERIOD, SELLING_SURPLUS } from './testFixtures';

function realtime(p: Partial<PlantRealtime['powerW']>, flow: Partial<PlantRealtime['flow']> = {}): PlantRealtime {
  return {
    status: 'normal',
    ts: 1_700_000_000_000,
    powerW: { ts: 1_700_000_000_000, pv: null, load: null, grid: null, battery: null, soc: null, ...p },
    flow: { pv: 'idle', grid: 'idle', battery: 'idle', load: 'idle', ...flow },
    today: QUIET_PERIOD,
    month: QUIET_PERIOD,
    total: QUIET_PERIOD,
    capacityKw: 10,
    currency: 'EUR',
  };
}

describe('energy-flow model', () => {
  it('sells surplus PV: PV and grid flow away from the panels, the battery charges', () => {
    const m = buildFlowModel(realtime(...SELLING_SURPLUS), 'storage_ac');
    expect(branchOf(m, 'pv')).toMatchObject({ active: true, towardHub: true, powerW: 4200 });
    expect(branchOf(m, 'grid')).toMatchObject({ state: 'selling', active: true, towardHub: false, powerW: 1100 });
    expect(branchOf(m, 'battery')).toMatchObject({ state: 'charging', active: true, towardHub: false, powerW: 2000 });
    expect(branchOf(m, 'load')).toMatchObject({ active: true, towardHub: false, powerW: 1100 });
    expect(m.soc).toBe(80);
    expect(branchOf(m, 'pv')?.intensity).toBeCloseTo(0.42);
  });

  it('buys from the grid and discharges at night, PV idle', () => {
    const m = buildFlowModel(
      realtime(
        { pv: 0, load: 900, grid: 400, battery: 500, soc: 35 },
        { grid: 'buying', battery: 'discharging', load: 'buying' },
      ),
      'storage_dc',
    );
    expect(branchOf(m, 'pv')).toMatchObject({ active: false, state: 'idle' });
    expect(branchOf(m, 'grid')).toMatchObject({ state: 'buying', towardHub: true, active: true });
    expect(branchOf(m, 'battery')).toMatchObject({ state: 'discharging', towardHub: true, active: true });
  });

  it('derives grid and battery states from the signed powers when the server sends none', () => {
    const rt = realtime({ pv: 0, load: 900, grid: 400, battery: -500, soc: 35 });
    const m = buildFlowModel({ ...rt, flow: {} as PlantRealtime['flow'] }, 'storage_dc');
    expect(branchOf(m, 'grid')).toMatchObject({ state: 'buying', towardHub: true });
    expect(branchOf(m, 'battery')).toMatchObject({ state: 'charging', towardHub: false });
  });

  it('keeps grey, still lines for idle branches', () => {
    const m = buildFlowModel(realtime({ pv: 3, load: 0, grid: 0, battery: 0, soc: 100 }), 'storage_ac');
    expect(m.branches.every((b) => !b.active)).toBe(true);
  });

  it('shows no battery for a grid-connected plant without one', () => {
    const m = buildFlowModel(realtime({ pv: 2000, load: 500, grid: -1500 }, { grid: 'selling' }), 'grid');
    expect(m.hasBattery).toBe(false);
    expect(branchOf(m, 'battery')).toBeUndefined();
    expect(m.branches.map((b) => b.node)).toEqual(['pv', 'grid', 'load']);
  });

  it('shows the battery of a storage plant even before it reports', () => {
    expect(buildFlowModel(realtime({ pv: 0 }), 'storage_ac').hasBattery).toBe(true);
  });

  it('moves dashes faster with more power', () => {
    expect(dashDuration(0)).toBe(2.4);
    expect(dashDuration(1)).toBe(0.7);
    expect(dashDuration(5)).toBe(0.7);
    expect(dashDuration(0.5)).toBeLessThan(dashDuration(0.1));
  });
});

describe('energy-flow summary for screen readers', () => {
  const t = (key: string, vars: Record<string, string> = {}) =>
    `${key.replace('overview.flow.sr.', '')}(${Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join(',')})`;

  it('says what each branch does, with scaled powers', () => {
    const m = buildFlowModel(realtime(...SELLING_SURPLUS), 'storage_ac');
    expect(flowSummary(m, t, 'en')).toBe(
      'pv(power=4.2 kW) gridSelling(power=1.1 kW) batteryCharging(soc=80.0%,power=2.0 kW) load(power=1.1 kW)',
    );
  });

  it('names idle branches and leaves out a missing battery', () => {
    const m = buildFlowModel(realtime({ pv: 0, load: 0, grid: 0 }), 'grid');
    expect(flowSummary(m, t, 'en')).toBe('pvIdle() gridIdle() loadIdle()');
  });
});
