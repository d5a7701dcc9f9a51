import { describe, expect, it } from 'vitest';
import { localDate, localTime, localToUtc, startOfLocalDay, zoneOffsetMs } from './local-time.js';

const HOUR = 3_600_000;

describe('plant-local time', () => {
  it('follows daylight saving changes to the quarter hour', () => {
    // Europe/Berlin springs forward at 01:00 UTC on 2025-03-30 and falls back at 01:00 UTC on 2025-10-26.
    expect(zoneOffsetMs('Europe/Berlin', Date.UTC(2025, 2, 30, 0, 45))).toBe(1 * HOUR);
    expect(zoneOffsetMs('Europe/Berlin', Date.UTC(2025, 2, 30, 1, 0))).toBe(2 * HOUR);
    expect(zoneOffsetMs('Europe/Berlin', Date.UTC(2025, 9, 26, 0, 45))).toBe(2 * HOUR);
    expect(zoneOffsetMs('Europe/Berlin', Date.UTC(2025, 9, 26, 1, 0))).toBe(1 * HOUR);
    // Southern hemisphere, and zones without daylight saving.
    expect(zoneOffsetMs('Australia/Sydney', Date.UTC(2025, 0, 15))).toBe(11 * HOUR);
    expect(zoneOffsetMs('Australia/Sydney', Date.UTC(2025, 6, 15))).toBe(10 * HOUR);
    expect(zoneOffsetMs('America/Phoenix', Date.UTC(2025, 6, 15))).toBe(-7 * HOUR);
    expect(zoneOffsetMs('Asia/Ho_Chi_Minh', Date.UTC(2025, 6, 15))).toBe(7 * HOUR);
  });

  it('gives the local calendar position of an instant', () => {
    const t = Date.UTC(2025, 5, 21, 22, 30); // Sunday 00:30 in Berlin (UTC+2)
    expect(localTime('Europe/Berlin', t)).toMatchObject({ hour: 0.5, weekday: 0, dayOfYear: 173 });
    expect(localDate('Europe/Berlin', t)).toBe('2025-06-22');
    expect(localDate('America/Sao_Paulo', t)).toBe('2025-06-21');
  });

  it('turns local wall-clock times back into instants, days of 23 and 25 hours included', () => {
    const day = localTime('Europe/Berlin', Date.UTC(2025, 2, 30, 12)).dayNumber;
    expect(localToUtc('Europe/Berlin', day, 0)).toBe(Date.UTC(2025, 2, 29, 23));
    expect(localToUtc('Europe/Berlin', day, 23, 55)).toBe(Date.UTC(2025, 2, 30, 21, 55));
    expect(localToUtc('Europe/Berlin', day + 1, 0) - localToUtc('Europe/Berlin', day, 0)).toBe(23 * HOUR);
    const autumn = localTime('Europe/Berlin', Date.UTC(2025, 9, 26, 12)).dayNumber;
    expect(localToUtc('Europe/Berlin', autumn + 1, 0) - localToUtc('Europe/Berlin', autumn, 0)).toBe(25 * HOUR);
    expect(startOfLocalDay('Australia/Sydney', Date.UTC(2025, 0, 15, 3))).toBe(Date.UTC(2025, 0, 14, 13));
  });
});
