import { describe, expect, it } from 'vitest';
import { Battery, SOC_MAX, SOC_MIN } from './battery.js';
import { cloudFactor, erbsDiffuseFraction, haurwitzGhi, horizontalIrradiance, planeOfArray } from './irradiance.js';
import { loadPower } from './load.js';
import { cellTemperature, dcPower, gridInverter, inverterEfficiency, inverterInput, inverterOutput } from './pv.js';
import { Weather, type LocalTime } from './weather.js';

const local = (dayNumber: number, hour: number, weekday = 3, dayOfYear = 172): LocalTime => ({
  dayNumber,
  hour,
  weekday,
  dayOfYear,
});

describe('irradiance', () => {
  it('gives Haurwitz clear-sky GHI: about 1037 W/m² with the sun overhead, none below the horizon', () => {
    expect(haurwitzGhi(0)).toBeCloseTo(1037.2, 0);
    expect(haurwitzGhi(60)).toBeCloseTo(1098 * 0.5 * Math.exp(-0.114), 6);
    expect(haurwitzGhi(95)).toBe(0);
  });

  it('splits global into beam and diffuse (Erbs) so that they add back up', () => {
    expect(erbsDiffuseFraction(0.8)).toBeCloseTo(0.165, 3);
    expect(erbsDiffuseFraction(0.22)).toBeCloseTo(1 - 0.09 * 0.22, 3);
    const clear = horizontalIrradiance(30, 172, 0);
    expect(clear.dni * Math.cos(Math.PI / 6) + clear.dhi).toBeCloseTo(clear.ghi, 6);
    expect(clear.dhi / clear.ghi).toBeLessThan(0.25);
    const overcast = horizontalIrradiance(30, 172, 1);
    expect(overcast.ghi).toBeCloseTo(clear.ghi * cloudFactor(1), 6);
    expect(overcast.dhi / overcast.ghi).toBeGreaterThan(0.8);
  });

  it('transposes onto the panel: flat gets GHI, a panel facing the sun gets more than flat', () => {
    const h = horizontalIrradiance(50, 355, 0);
    const sun = { zenith: 50, azimuth: 180 };
    expect(planeOfArray(h, sun, 0, 180).poa).toBeCloseTo(h.ghi, 6);
    expect(planeOfArray(h, sun, 50, 180).poa).toBeGreaterThan(h.ghi);
    expect(planeOfArray(h, sun, 50, 180).aoi).toBeCloseTo(0, 6);
    // Facing away: no beam, only sky and ground.
    const away = planeOfArray(h, sun, 50, 0);
    expect(away.beam).toBe(0);
    expect(away.ground).toBeCloseTo((h.ghi * 0.2 * (1 - Math.cos((50 * Math.PI) / 180))) / 2, 6);
  });
});

describe('PV and inverter', () => {
  it('loses 0.4 %/°C above 25 °C and heats cells by the NOCT rule', () => {
    expect(cellTemperature(20, 800)).toBe(45);
    expect(dcPower(1000, 1000, 25)).toBe(1000);
    expect(dcPower(1000, 1000, 50)).toBeCloseTo(900, 6);
    expect(dcPower(1000, 0, 50)).toBe(0);
  });

  it('peaks near 96 % efficiency, is worse at low load, and inverts its own loss curve', () => {
    const rated = 10_000;
    const curve = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1].map((x) => inverterEfficiency(x * rated, rated));
    const peak = Math.max(...curve);
    expect(peak).toBeGreaterThan(0.96);
    expect(peak).toBeLessThan(0.97);
    expect(curve[0]).toBeLessThan(0.93);
    expect(inverterOutput(inverterInput(4321, rated), rated)).toBeCloseTo(4321, 6);
    expect(inverterOutput(rated * 0.003, rated)).toBe(0);
  });

  it('clips at the AC rating, drawing less from the panels', () => {
    const point = gridInverter(12_000, 10_000);
    expect(point).toMatchObject({ acW: 10_000, clipped: true });
    expect(point.dcW).toBeLessThan(12_000);
    expect(point.dcW).toBeCloseTo(inverterInput(10_000, 10_000), 6);
    expect(gridInverter(5_000, 10_000)).toMatchObject({ dcW: 5_000, clipped: false });
  });
});

