import type { ProtocolUpdateColumn, ProtocolUpdateParams } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { realtimeColumnsByDevice, realtimeReadings } from './realtime-columns.js';
import { RegisterBank } from './register-bank.js';

const col = (c: Partial<ProtocolUpdateColumn> & Pick<ProtocolUpdateColumn, 'name' | 'fc' | 'address'>) => ({
  count: 1,
  dataType: 'u16',
  byteSwap: false,
  registerSwap: false,
  scale: 1,
  base: 0,
  scaleFactor: null,
  skipBytes: 0,
  unit: '',
  ...c,
});

const TS = Date.UTC(2026, 5, 15, 10, 0);
const METRICS = { p_ac: 4210, ph1_v: 231.4, freq: 50.02, e_ac_total: 12873.4, temp: 41.5 };

describe('realtime readings of a device bound to a register map', () => {
  it('knows which devices report which columns from the configs the console pushed', () => {
    const configs: ProtocolUpdateParams[] = [
      {
        protocol: 'VX',
        config: 'settings',
        version: 2,
        columns: [col({ name: 'Limit', fc: 3, address: 1 })],
        devices: ['A'],
      },
      {
        protocol: 'VX',
        config: 'Realtime',
        version: 1,
        columns: [col({ name: 'P', fc: 4, address: 2 })],
        devices: ['A', 'B'],
      },
      // Pushed by a console that named no devices: no device reports it.
      { protocol: 'VY', config: 'realtime', version: 1, columns: [col({ name: 'Q', fc: 4, address: 2 })] },
    ];
    const by = realtimeColumnsByDevice(configs);
    expect([...by.keys()]).toEqual(['A', 'B']);
    expect(by.get('A')?.map((c) => c.name)).toEqual(['P']);
  });

  it('reads each column as its type, order and scale say: the model’s value, or what was written there', () => {
    const bank = new RegisterBank();
    const columns = [
      // Same name as a metric: that metric.
      col({ name: 'p_ac', fc: 4, address: 0x10, dataType: 'u32', count: 2, registerSwap: true, unit: 'W' }),
      // By unit: the phase voltage, in 0.1 V steps, read back to the step.
      col({ name: 'gridVoltage', fc: 3, address: 0x20, scale: 0.1, unit: 'V' }),
      col({ name: 'frequency', fc: 4, address: 0x30, dataType: 'f32', count: 2, unit: 'Hz' }),
      col({ name: 'energy', fc: 4, address: 0x40, dataType: 'u32', count: 2, scale: 0.1, unit: 'kWh' }),
      col({ name: 'tempC', fc: 3, address: 0x50, base: -40, unit: '°C' }),
      // Written by a settingsWrite: the written value, not the model's.
      col({ name: 'limit', fc: 3, address: 0x60, dataType: 's16', scale: 0.1, unit: '%' }),
      // A string has no reading.
      col({ name: 'serial', fc: 3, address: 0x70, dataType: 'string', count: 4 }),
    ];
    bank.write([{ fc: 6, start: 0x60, registers: [0xff83] }]);
    const out = realtimeReadings(columns, bank, METRICS, TS);
    expect(out).toEqual({
      p_ac: 4210,
      gridVoltage: 231.4,
      frequency: expect.closeTo(50.02, 4),
      energy: 12873.4,
      tempC: 42,
      limit: -12.5,
    });
  });

  it('holds a value its type cannot at the end of the range, as a saturated register', () => {
    const bank = new RegisterBank();
    const out = realtimeReadings(
      [col({ name: 'gridPower', fc: 3, address: 0, dataType: 's16', unit: 'W' })],
      bank,
      { p_ac: 60_000 },
      TS,
    );
    // Two power columns draw their own share of the model's power; one share of 60 kW is past 32767 W.
    expect(out.gridPower).toBe(32767);
  });

  it('gives a column the model has nothing for a wave of its own between 0 and 100', () => {
    const bank = new RegisterBank();
    const columns = [col({ name: 'mystery', fc: 4, address: 0, scale: 0.01 })];
    const a = realtimeReadings(columns, bank, METRICS, TS).mystery ?? NaN;
    const b = realtimeReadings(columns, bank, METRICS, TS + 1_800_000).mystery ?? NaN;
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThanOrEqual(100);
    expect(b).not.toBe(a);
  });
});
