import { describe, expect, it } from 'vitest';
import { conditionHolds, edgeStep, scheduleOccurrence, SCHEDULE_GRACE_MS, weekdayOf } from './evaluate.js';

const ALL = [0, 1, 2, 3, 4, 5, 6];
const at = (time: string, weekdays = ALL) => ({ kind: 'schedule', at: time, everyMinutes: null, weekdays }) as const;
const every = (n: number, weekdays = ALL) => ({ kind: 'schedule', at: null, everyMinutes: n, weekdays }) as const;
const utc = (s: string) => Date.parse(s);

describe('schedules', () => {
  it('fires a time of day in the plant’s zone, for the grace time only, once per local day', () => {
    // 07:30 in Tokyo (UTC+9) is 22:30 UTC the day before.
    const tz = 'Asia/Tokyo';
    const armed = utc('2026-06-01T00:00:00Z');
    expect(scheduleOccurrence(at('07:30'), utc('2026-06-01T22:29:00Z'), tz, armed)).toBeNull();
    const due = scheduleOccurrence(at('07:30'), utc('2026-06-01T22:30:20Z'), tz, armed);
    expect(due?.key).toBe('at:2026-06-02T07:30');
    expect(scheduleOccurrence(at('07:30'), utc('2026-06-01T22:30:00Z') + SCHEDULE_GRACE_MS, tz, armed)).toBeNull();
    // Same instant in New York: 18:30, not due.
    expect(scheduleOccurrence(at('07:30'), utc('2026-06-01T22:30:20Z'), 'America/New_York', armed)).toBeNull();
  });

  it('does not fire what was scheduled before the rule was armed', () => {
    const now = utc('2026-06-01T08:05:00Z');
    expect(scheduleOccurrence(at('08:00'), now, 'UTC', utc('2026-06-01T08:04:00Z'))).toBeNull();
    expect(scheduleOccurrence(at('08:00'), now, 'UTC', utc('2026-06-01T07:00:00Z'))?.key).toBe('at:2026-06-01T08:00');
  });

  it('keeps to the weekdays of the local day (a Monday in Auckland is Sunday in UTC)', () => {
    // 2026-06-08 is a Monday; 06:00 NZST (UTC+12) is Sunday 18:00 UTC.
    expect(weekdayOf('2026-06-08')).toBe(1);
    const now = utc('2026-06-07T18:01:00Z');
    const armed = utc('2026-06-01T00:00:00Z');
    expect(scheduleOccurrence(at('06:00', [1]), now, 'Pacific/Auckland', armed)?.key).toBe('at:2026-06-08T06:00');
    expect(scheduleOccurrence(at('06:00', [0]), now, 'Pacific/Auckland', armed)).toBeNull();
  });

  it('fires at a time the clocks skip (spring forward) right after the gap, once', () => {
    // Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST at 01:00 UTC; 02:30 does not exist.
    const tz = 'Europe/Berlin';
    const armed = utc('2026-03-28T00:00:00Z');
    const keys = new Set<string>();
    for (let m = 0; m < 120; m++) {
      const o = scheduleOccurrence(at('02:30'), utc('2026-03-29T00:00:00Z') + m * 60_000, tz, armed);
      if (o) keys.add(o.key);
    }
    expect([...keys]).toEqual(['at:2026-03-29T02:30']);
  });

  it('fires a time the clocks repeat (fall back) once', () => {
    // Berlin, 2026-10-25: 03:00 CEST becomes 02:00 CET at 01:00 UTC; 02:30 happens at 00:30 and 01:30 UTC.
    const tz = 'Europe/Berlin';
    const armed = utc('2026-10-24T00:00:00Z');
    const due: number[] = [];
    const keys = new Set<string>();
    for (let m = 0; m < 180; m++) {
      const now = utc('2026-10-25T00:00:00Z') + m * 60_000;
      const o = scheduleOccurrence(at('02:30'), now, tz, armed);
      if (o) {
        keys.add(o.key);
        due.push(now);
      }
    }
    // Due within one grace period only, under one key: the run's unique key lets it fire once.
    expect([...keys]).toEqual(['at:2026-10-25T02:30']);
    expect(Math.max(...due) - Math.min(...due)).toBeLessThan(SCHEDULE_GRACE_MS);
  });

  it('fires every N minutes once per slot counted from local midnight, across midnight and zones', () => {
    const tz = 'Asia/Kolkata'; // UTC+5:30
    const keys = new Set<string>();
    for (let m = 0; m < 60; m++) {
      const o = scheduleOccurrence(every(15), utc('2026-06-01T18:00:00Z') + m * 60_000, tz, 0);
      if (o) keys.add(o.key);
    }
    // 23:30–00:30 local: slots 23:30, 23:45, 00:00, 00:15.
    expect([...keys]).toEqual([
      'every:2026-06-01:15:94',
      'every:2026-06-01:15:95',
      'every:2026-06-02:15:0',
      'every:2026-06-02:15:1',
    ]);
  });
});

