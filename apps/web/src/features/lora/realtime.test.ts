import { describe, expect, it } from 'vitest';
import { metricColumns, realtimeUrl, realtimeViewOf, unitOf } from './realtime';

const node = (metrics: Record<string, number | null>, kind = 'lora') => ({
  sn: 'X',
  kind,
  alias: null,
  status: 'online',
  lastSeen: null,
  metrics,
});

describe('LoRa realtime views', () => {
  it('reads the view from the address', () => {
    expect(realtimeViewOf('/lora-realtime')).toBe('all');
    expect(realtimeViewOf('/lora-meter-realtime')).toBe('meter');
    expect(realtimeViewOf('/lora-switch-realtime/')).toBe('switch');
    expect(realtimeViewOf('/elsewhere')).toBe('all');
  });

  it('makes the public address with the token', () => {
    expect(realtimeUrl('meter', 'hgl_a+b', 'https://c.example')).toBe(
      'https://c.example/lora-meter-realtime?token=hgl_a%2Bb',
    );
  });

  it('orders the columns: switching and power first, radio last, the rest by name', () => {
    const cols = metricColumns([
      node({ rssi: -70 }),
      node({ zeta: 1, on: 1, p: 900 }, 'switch'),
      node({ ph1_v: 230, alpha: 2 }),
    ]);
    expect(cols).toEqual(['on', 'p', 'ph1_v', 'rssi', 'alpha', 'zeta']);
    expect(metricColumns([])).toEqual([]);
  });

  it('names units from the shared catalogue and per phase', () => {
    expect(unitOf('switch', 'p')).toBe('W');
    expect(unitOf('lora', 'rssi')).toBe('dBm');
    expect(unitOf('meter', 'ph2_i')).toBe('A');
    expect(unitOf('meter', 'freq')).toBe('Hz');
    expect(unitOf('lora', 'unknown')).toBe('');
  });
});
