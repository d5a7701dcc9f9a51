import { describe, expect, it } from 'vitest';
import {
  BATTERY_SETTINGS_GROUP,
  INVERTER_STATE,
  METRICS_INVERTER_SETTINGS,
  debugRequestSchema,
  debugWriteRegisters,
  inverterActionBlock,
  metricsInverterSettings,
  settingsConflicts,
  settingsProblems,
} from './inverter-control.js';

describe('inverter action rule', () => {
  it('refuses boot of a running inverter and shutdown of a stopped one, allows the opposite', () => {
    const running = { status: 'normal', state: INVERTER_STATE.mppt };
    const off = { status: 'normal', state: INVERTER_STATE.off };
    expect(inverterActionBlock('boot', running)).toBe('alreadyRunning');
    expect(inverterActionBlock('shutdown', running)).toBeNull();
    expect(inverterActionBlock('shutdown', off)).toBe('alreadyOff');
    expect(inverterActionBlock('boot', off)).toBeNull();
    expect(inverterActionBlock('boot', { status: 'normal', state: INVERTER_STATE.standby })).toBeNull();
  });

  it('blocks every remote action while upgrading, and reports an offline device as offline', () => {
    for (const action of ['boot', 'shutdown', 'debug', 'settings', 'ivScan'] as const) {
      expect(inverterActionBlock(action, { status: 'upgrading', state: INVERTER_STATE.off })).toBe('upgrading');
      expect(inverterActionBlock(action, { status: 'offline', state: null })).toBe('offline');
    }
    expect(inverterActionBlock('debug', { status: 'fault', state: INVERTER_STATE.fault })).toBeNull();
    expect(inverterActionBlock('ivScan', { status: 'normal', state: INVERTER_STATE.mppt })).toBeNull();
  });

  it('lets the device decide when it reports no state', () => {
    expect(inverterActionBlock('boot', { status: 'normal', state: null })).toBeNull();
    expect(inverterActionBlock('shutdown', { status: 'warning', state: null })).toBeNull();
  });
});

describe('settings values', () => {
  it('accepts valid values and names each wrong one with its problem', () => {
    expect(settingsProblems(METRICS_INVERTER_SETTINGS, { activePowerLimit: 80, gridCode: 'G99' })).toEqual([]);
    expect(
      settingsProblems(METRICS_INVERTER_SETTINGS, {
        activePowerLimit: 101,
        powerFactor: 0.955,
        gridCode: 'Mars',
        reconnectDelaySec: '60',
        colour: 1,
      }),
    ).toEqual([
      { field: 'activePowerLimit', problem: 'range' },
      { field: 'powerFactor', problem: 'decimals' },
      { field: 'gridCode', problem: 'option' },
      { field: 'reconnectDelaySec', problem: 'type' },
      { field: 'colour', problem: 'unknown' },
    ]);
    expect(settingsProblems(METRICS_INVERTER_SETTINGS, {})).toEqual([{ field: 'values', problem: 'required' }]);
  });
});

describe('debug input', () => {
  it('needs a four-digit hex address and a count to read', () => {
    expect(debugRequestSchema.safeParse({ code: '03', address: '9C40', count: 10 }).success).toBe(true);
    expect(debugRequestSchema.safeParse({ code: '03', address: '9C4', count: 10 }).success).toBe(false);
    expect(debugRequestSchema.safeParse({ code: '03', address: '9C40G', count: 10 }).success).toBe(false);
    expect(debugRequestSchema.safeParse({ code: '03', address: '9C40' }).success).toBe(false);
    expect(debugRequestSchema.safeParse({ code: '05', address: '9C40', count: 1 }).success).toBe(false);
  });

  it('writes values up to 9999999.00 with two decimals, one register for 06', () => {
    expect(debugRequestSchema.safeParse({ code: '10', address: '0001', value: 9_999_999 }).success).toBe(true);
    expect(debugRequestSchema.safeParse({ code: '10', address: '0001', value: 10_000_000 }).success).toBe(false);
    expect(debugRequestSchema.safeParse({ code: '10', address: '0001', value: 1.234 }).success).toBe(false);
    expect(debugRequestSchema.safeParse({ code: '06', address: '0001', value: 70_000 }).success).toBe(false);
    expect(debugRequestSchema.safeParse({ code: '06', address: '0001', value: 655.35, decimals: 2 }).success).toBe(
      true,
    );
    expect(debugWriteRegisters({ code: '06', value: 12.5, decimals: 1 })).toEqual([125]);
    expect(debugWriteRegisters({ code: '10', value: 9_999_999, decimals: 2 })).toEqual([0x3b9a, 0xc99c]);
  });
});

describe('battery settings of a hybrid inverter', () => {
  const hybrid = metricsInverterSettings({ hybrid: true, battery: true });
  const battery = hybrid.filter((f) => f.group === BATTERY_SETTINGS_GROUP);

  it('are offered only by a hybrid inverter with a battery behind it', () => {
    expect(battery.map((f) => f.key)).toEqual([
      'batteryWorkMode',
      'chargeCutoffSoc',
      'dischargeCutoffSoc',
      'maxChargeCurrentA',
      'maxDischargeCurrentA',
    ]);
    for (const opts of [
      { hybrid: false, battery: true },
      { hybrid: true, battery: false },
    ]) {
      expect(metricsInverterSettings(opts).some((f) => f.group === BATTERY_SETTINGS_GROUP)).toBe(false);
    }
  });

  it('accept a work mode of the protocol and values in range, and name what is wrong', () => {
    expect(
      settingsProblems(hybrid, {
        batteryWorkMode: 'timeOfUse',
        chargeCutoffSoc: 95,
        dischargeCutoffSoc: 10,
        maxChargeCurrentA: 62.5,
      }),
    ).toEqual([]);
    expect(
      settingsProblems(hybrid, {
        batteryWorkMode: 'gridOnly',
        chargeCutoffSoc: 40,
        dischargeCutoffSoc: 2,
        maxDischargeCurrentA: 12.25,
      }),
    ).toEqual([
      { field: 'batteryWorkMode', problem: 'option' },
      { field: 'chargeCutoffSoc', problem: 'range' },
      { field: 'dischargeCutoffSoc', problem: 'range' },
      { field: 'maxDischargeCurrentA', problem: 'decimals' },
    ]);
    expect(settingsProblems(METRICS_INVERTER_SETTINGS, { chargeCutoffSoc: 90 })).toEqual([
      { field: 'chargeCutoffSoc', problem: 'unknown' },
    ]);
  });

  it('keep the reserve below the charge cut-off, against the device’s current value too', () => {
    expect(settingsConflicts({ chargeCutoffSoc: 90, dischargeCutoffSoc: 20 })).toEqual([]);
    expect(settingsConflicts({ chargeCutoffSoc: 60, dischargeCutoffSoc: 60 })).toEqual([
      { field: 'dischargeCutoffSoc', problem: 'order' },
    ]);
    expect(settingsConflicts({ chargeCutoffSoc: 55 }, { dischargeCutoffSoc: 70 })).toEqual([
      { field: 'chargeCutoffSoc', problem: 'order' },
    ]);
    expect(settingsConflicts({ dischargeCutoffSoc: 30 }, { chargeCutoffSoc: 100 })).toEqual([]);
    expect(settingsConflicts({ dischargeCutoffSoc: 30 })).toEqual([]);
  });
});
