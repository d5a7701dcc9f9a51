import { loadSunSpecModel, parseSunSpecModel } from '@heliograph/modbus';
import { LIMITS, METRICS_INVERTER_SETTINGS } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { settingFieldsFor, sunspecSettingFields } from './settings-form.js';

describe('settings form builder', () => {
  it('makes a field of every writable point of the controls models, none of the read-only ones', () => {
    const fields = sunspecSettingFields([loadSunSpecModel(121), loadSunSpecModel(123)]);
    const keys = fields.map((f) => f.key);
    expect(keys).toContain('WMax');
    expect(keys).toContain('WMaxLimPct');
    expect(keys).not.toContain('WMaxLimPct_SF'); // scale factors are read-only
    expect(keys).not.toContain('ID');
    expect(fields.find((f) => f.key === 'WMaxLimPct')).toMatchObject({ type: 'number', min: 0, max: 100, decimals: 2 });
    expect(fields.find((f) => f.key === 'OutPFSet')).toMatchObject({ type: 'number', min: -1, max: 1 });
    expect(fields.find((f) => f.key === 'Conn_WinTms')).toMatchObject({ decimals: 0, unit: 'Secs' });
    const conn = fields.find((f) => f.key === 'Conn');
    expect(conn?.type).toBe('enum');
    expect(conn?.type === 'enum' && conn.options.map((o) => o.label)).toEqual(['DISCONNECT', 'CONNECT']);
  });

  it('caps raw ranges at the register value limit and skips repeating groups', () => {
    const model = parseSunSpecModel({
      id: 64999,
      group: {
        name: 'test',
        type: 'group',
        points: [
          { name: 'ID', type: 'uint16', size: 1, value: 64999 },
          { name: 'L', type: 'uint16', size: 1 },
          { name: 'Big', type: 'uint32', size: 2, access: 'RW' },
          { name: 'Ro', type: 'uint16', size: 1 },
        ],
        groups: [
          {
            name: 'curve',
            type: 'group',
            count: 2,
            points: [{ name: 'Pt', type: 'uint16', size: 1, access: 'RW' }],
          },
        ],
      },
    });
    const fields = sunspecSettingFields([model]);
    expect(fields.map((f) => f.key)).toEqual(['Big']);
    expect(fields[0]).toMatchObject({ min: 0, max: LIMITS.registerValueMax, decimals: 0 });
  });

  it('picks the form by protocol: the built-in map, SunSpec, or none (601)', () => {
    expect(settingFieldsFor('metrics')).toEqual(METRICS_INVERTER_SETTINGS);
    expect(settingFieldsFor('sunspec')?.length).toBeGreaterThan(10);
    expect(settingFieldsFor('sunspec', { sunspecModels: [101] })).toBeNull(); // no writable points
    expect(settingFieldsFor('vendor-xy')).toBeNull();
  });
});
