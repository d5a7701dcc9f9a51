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
  it('agrees with the zone database minute by minute across DST changes, half-hour and 45-minute zones', () => {
    const zones = ['Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham'];
    // The zone database as Intl writes a wall clock in Swedish ("2026-07-01 05:30"), with no offset cache: one
    // formatter per zone (making one per minute made this test slow enough to time out on a busy machine).
    const formatters = new Map(
      zones.map((tz) => [
        tz,
        new Intl.DateTimeFormat('sv-SE', { timeZone: tz, dateStyle: 'short', timeStyle: 'short', hourCycle: 'h23' }),
      ]),
    );
    const reference = (ms: number, tz: string) => {
      const [day = '', hm = ''] = formatters.get(tz)?.format(new Date(ms)).split(' ') ?? [];
      const [h = 0, m = 0] = hm.split(':').map(Number);
      return { day, minuteOfDay: h * 60 + m };
    };
    // Two days around each 2026 change in Europe, North America and Australia, every 7 minutes.
    const windows = [Date.UTC(2026, 2, 28), Date.UTC(2026, 2, 7), Date.UTC(2026, 3, 4), Date.UTC(2026, 9, 3)];
    for (const tz of zones) {
      for (const start of windows) {
        for (let ms = start; ms < start + 2 * 86_400_000; ms += 7 * 60_000 + 13_000) {
          expect(localTime(ms, tz), `${tz} ${new Date(ms).toISOString()}`).toEqual(reference(ms, tz));
        }
      }
    }
  });
  it('adds days across months', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