describe('weather', () => {
  it('is the same for the same seed and day, and differs between plants', () => {
    const a = new Weather(1, 48);
    const b = new Weather(1, 48);
    const t = Date.UTC(2025, 5, 21, 11);
    expect(a.at(t, local(20260, 13))).toEqual(b.at(t, local(20260, 13)));
    const kinds = (w: Weather) => Array.from({ length: 60 }, (_, d) => w.dayKind(local(20000 + d, 12)));
    expect(kinds(new Weather(2, 48))).not.toEqual(kinds(a));
    expect(new Set(kinds(a))).toEqual(new Set(['clear', 'partly', 'overcast']));
  });

  it('changes cloud cover smoothly within a day and keeps it between 0 and 1', () => {
    const w = new Weather(7, 40);
    let previous: number | undefined;
    for (let m = 0; m < 24 * 60; m += 5) {
      const { cloudCover } = w.at(Date.UTC(2025, 3, 1) + m * 60_000, local(20179, m / 60));
      expect(cloudCover).toBeGreaterThanOrEqual(0);
      expect(cloudCover).toBeLessThanOrEqual(1);
      if (previous !== undefined) expect(Math.abs(cloudCover - previous)).toBeLessThan(0.5);
      previous = cloudCover;
    }
  });

  it('is warmer in summer than winter, in both hemispheres', () => {
    const north = new Weather(3, 50);
    const south = new Weather(3, -34);
    const at = (w: Weather, doy: number) => w.at(0, local(20000, 15, 3, doy)).tAmbient;
    expect(at(north, 200)).toBeGreaterThan(at(north, 15) + 10);
    expect(at(south, 15)).toBeGreaterThan(at(south, 200) + 5);
  });
});

describe('loads', () => {
  const dayEnergy = (profile: 'household' | 'commercial', weekday: number) => {
    let wh = 0;
    for (let m = 0; m < 1440; m += 5)
      wh += (loadPower({ profile, dailyKwh: 10, seed: 5 }, m * 60_000, local(20000, m / 60, weekday), 20) * 5) / 60;
    return wh / 1000;
  };

  it('scales a day to about its daily energy at mild temperatures', () => {
    expect(dayEnergy('household', 3)).toBeGreaterThan(8);
    expect(dayEnergy('household', 3)).toBeLessThan(12);
  });

  it('peaks in the morning and evening at home, and works weekdays in business', () => {
    const at = (profile: 'household' | 'commercial', hour: number, weekday = 3) =>
      loadPower({ profile, dailyKwh: 10, seed: 5 }, 0, local(20000, hour, weekday), 20);
    expect(at('household', 19.5)).toBeGreaterThan(at('household', 3));
    expect(at('household', 7.3)).toBeGreaterThan(at('household', 3));
    expect(at('commercial', 11)).toBeGreaterThan(3 * at('commercial', 11, 0));
    expect(dayEnergy('commercial', 3)).toBeGreaterThan(dayEnergy('commercial', 0));
  });
});

describe('battery', () => {
  it('stays within 10–95 % and loses 5 % each way', () => {
    const battery = new Battery({ capacityKwh: 10, powerW: 5000, soh: 1, seed: 1 });
    expect(battery.maxChargeW(0.25)).toBe(5000);
    battery.run(-5000, 0.25);
    expect(battery.soc).toBeCloseTo(0.5 + (5 * 0.25 * 0.95) / 10, 6);
    for (let i = 0; i < 5; i++) battery.run(-battery.maxChargeW(1), 1);
    expect(battery.soc).toBeCloseTo(SOC_MAX, 6);
    expect(battery.maxChargeW(1)).toBe(0);
    const before = battery.soc;
    battery.run(1000, 1);
    expect(battery.soc).toBeCloseTo(before - 1 / 0.95 / 10, 6);
    for (let i = 0; i < 20; i++) battery.run(battery.maxDischargeW(1), 1);
    expect(battery.soc).toBeCloseTo(SOC_MIN, 6);
    expect(battery.maxDischargeW(1)).toBe(0);
  });

  it('reports BMS values: pack and cell voltages, temperatures, SOH', () => {
    const battery = new Battery({ capacityKwh: 10.24, powerW: 5000, soh: 0.97, seed: 9 }, 0.6);
    const bms = battery.bms(2500, 25, false);
    expect(bms.soh).toBe(97);
    expect(bms.soc).toBe(60);
    expect(bms.v_bat).toBeGreaterThan(48);
    expect(bms.v_bat).toBeLessThan(56);
    expect(bms.i_bat).toBeCloseTo(2500 / (bms.v_bat ?? 1), 1);
    expect(Object.keys(bms).filter((k) => /^cell\d+_v$/.test(k))).toHaveLength(16);
    expect(bms.cap_full_ah).toBeCloseTo((10240 * 0.97) / 51.2, 1);
    expect(bms.cap_residual_ah).toBeCloseTo((bms.cap_full_ah ?? 0) * 0.6, 0);
    expect([bms.relay_charge, bms.relay_discharge]).toEqual([1, 1]);
    const hot = battery.bms(0, 25, true);
    expect(hot.temp).toBe(61);
    expect([hot.relay_charge, hot.relay_discharge]).toEqual([0, 0]);
  });
});
