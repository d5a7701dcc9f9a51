/**
 * Local time in a plant's IANA time zone, from the runtime's time zone database (through shared's
 * zoneOffsetMinutes), so daylight saving changes land where they do in the real world. Looking an offset
 * up costs more than the rest of a simulation step, so offsets are cached per zone and UTC day: a day
 * whose start and end have the same offset has it throughout (zones change at most twice a year, never
 * twice in a day); a day with a change is looked up per quarter hour, as no zone changes off a quarter hour.
 */
import { zoneOffsetMinutes } from '@heliograph/shared';
import type { LocalTime } from '../physics/weather.js';

const MS_PER_DAY = 86_400_000;
const QUARTER_HOUR = 900_000;
const MAX_CACHED = 50_000;

/** Per zone: UTC day → its offset, or null for a day with a change. */
const dayOffsets = new Map<string, Map<number, number | null>>();
/** Per zone: quarter hour → offset, for days with a change. */
const quarterOffsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at an instant, ms (positive east of Greenwich). */
export function zoneOffsetMs(timeZone: string, utcMs: number): number {
  const days = cacheFor(dayOffsets, timeZone);
  const day = Math.floor(utcMs / MS_PER_DAY);
  let offset = days.get(day);
  if (offset === undefined) {
    const start = formattedOffset(timeZone, day * MS_PER_DAY);
    offset = start === formattedOffset(timeZone, (day + 1) * MS_PER_DAY - QUARTER_HOUR) ? start : null;
    days.set(day, offset);
  }
  if (offset !== null) return offset;

  const quarters = cacheFor(quarterOffsets, timeZone);
  const quarter = Math.floor(utcMs / QUARTER_HOUR);
  let exact = quarters.get(quarter);
  if (exact === undefined) quarters.set(quarter, (exact = formattedOffset(timeZone, quarter * QUARTER_HOUR)));
  return exact;
}

function cacheFor<V>(caches: Map<string, Map<number, V>>, timeZone: string): Map<number, V> {
  let cache = caches.get(timeZone);
  if (!cache) caches.set(timeZone, (cache = new Map()));
  // A long-running process keeps moving forward in time; dropping the lot now and then bounds the memory.
  if (cache.size >= MAX_CACHED) cache.clear();
  return cache;
}

/** The offset at an instant on a whole minute, as the time zone database has it (shared's lookup). */
function formattedOffset(timeZone: string, at: number): number {
  return zoneOffsetMinutes(at, timeZone) * 60_000;
}

/** The plant's local calendar position at an instant. */
export function localTime(timeZone: string, utcMs: number): LocalTime {
  const local = utcMs + zoneOffsetMs(timeZone, utcMs);
  const dayNumber = Math.floor(local / MS_PER_DAY);
  const date = new Date(dayNumber * MS_PER_DAY);
  const dayOfYear = dayNumber - Date.UTC(date.getUTCFullYear(), 0, 1) / MS_PER_DAY + 1;
  return { dayNumber, hour: (local - dayNumber * MS_PER_DAY) / 3_600_000, dayOfYear, weekday: date.getUTCDay() };
}

/** The local date of an instant, YYYY-MM-DD. */
export function localDate(timeZone: string, utcMs: number): string {
  return new Date(localTime(timeZone, utcMs).dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/**
 * The UTC instant of a local wall-clock time on a local day (days since 1970 of the local date). Two passes
 * settle the offset; in a gap of a spring-forward change the result lands just after it.
 */
export function localToUtc(timeZone: string, dayNumber: number, hour: number, minute = 0): number {
  const wall = dayNumber * MS_PER_DAY + (hour * 60 + minute) * 60_000;
  let utc = wall - zoneOffsetMs(timeZone, wall);
  utc = wall - zoneOffsetMs(timeZone, utc);
  return utc;
}

/** Local midnight that starts the local day holding `utcMs`. */
export function startOfLocalDay(timeZone: string, utcMs: number): number {
  return localToUtc(timeZone, localTime(timeZone, utcMs).dayNumber, 0);
}
