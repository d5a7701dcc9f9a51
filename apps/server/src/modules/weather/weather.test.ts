import { ERROR_CODES } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signInForTests, TestApp } from '../../test/harness.js';
import { storageFixture, type StorageFixture } from '../../test/storage-fixture.js';
import { insolationKwhPerM2 } from './insolation.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'visitor', 'rival');
let f: StorageFixture;

beforeAll(async () => {
  f = await storageFixture(t, 'TW');
});

describe('weather stations', () => {
  it('lists what the caller may see, with readings now', async () => {
    const res = await t.call<{ rows: { sn: string; metrics: Record<string, number> }[]; counts: { all: number } }>(
      'GET',
      '/api/v1/weather-stations',
      { token: tokens.visitor },
    );
    expect(res.data.rows.map((r) => r.sn)).toEqual([f.sn.weather]);
    expect(res.data.rows[0]?.metrics).toMatchObject({ irradiance: 640, t_ambient: 18.5, wind_speed: 2.4 });
    const rivals = await t.call<{ rows: { sn: string }[] }>('GET', '/api/v1/weather-stations', { token: tokens.rival });
    expect(rivals.data.rows.map((r) => r.sn)).toEqual([f.sn.rivalWeather]);
  });

  it('draws a day with its insolation', async () => {
    const res = await t.call<{ insolationKwhM2: number; series: { values: Record<string, number | null> }[] }>(
      'GET',
      `/api/v1/weather-station/${f.sn.weather}/day`,
      { token: tokens.visitor, query: { date: f.day } },
    );
    expect(res.data.series.map((p) => p.values.irradiance)).toEqual([600, 800]);
    // Gaps longer than half an hour are not bridged: two readings an hour apart give nothing.
    expect(res.data.insolationKwhM2).toBe(0);
  });

  it('answers another company “does not exist”', async () => {
    for (const url of [`/api/v1/weather-station/${f.sn.weather}`, `/api/v1/weather-station/${f.sn.weather}/day`]) {
      expect((await t.call('GET', url, { token: tokens.rival })).code, url).toBe(ERROR_CODES.notFound);
    }
    // A battery is not a weather station.
    expect((await t.call('GET', `/api/v1/weather-station/${f.sn.master}`, { token: tokens.visitor })).code).toBe(
      ERROR_CODES.notFound,
    );
  });
});

describe('insolation', () => {
  const at = (min: number, irradiance: number | null) => ({ ts: min * 60_000, values: { irradiance } });
  it('integrates irradiance over time by trapezoids', () => {
    // 1,000 W/m² for an hour in 5-minute steps is 1 kWh/m².
    const hour = Array.from({ length: 13 }, (_, i) => at(i * 5, 1000));
    expect(insolationKwhPerM2(hour)).toBe(1);
    expect(insolationKwhPerM2([at(0, 0), at(10, 600)])).toBe(0.05);
  });
  it('is unknown without two readings and skips missing values', () => {
    expect(insolationKwhPerM2([at(0, 500)])).toBeNull();
    expect(insolationKwhPerM2([at(0, 600), at(5, null), at(10, 600)])).toBe(0.1);
  });
});
