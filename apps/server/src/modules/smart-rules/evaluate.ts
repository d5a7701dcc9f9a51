import {
  inBand,
  localTime,
  localToUtc,
  addDays,
  type Direction,
  type RuleCondition,
  type RuleTrigger,
} from '@heliograph/shared';

/**
 * The engine's pure steps (docs/smart-rules.md): which occurrence of a schedule is due, whether a reading or a
 * price entered its band since the last look, and whether the conditions hold. No SQL, no clock: `now` and the
 * plant's time zone are arguments, so tests cover time zones and DST changes directly.
 */

type Schedule = Extract<RuleTrigger, { kind: 'schedule' }>;

/** How long after its minute a time-of-day schedule may still fire (a round late, an instance restarting). */
export const SCHEDULE_GRACE_MS = 10 * 60_000;

/** What fired a rule: its unique key among the rule's runs, and the words of the run log. */
export interface Occurrence {
  key: string;
  detail: string;
}

/** 0 Sunday … 6 Saturday of a local day YYYY-MM-DD. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

const hm = (minuteOfDay: number) =>
  `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
const minutesOf = (at: string) => Number(at.slice(0, 2)) * 60 + Number(at.slice(3, 5));

/**
 * The occurrence of a schedule due at `now` in zone `tz`, or null. A time of day fires from its instant for
 * SCHEDULE_GRACE_MS, once per local day (the key is the local day and minute, so the hour repeated when clocks
 * go back fires once); a time skipped when clocks go forward fires at the first instant after the gap. Nothing
 * scheduled before `armedAt` (the rule was made or enabled after it) fires. Every N minutes fires once per slot
 * of N minutes counted from local midnight, the first in the slot the rule was armed in.
 */
export function scheduleOccurrence(t: Schedule, now: number, tz: string, armedAt: number): Occurrence | null {
  const local = localTime(now, tz);
  if (t.everyMinutes !== null) {
    if (!t.weekdays.includes(weekdayOf(local.day))) return null;
    const slot = Math.floor(local.minuteOfDay / t.everyMinutes);
    return {
      key: `every:${local.day}:${t.everyMinutes}:${slot}`,
      detail: `every ${t.everyMinutes} min (${local.day} ${hm(slot * t.everyMinutes)})`,
    };
  }
  if (t.at === null) return null;
  const minute = minutesOf(t.at);
  for (const day of [local.day, addDays(local.day, -1)]) {
    if (!t.weekdays.includes(weekdayOf(day))) continue;
    const at = localToUtc(day, minute, tz);
    if (now >= at && now - at < SCHEDULE_GRACE_MS && at >= armedAt - 60_000)
      return { key: `at:${day}T${t.at}`, detail: `schedule ${day} ${t.at}` };
  }
  return null;
}

/** What the engine last saw of an edge trigger: when, and whether the value was in the band. */
export interface EdgeState {
  ts: number;
  inBand: boolean;
}

/**
 * A reading's (or price's) step: the new state, and whether it entered the band — a crossing, fired once, not
 * while the value stays in the band. The first sight (no state yet) is not a crossing: a rule armed while the
 * value is already over its level waits for the next time it goes over. An older or same sample changes nothing.
 */
export function edgeStep(
  prev: EdgeState | null,
  sample: { ts: number; value: number },
  direction: Direction,
  level: number,
): { state: EdgeState; entered: boolean } | null {
  if (prev && sample.ts <= prev.ts) return null;
  const now = inBand(sample.value, direction, level);
  if (prev && prev.inBand === now) return { state: { ts: sample.ts, inBand: now }, entered: false };
  return { state: { ts: sample.ts, inBand: now }, entered: prev !== null && !prev.inBand && now };
}

export function isEdgeState(v: unknown): v is EdgeState {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as EdgeState).ts === 'number' &&
    typeof (v as EdgeState).inBand === 'boolean'
  );
}

/** What the conditions read at a firing. */
export interface ConditionContext {
  now: number;
  tz: string;
  /** Each device's newest readings by serial. */
  readings: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** The plant's buy price now (null: none known). */
  price: number | null;
}

/** Whether one condition holds; a missing reading or price never holds. */
export function conditionHolds(c: RuleCondition, ctx: ConditionContext): boolean {
  const local = localTime(ctx.now, ctx.tz);
  switch (c.kind) {
    case 'timeWindow': {
      const from = minutesOf(c.from);
      const to = minutesOf(c.to);
      const m = local.minuteOfDay;
      // A window past midnight (22:00–06:00) wraps; from = to is the whole day.
      if (from === to) return true;
      return from < to ? m >= from && m < to : m >= from || m < to;
    }
    case 'weekday':
      return c.days.includes(weekdayOf(local.day));
    case 'deviceValue': {
      const v = metricValue(ctx.readings.get(c.sn), c.metric);
      return v !== null && inBand(v, c.direction, c.value);
    }
    case 'price':
      return ctx.price !== null && inBand(ctx.price, c.direction, c.level);
  }
}

export function conditionsHold(conditions: readonly RuleCondition[], ctx: ConditionContext): boolean {
  return conditions.every((c) => conditionHolds(c, ctx));
}

/** A metric's number in a readings object (booleans count as 1 and 0: a switch's `on`). */
export function metricValue(metrics: Readonly<Record<string, unknown>> | undefined, key: string): number | null {
  const v = metrics?.[key];
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}
