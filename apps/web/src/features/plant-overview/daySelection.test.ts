import { describe, expect, it } from 'vitest';
import { daysBetween, isChartDay, monthsBetween, oldestChartDay, selectionFor, shortcutOf } from './daySelection';

const today = '2026-03-02';

describe('day chart selection', () => {
  it('maps the spec §9 shortcuts to a day or a run of days ending today', () => {
    expect(selectionFor('today', today)).toEqual({ kind: 'day', day: '2026-03-02' });
    expect(selectionFor('yesterday', today)).toEqual({ kind: 'day', day: '2026-03-01' });
    expect(selectionFor('last3', today)).toEqual({ kind: 'range', from: '2026-02-28', to: today, days: 3 });
    expect(selectionFor('last7', today)).toEqual({ kind: 'range', from: '2026-02-24', to: today, days: 7 });
    expect(selectionFor('last60', today)).toMatchObject({ from: '2026-01-02', days: 60 });
  });

  it('finds the shortcut back from a selection', () => {
    for (const s of ['today', 'yesterday', 'last3', 'last7', 'last30', 'last60'] as const) {
      expect(shortcutOf(selectionFor(s, today), today)).toBe(s);
    }
    expect(shortcutOf({ kind: 'day', day: '2026-02-20' }, today)).toBeNull();
  });

  it('offers only the last 30 days, today included', () => {
    expect(oldestChartDay(today)).toBe('2026-02-01');
    expect(isChartDay('2026-02-01', today)).toBe(true);
    expect(isChartDay('2026-01-31', today)).toBe(false);
    expect(isChartDay('2026-03-03', today)).toBe(false);
  });

  it('lists the days and months a range covers', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(monthsBetween('2025-12-30', '2026-02-01')).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});
