import type { BatteryScheduleSlot, PriceSlot } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import type { Plan, PlanInput } from '../optimiser/model.js';
import { forecastLoadKwh, planInput, type LoadProfile, type PlannedPlant } from './inputs.js';
import { scheduleChanged, toSchedule } from './planner.js';
import { countCosts } from './saving.js';

const H = 3_600_000;
const T0 = Date.UTC(2026, 5, 20, 0); // 02:00 in Berlin

const slot = (k: number, buy: number, sell: number | null): PriceSlot => ({
  start: T0 + k * H,
  minutes: 60,
  buy,
  sell,
});

describe('the schedule sent to the inverter', () => {
  const input: PlanInput = {
    slots: [
      { ...slot(0, 0.1, 0.08), pvKwh: 0, loadKwh: 1 },
      { ...slot(1, -0.05, -0.04), pvKwh: 3, loadKwh: 1 },
      { ...slot(2, 0.4, null), pvKwh: 0, loadKwh: 1 },
    ],
    battery: {
      capacityKwh: 10,
      maxChargeKw: 5,
      maxDischargeKw: 5,
      socMin: 0.1,
      socMax: 0.9,
      socNow: 0.5,
      chargeEfficiency: 0.95,
      dischargeEfficiency: 0.95,
    },
    grid: { exportLimitKw: null },
  };
  const plan: Plan = {
    mode: 'optimised',
    cost: 0,
    slots: [
      { start: T0, chargeKwh: 2, dischargeKwh: 0, importKwh: 3, exportKwh: 0, curtailKwh: 0, socEnd: 0.69 },
      { start: T0 + H, chargeKwh: 0, dischargeKwh: 0, importKwh: 0, exportKwh: 0, curtailKwh: 2, socEnd: 0.69 },
      { start: T0 + 2 * H, chargeKwh: 0, dischargeKwh: 1.5, importKwh: 0, exportKwh: 0.5, curtailKwh: 0, socEnd: 0.53 },
    ],
  };

  it('gives the battery power per slot (charging negative) and holds export back at a negative or unpaid price', () => {
    expect(toSchedule(input, plan)).toEqual([
      { start: T0, minutes: 60, batteryW: -2000, exportLimitW: null },
      { start: T0 + H, minutes: 60, batteryW: 0, exportLimitW: 0 },
      { start: T0 + 2 * H, minutes: 60, batteryW: 1500, exportLimitW: 0 },
    ]);
  });

  it('sends nothing of a fallback plan: the inverter runs self-use on its own', () => {
    expect(toSchedule(input, { ...plan, mode: 'selfConsumption', reason: 'notOptimal' })).toEqual([]);
  });

  it('is sent again only when it changed enough, or what the inverter holds runs out', () => {
    const day: BatteryScheduleSlot[] = Array.from({ length: 24 }, (_, k) => ({
      start: T0 + k * H,
      minutes: 60,
      batteryW: k < 4 ? -2000 : 1000,
      exportLimitW: null,
    }));
    expect(scheduleChanged(null, day, T0)).toBe(true);
    expect(scheduleChanged(day, day, T0)).toBe(false);
    // 150 W is within what is worth a command; 500 W is not.
    expect(
      scheduleChanged(
        day,
        day.map((s) => ({ ...s, batteryW: s.batteryW + 150 })),
        T0,
      ),
    ).toBe(false);
    expect(
      scheduleChanged(
        day,
        day.map((s, k) => (k === 10 ? { ...s, batteryW: 1500 } : s)),
        T0,
      ),
    ).toBe(true);
    expect(
      scheduleChanged(
        day,
        day.map((s, k) => (k === 3 ? { ...s, exportLimitW: 0 } : s)),
        T0,
      ),
    ).toBe(true);
    // Twenty hours on, the held schedule ends in 4 hours: sent again.
    expect(scheduleChanged(day, day, T0 + 20 * H)).toBe(true);
    // Nothing to hold and nothing held: no command; something held and nothing planned: back to self-use.
    expect(scheduleChanged([], [], T0)).toBe(false);
    expect(scheduleChanged(day, [], T0)).toBe(true);
  });
});

