import { describe, expect, it } from 'vitest';
import { capacityShare, formatCapacity, formatEnergy, formatMoney, formatPower, formatRatio } from './figures';
import { formatClock, formatDateTime, zoneLabel } from './plantTime';

const wan = (v: string) => `${v}万`;

describe('figures (spec §9)', () => {
  it('scales power and energy and keeps one decimal', () => {
    expect(formatPower(640, 'en')).toBe('640.0 W');
    expect(formatPower(4200, 'en')).toBe('4.2 kW');
    expect(formatPower(-1100, 'en')).toBe('-1.1 kW');
    expect(formatPower(2_500_000, 'en')).toBe('2.5 MW');
    expect(formatEnergy(12.34, 'en')).toBe('12.3 kWh');
    expect(formatEnergy(26608.4, 'en')).toBe('26.6 MWh');
    expect(formatCapacity(6.56, 'en')).toBe('6.6 kW');
  });

  it('does not print 1000 of a unit after rounding', () => {
    expect(formatPower(999.96, 'en')).toBe('1.0 kW');
    expect(formatEnergy(999.98, 'en')).toBe('1.0 MWh');
    expect(formatPower(999.94, 'en')).toBe('999.9 W');
  });

  it('shows two dashes for missing values', () => {
    expect(formatPower(null, 'en')).toBe('--');
    expect(formatEnergy(undefined, 'en')).toBe('--');
    expect(formatRatio(null, 'en')).toBe('--');
    expect(formatMoney(null, 'EUR', 'en', wan)).toBe('--');
  });

  it('follows the locale for separators and percentages', () => {
    expect(formatEnergy(12.34, 'de')).toBe('12,3 kWh');
    expect(formatRatio(0.5019, 'en')).toBe('50.2%');
    expect(formatRatio(0.5019, 'de')).toMatch(/^50,2\s%$/);
  });

  it('writes money with the currency symbol where the locale puts it, in ten-thousands from eight digits', () => {
    expect(formatMoney(16.5452, 'CNY', 'zh-CN', wan)).toBe('¥16.5');
    expect(formatMoney(12345.6, 'EUR', 'en', wan)).toBe('€12,345.6');
    expect(formatMoney(12345.6, 'EUR', 'de', wan)).toBe('12.345,6\u00a0€');
    expect(formatMoney(123_456_789, 'CNY', 'zh-CN', wan)).toBe('¥12,345.7万');
  });

  it('relates power to capacity', () => {
    expect(capacityShare(5128.3, 6.56)).toBeCloseTo(0.7818, 3);
    expect(capacityShare(-5, 6.56)).toBe(0);
    expect(capacityShare(null, 6.56)).toBeNull();
    expect(capacityShare(100, 0)).toBeNull();
  });
});

describe('plant-local times', () => {
  const ms = Date.parse('2026-11-22T03:44:18Z');
  it('formats in the plant zone with the spec formats', () => {
    expect(formatDateTime(ms, 'Asia/Shanghai')).toBe('2026-11-22 11:44:18');
    expect(formatDateTime(ms, 'America/Sao_Paulo')).toBe('2026-11-22 00:44:18');
    expect(formatClock(ms, 'Europe/Berlin')).toBe('04:44');
    expect(formatDateTime(null, 'UTC')).toBe('--');
    expect(zoneLabel(ms, 'Asia/Shanghai', 'en')).toBe('GMT+8');
  });
});
