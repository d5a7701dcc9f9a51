import { describe, expect, it } from 'vitest';
import { monthShort, monthTitle, stepMonth, stepYear } from './periodKeys';

describe('energy bar periods', () => {
  it('steps months across years and years', () => {
    expect(stepMonth('2026-01', -1)).toBe('2025-12');
    expect(stepMonth('2026-12', 1)).toBe('2027-01');
    expect(stepMonth('2026-05', 0)).toBe('2026-05');
    expect(stepYear('2026', -1)).toBe('2025');
  });

  it('names months in the reader language', () => {
    expect(monthTitle('2026-11', 'en')).toBe('November 2026');
    expect(monthTitle('2026-11', 'zh-CN')).toBe('2026年11月');
    expect(monthShort('2026-03', 'de')).toMatch(/^Mär/);
  });
});
