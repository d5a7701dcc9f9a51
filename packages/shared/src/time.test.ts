import { describe, expect, it } from 'vitest';
import { addDays, dayRange, localDay, localTime, zoneOffsetMinutes } from './time.js';

describe('plant-local days', () => {
  it('puts an instant in the day of the plant’s zone', () => {
    const ms = Date.UTC(2026, 5, 30, 22, 30); // 22:30 UTC
    expect(localDay(ms, 'Europe/Berlin')).toBe('2026-07-01');
    expect(localDay(ms, 'America/Sao_Paulo')).toBe('2026-06-30');
    expect(localTime(ms, 'Asia/Ho_Chi_Minh')).toEqual({ day: '2026-07-01', minuteOfDay: 5 * 60 + 30 });
  });
  it('knows zone offsets, with DST', () => {
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 15), 'Europe/Berlin')).toBe(60);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 15), 'Europe/Berlin')).toBe(120);
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 15), 'Australia/Sydney')).toBe(600);
  });
  it('gives day ranges of 24 hours, and 23 or 25 across DST changes', () => {
    const [s, e] = dayRange('2026-06-10', 'Europe/Berlin');
    expect(new Date(s).toISOString()).toBe('2026-06-09T22:00:00.000Z');
    expect(e - s).toBe(24 * 3600_000);
    const [s2, e2] = dayRange('2026-03-29', 'Europe/Berlin');
    expect(e2 - s2).toBe(23 * 3600_000);
    const [s3, e3] = dayRange('2026-10-25', 'Europe/Berlin');
    expect(e3 - s3).toBe(25 * 3600_000);
  });
  it('adds days across months', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
