import { describe, expect, it } from 'vitest';
import {
  counterStep,
  derivedLoad,
  flowStates,
  income,
  selfConsumptionRatio,
  selfSufficiencyRatio,
  stepEnergy,
} from './energy.js';
import { formatFigure, scaleEnergy } from './format.js';
import type { Valuation } from './plant.js';

const FIVE_MIN = 300_000;

describe('counter steps', () => {
  it('counts ordinary growth', () => {
    expect(counterStep(100, 100.4, FIVE_MIN, 5000)).toEqual({ kind: 'energy', kwh: expect.closeTo(0.4, 9) });
  });
  it('starts a run on the first reading', () => {
    expect(stepEnergy(counterStep(undefined, 1234, FIVE_MIN, 5000))).toBe(0);
  });
  it('takes a counter that went back to near zero as a reset, counting what accrued since', () => {
    const s = counterStep(5000, 0.2, FIVE_MIN, 5000);
    expect(s).toEqual({ kind: 'reset', kwh: 0.2 });
  });
  it('refuses a jump beyond what the rating could produce', () => {
    // 5 kW for 5 minutes is 0.417 kWh; with margin 0.625 kWh. 10 kWh is a jump.
    const s = counterStep(100, 110, FIVE_MIN, 5000);
    expect(s.kind).toBe('jump');
    expect(stepEnergy(s)).toBe(0);
    expect(counterStep(100, 100.6, FIVE_MIN, 5000).kind).toBe('energy');
  });
  it('lets a long gap carry the energy produced across it', () => {
    // 6 hours offline at up to 5 kW: 20 kWh is plausible.
    expect(counterStep(100, 120, 6 * 3_600_000, 5000)).toEqual({ kind: 'energy', kwh: 20 });
  });
  it('ignores rounding noise backwards', () => {
    expect(counterStep(100, 99.9995, FIVE_MIN, 5000)).toEqual({ kind: 'energy', kwh: 0 });
  });
});

describe('ratios and derived load', () => {
  const e = { pv: 30, purchase: 5, feedIn: 10, charge: 6, discharge: 4, load: 23 };
  it('balances PV + purchase + discharge − feed-in − charge', () => {
    expect(derivedLoad(e)).toBe(23);
  });
  it('computes self-consumption and self-sufficiency', () => {
    expect(selfConsumptionRatio(e)).toBeCloseTo(20 / 30);
    expect(selfSufficiencyRatio(e)).toBeCloseTo(18 / 23);
    expect(selfConsumptionRatio({ ...e, pv: 0 })).toBeNull();
  });
});

describe('income', () => {
  const base: Valuation = {
    method: 'constant',
    buyPrice: 0.3,
    sellPrice: 0.08,
    segments: [],
    buyVat: 0,
    sellVat: 0,
    buyFee: 0,
    sellFee: 0,
  };
  const e = { pv: 30, purchase: 5, feedIn: 10, charge: 0, discharge: 0, load: 25 };
  it('values self-used energy at the purchase price and feed-in at the feed-in price', () => {
    expect(income(base, e)).toBeCloseTo(20 * 0.3 + 10 * 0.08);
  });
  it('adds VAT and fees', () => {
    const v = { ...base, buyVat: 19, buyFee: 0.05, sellFee: 0.01 };
    expect(income(v, e)).toBeCloseTo(20 * 0.35 * 1.19 + 10 * 0.07);
  });
  it('values generation at one price', () => {
    expect(income({ ...base, method: 'generation', buyPrice: 0.5 }, e)).toBeCloseTo(15);
  });
  it('prices time-of-use intervals by their segment', () => {
    const v: Valuation = {
      ...base,
      method: 'tou',
      segments: [
        { start: '00:00', end: '08:00', buy: 0.1, sell: 0.05 },
        { start: '08:00', end: '24:00', buy: 0.4, sell: 0.1 },
      ],
    };
    const intervals = [
      { minuteOfDay: 7 * 60, purchase: 1, feedIn: 0, selfUsed: 2 },
      { minuteOfDay: 12 * 60, purchase: 0, feedIn: 3, selfUsed: 5 },
    ];
    expect(income(v, e, intervals)).toBeCloseTo(2 * 0.1 + 5 * 0.4 + 3 * 0.1);
  });
});

describe('flow states', () => {
  it('reads buying/selling and charging/discharging from the signs', () => {
    expect(flowStates({ grid: 1200, battery: -800 })).toEqual({ grid: 'buying', battery: 'charging' });
    expect(flowStates({ grid: -500, battery: 300 })).toEqual({ grid: 'selling', battery: 'discharging' });
    expect(flowStates({ grid: 3, battery: null })).toEqual({ grid: 'idle', battery: 'idle' });
  });
});

describe('number formatting (spec §9)', () => {
  it('gives one decimal under 5 digits, thousands from 5 to 7, ten-thousands from 8', () => {
    expect(formatFigure(1234.56).text).toBe('1234.6');
    expect(formatFigure(12345.67).text).toBe('12,345.7');
    expect(formatFigure(1234567.8).text).toBe('1,234,567.8');
    expect(formatFigure(123456789)).toEqual({ text: '12,345.7', tenThousands: true });
    expect(formatFigure(null).text).toBe('--');
  });
  it('scales kWh to MWh and GWh', () => {
    expect(scaleEnergy(1500)).toEqual({ value: 1.5, unit: 'MWh' });
    expect(scaleEnergy(2_500_000)).toEqual({ value: 2.5, unit: 'GWh' });
    expect(scaleEnergy(12)).toEqual({ value: 12, unit: 'kWh' });
  });
});