describe('crossings', () => {
  it('fires when the value enters the band, not while it stays there, and not on first sight', () => {
    const first = edgeStep(null, { ts: 1, value: 200 }, 'above', 100);
    expect(first).toEqual({ state: { ts: 1, inBand: true }, entered: false });
    const stays = edgeStep(first?.state ?? null, { ts: 2, value: 300 }, 'above', 100);
    expect(stays?.entered).toBe(false);
    const leaves = edgeStep(stays?.state ?? null, { ts: 3, value: 50 }, 'above', 100);
    expect(leaves).toEqual({ state: { ts: 3, inBand: false }, entered: false });
    const enters = edgeStep(leaves?.state ?? null, { ts: 4, value: 101 }, 'above', 100);
    expect(enters?.entered).toBe(true);
    // An old or repeated sample changes nothing.
    expect(edgeStep(enters?.state ?? null, { ts: 4, value: 0 }, 'above', 100)).toBeNull();
    // Equal to the level is not over it; below works the same way down.
    expect(edgeStep({ ts: 1, inBand: false }, { ts: 2, value: 100 }, 'above', 100)?.entered).toBe(false);
    expect(edgeStep({ ts: 1, inBand: false }, { ts: 2, value: 9 }, 'below', 10)?.entered).toBe(true);
  });
});

describe('conditions', () => {
  const ctx = (now: number, over: Partial<Parameters<typeof conditionHolds>[1]> = {}) => ({
    now,
    tz: 'Europe/Lisbon',
    readings: new Map([['INV1', { soc: 55, on: true }]]),
    price: 0.12,
    ...over,
  });
  it('reads a time window across midnight in the plant’s zone', () => {
    const night = { kind: 'timeWindow', from: '22:00', to: '06:00' } as const;
    // Lisbon summer is UTC+1: 21:30 UTC is 22:30 local.
    expect(conditionHolds(night, ctx(utc('2026-07-01T21:30:00Z')))).toBe(true);
    expect(conditionHolds(night, ctx(utc('2026-07-01T20:30:00Z')))).toBe(false);
    expect(conditionHolds(night, ctx(utc('2026-07-02T04:59:00Z')))).toBe(true);
    expect(conditionHolds(night, ctx(utc('2026-07-02T05:00:00Z')))).toBe(false);
  });
  it('compares device values and the price; a missing one never holds', () => {
    const now = utc('2026-07-01T12:00:00Z');
    const soc = { kind: 'deviceValue', sn: 'INV1', metric: 'soc', direction: 'above', value: 50 } as const;
    expect(conditionHolds(soc, ctx(now))).toBe(true);
    expect(conditionHolds({ ...soc, value: 60 }, ctx(now))).toBe(false);
    expect(conditionHolds({ ...soc, sn: 'NONE' }, ctx(now))).toBe(false);
    expect(conditionHolds({ ...soc, metric: 'on', value: 0.5 }, ctx(now))).toBe(true);
    const cheap = { kind: 'price', direction: 'below', level: 0.15 } as const;
    expect(conditionHolds(cheap, ctx(now))).toBe(true);
    expect(conditionHolds(cheap, ctx(now, { price: null }))).toBe(false);
    expect(conditionHolds({ kind: 'weekday', days: [3] }, ctx(now))).toBe(true); // 2026-07-01 is a Wednesday
  });
});
