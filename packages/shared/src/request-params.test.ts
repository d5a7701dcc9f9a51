import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  commaList,
  dayParam,
  isParamDay,
  isParamMonth,
  isParamYear,
  lastDayOfMonth,
  monthParam,
} from './request-params.js';

describe('request dates', () => {
  it('accept real calendar values within 1970..2100 only', () => {
    expect(['2026-11-30', '2024-02-29', '1970-01-01', '2100-12-31'].filter(isParamDay)).toHaveLength(4);
    for (const bad of [
      '2026-02-31',
      '2023-02-29',
      '0000-00-00',
      '9999-12-31',
      '1969-12-31',
      '2026-1-01',
      ' 2026-01-01',
    ])
      expect(isParamDay(bad), bad).toBe(false);
    expect(['2026-01', '2026-12'].every(isParamMonth)).toBe(true);
    expect(['2026-13', '2026-00', '0000-01', '2026-1'].some(isParamMonth)).toBe(false);
    expect(isParamYear('2026')).toBe(true);
    expect(['0000', '1969', '2101', '20261'].some(isParamYear)).toBe(false);
  });

  it('name the rule the message explains', () => {
    expect(dayParam.safeParse('2026-02-31').error?.issues[0]?.message).toBe('date');
    expect(monthParam.safeParse('2026-13').error?.issues[0]?.message).toBe('month');
  });

  it('know the last day of every month', () => {
    expect(['2026-11', '2026-02', '2024-02', '2026-12'].map(lastDayOfMonth)).toEqual([
      '2026-11-30',
      '2026-02-28',
      '2024-02-29',
      '2026-12-31',
    ]);
  });
});

describe('comma lists', () => {
  const sns = commaList(z.string().regex(/^[A-Z0-9]{1,8}$/), { max: 3 });
  it('split, drop empty items, and bound count and items', () => {
    expect(sns.parse('A1,B2,')).toEqual(['A1', 'B2']);
    for (const bad of ['', ',,,', 'A1,B2,C3,D4', 'a b', 'TOOLONGSERIAL'])
      expect(sns.safeParse(bad).success, bad).toBe(false);
  });
});
