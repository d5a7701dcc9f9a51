import type { PlantSettingDevice, PlantSettingGroup, SettingField } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { chooseGroup, defaultSelection, filledValues, orderGroups } from './plantSettings';

const fields: SettingField[] = [
  { key: 'activePowerLimit', group: 'power', type: 'number', min: 0, max: 100, decimals: 0 },
  { key: 'meshCheck', group: 'comm', type: 'boolean' },
  { key: 'gridCode', group: 'grid', type: 'enum', options: [{ value: 'G99' }] },
];

const device = (sn: string, status: string, writable = true): PlantSettingDevice => ({
  sn,
  alias: null,
  model: 'M',
  status,
  gatewaySn: 'GW',
  batterySn: null,
  writable,
  values: {},
});

const group = (id: string, protocol: string, n: number): PlantSettingGroup => ({
  id,
  protocol,
  fields,
  devices: Array.from({ length: n }, (_, i) => device(`${id}${i}`, 'normal')),
});

describe('plant settings form', () => {
  it('writes only the fields filled in, keeping a switch turned off and a zero', () => {
    expect(filledValues(fields, { activePowerLimit: 0, meshCheck: false, gridCode: undefined, other: 5 })).toEqual({
      activePowerLimit: 0,
      meshCheck: false,
    });
    expect(filledValues(fields, { activePowerLimit: null, gridCode: '' })).toEqual({});
  });

  it('chooses at first the devices that can take the write, not offline or read-only ones', () => {
    const devices = [device('A', 'normal'), device('B', 'offline'), device('C', 'fault'), device('D', 'normal', false)];
    expect(defaultSelection(devices)).toEqual(['A', 'C']);
  });

  it('offers the form most devices share first, and keeps the one asked for', () => {
    const groups = orderGroups([group('s', 'sunspec', 1), group('m', 'metrics', 3)]);
    expect(groups.map((g) => g.id)).toEqual(['m', 's']);
    expect(chooseGroup(groups, null)?.id).toBe('m');
    expect(chooseGroup(groups, 's')?.id).toBe('s');
    expect(chooseGroup(groups, 'gone')?.id).toBe('m');
    expect(chooseGroup([], null)).toBeUndefined();
  });
});