describe('the saving counted against self-consumption', () => {
  it('prices what the grid did and what plain self-use would have done, per local day', () => {
    // Two hours of 5-minute marks: the first hour the battery was charged from the grid at 0.10 (2 kW bought
    // with no PV and 1 kW of load), the second it covered the load at 0.40 (nothing bought).
    const points = Array.from({ length: 24 }, (_, k) => ({
      ts: T0 + k * 5 * 60_000,
      pvW: 0,
      loadW: 1000,
      gridW: k < 12 ? 3000 : 0,
    }));
    const counted = countCosts({
      points,
      prices: [slot(0, 0.1, 0.08), slot(1, 0.4, 0.3)],
      fixedSell: undefined,
      timezone: 'Europe/Berlin',
      devices: { capacityKwh: 10, powerKw: 5 },
      socMin: 0.1,
      socMax: 0.9,
      baselineSoc: 0.5,
    });
    expect(counted.days).toHaveLength(1);
    const [d] = counted.days;
    expect(d!.day).toBe('2026-06-20');
    // Actual: 3 kWh at 0.10, then nothing.
    expect(d!.actual).toBeCloseTo(0.3, 6);
    // Self-use: the battery (4 kWh above its floor) covers both hours' 1 kWh of load; nothing bought.
    expect(d!.baseline).toBeCloseTo(0, 6);
    expect(counted.baselineSoc).toBeCloseTo(0.5 - 2 / 0.95 / 10, 3);
  });

  it('skips marks without a price and sells at the plant’s own export price when it has one', () => {
    const counted = countCosts({
      points: [
        { ts: T0, pvW: 6000, loadW: 0, gridW: -6000 },
        { ts: T0 + 5 * H, pvW: 6000, loadW: 0, gridW: -6000 },
      ],
      prices: [slot(0, 0.3, 0.1)],
      fixedSell: 0.2,
      timezone: 'Europe/Berlin',
      devices: { capacityKwh: 10, powerKw: 5 },
      socMin: 0.1,
      socMax: 0.5,
      baselineSoc: 0.5,
    });
    // 0.5 kWh sold at the plant's 0.20; the mark at 07:00 has no price and counts nothing.
    expect(counted.days[0]!.actual).toBeCloseTo(-0.1, 6);
    // Self-use with a full battery exports the same 0.5 kWh.
    expect(counted.days[0]!.baseline).toBeCloseTo(-0.1, 6);
  });
});

describe('forecasts', () => {
  const profile: LoadProfile = {
    byWeekdayHour: new Map([['6:12', 3000]]),
    byHour: new Map([
      [12, 1000],
      [13, 2000],
    ]),
    fallbackW: 500,
  };

  it('reads the load by weekday and hour, then by hour, then the fallback, in the plant’s zone', () => {
    // Saturday 20 June 2026, 12:00–13:00 in Berlin (10:00 UTC): the Saturday noon cell.
    expect(forecastLoadKwh(profile, 'Europe/Berlin', Date.UTC(2026, 5, 20, 10), 60)).toBeCloseTo(3, 6);
    // Sunday noon: no cell, the hourly average.
    expect(forecastLoadKwh(profile, 'Europe/Berlin', Date.UTC(2026, 5, 21, 10), 60)).toBeCloseTo(1, 6);
    expect(forecastLoadKwh(profile, 'Europe/Berlin', Date.UTC(2026, 5, 21, 11), 15)).toBeCloseTo(0.5, 6);
    expect(forecastLoadKwh(profile, 'Europe/Berlin', Date.UTC(2026, 5, 21, 20), 60)).toBeCloseTo(0.5, 6);
  });

  it('plans from the current slot, with no sun at night and the plant’s target SOCs and export rule', () => {
    const plant: PlannedPlant = {
      id: 'p',
      companyId: null,
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      valuation: {
        method: 'constant',
        buyPrice: 0.3,
        sellPrice: 0.1,
        segments: [],
        buyVat: 0,
        sellVat: 0,
        buyFee: 0,
        sellFee: 0,
      },
      settings: { chargeTargetSoc: 90, dischargeTargetSoc: 20 },
      capacityKw: 10,
      latitude: 52.5,
      longitude: 13.4,
      actingUserId: null,
    };
    const prices = Array.from({ length: 24 }, (_, k) => slot(k, 0.2, 0.1));
    const input = planInput({
      plant,
      devices: { inverter: { id: 'i', sn: 'I', gatewayId: 'g', plantId: 'p' }, capacityKwh: 10, powerKw: 5, soc: 0.4 },
      prices,
      profile,
      clearness: 1,
      now: T0 + 0.5 * H,
    })!;
    expect(input.slots[0]!.start).toBe(T0);
    expect(input.slots).toHaveLength(24);
    // 02:00 in Berlin: dark. 14:00 in June: a 10 kWp plant makes several kWh an hour under a clear sky.
    expect(input.slots[0]!.pvKwh).toBe(0);
    expect(input.slots[12]!.pvKwh).toBeGreaterThan(4);
    expect(input.battery).toMatchObject({ socMin: 0.2, socMax: 0.9, socNow: 0.4 });
    expect(input.grid.exportFromPvOnly).toBe(true);
  });
});
