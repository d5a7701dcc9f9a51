import { describe, expect, it } from 'vitest';
import { applyBatterySettings, DEFAULT_BATTERY_SETTINGS } from './battery-settings.js';

describe('simulated battery settings', () => {
  it('keeps valid values on top of what the inverter held', () => {
    const out = applyBatterySettings(DEFAULT_BATTERY_SETTINGS, { batteryWorkMode: 'backup', dischargeCutoffSoc: 40 });
    expect(out).toEqual({
      held: { ...DEFAULT_BATTERY_SETTINGS, batteryWorkMode: 'backup', dischargeCutoffSoc: 40 },
    });
  });

  it('refuses the whole write when one value is wrong or the reserve reaches the cut-off', () => {
    expect(applyBatterySettings(DEFAULT_BATTERY_SETTINGS, { chargeCutoffSoc: 90, maxChargeCurrentA: 900 })).toEqual({
      error: 'setting maxChargeCurrentA: range',
    });
    expect(
      applyBatterySettings({ ...DEFAULT_BATTERY_SETTINGS, chargeCutoffSoc: 80 }, { dischargeCutoffSoc: 80 }),
    ).toEqual({
      error: 'discharge cut-off must be below charge cut-off',
    });
    expect(applyBatterySettings(DEFAULT_BATTERY_SETTINGS, { activePowerLimit: 50 })).toHaveProperty('error');
  });
});
