import type { PlantDevice, PlantEvent } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { keyReading, sortDevices } from './deviceReading';
import { orderEvents } from './eventOrder';

const device = (kind: string, sn: string, metrics: Record<string, number | null>): PlantDevice => ({
  id: sn,
  sn,
  kind,
  model: 'M',
  alias: null,
  ratedW: null,
  gatewaySn: 'GW',
  status: 'normal',
  lastSeen: null,
  metrics,
});

describe('device key readings', () => {
  it('reads inverter power, battery SOC and meter grid power', () => {
    expect(keyReading(device('inverter', 'I', { p_ac: 4944.3, p_pv: 5128 }))).toEqual({ kind: 'power', watts: 4944.3 });
    expect(keyReading(device('inverter', 'I', { p_pv: 300 }))).toEqual({ kind: 'power', watts: 300 });
    expect(keyReading(device('battery', 'B', { soc: 95, p_bat: -1200 }))).toEqual({
      kind: 'soc',
      percent: 95,
      watts: -1200,
    });
    expect(keyReading(device('meter', 'M', { p_grid: -4161.2 }))).toEqual({ kind: 'grid', watts: -4161.2 });
    expect(keyReading(device('weather', 'W', { irradiance: 812 }))).toEqual({ kind: 'irradiance', wm2: 812 });
  });

  it('has no reading when the metric is missing or the kind unknown', () => {
    expect(keyReading(device('battery', 'B', { soc: null }))).toBeNull();
    expect(keyReading(device('switch', 'S', { p: 3 }))).toBeNull();
  });

  it('lists inverters first, then batteries and meters, by serial', () => {
    const list = [
      device('meter', 'M1', {}),
      device('inverter', 'I2', {}),
      device('battery', 'B1', {}),
      device('inverter', 'I1', {}),
    ];
    expect(sortDevices(list).map((d) => d.sn)).toEqual(['I1', 'I2', 'B1', 'M1']);
  });
});

describe('recent events order', () => {
  const ev = (id: string, level: string, raisedAt: number, clearedAt: number | null = null): PlantEvent => ({
    id,
    code: 'E',
    level,
    message: null,
    raisedAt,
    clearedAt,
    deviceSn: 'I1',
    deviceKind: 'inverter',
    meaning: null,
    solution: null,
  });

  it('puts open events first, faults before warnings, then the newest cleared ones, once each', () => {
    const open = [ev('w', 'warning', 50), ev('f', 'fault', 10)];
    const recent = [ev('c2', 'fault', 90, 95), ev('w', 'warning', 50), ev('c1', 'info', 70, 80)];
    expect(orderEvents(open, recent, 10).map((e) => e.id)).toEqual(['f', 'w', 'c2', 'c1']);
    expect(orderEvents(open, recent, 3).map((e) => e.id)).toEqual(['f', 'w', 'c2']);
  });
});
