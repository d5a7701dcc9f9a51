import { DAY_CHART_MAX_AGE_DAYS } from './format.js';

/**
 * Plant-local calendar days. A plant's day, month and year follow its own time zone (IANA name), so a
 * plant in Sydney and one in Lisbon each close their day at their own midnight.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** An instant's wall-clock fields in a zone, zero-padded by type: year, month, day, hour, minute, second. */
export function zonedParts(ms: number, tz: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of formatter(tz).formatToParts(new Date(ms))) out[p.type] = p.value;
  return out;
}

export interface LocalTime {
  /** YYYY-MM-DD */
  day: string;
  minuteOfDay: number;
}

function formatLocal(ms: number, tz: string): LocalTime {
  const parts = formatter(tz).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    day: `${get('year')}-${get('month')}-${get('day')}`,
    minuteOfDay: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

const QUARTER_MS = 900_000;
// Offset from UTC (minutes) per zone and quarter hour. Intl is by far the slowest step of ingest; a zone's
// offset only changes at a DST change, and those fall on quarter hours in UTC because every offset in use
// today is a whole number of quarters. Offsets that are not (historic local mean time) are never cached.
const offsets = new Map<string, number>();

export function localTime(ms: number, tz: string): LocalTime {
  const key = `${tz}|${Math.floor(ms / QUARTER_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const slot = Math.floor(ms / QUARTER_MS) * QUARTER_MS;
    const at = formatLocal(slot, tz);
    const [y, m, d] = at.day.split('-').map(Number);
    offset = (Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) + at.minuteOfDay * 60_000 - slot) / 60_000;
    if (offset % 15 !== 0) return formatLocal(ms, tz);
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  const local = new Date(Math.floor(ms / 60_000) * 60_000 + offset * 60_000);
  return {
    day: local.toISOString().slice(0, 10),
    minuteOfDay: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

export function localDay(ms: number, tz: string): string {
  return localTime(ms, tz).day;
}

/** Offset of the zone from UTC at an instant, in minutes (east positive). */
export function zoneOffsetMinutes(ms: number, tz: string): number {
  const { day, minuteOfDay } = localTime(ms, tz);
  const [y, m, d] = day.split('-').map(Number);
  const asUtc = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, Math.floor(minuteOfDay / 60), minuteOfDay % 60);
  return Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/** The UTC instant a local wall-clock time stands for (the first one, across a DST change). */
export function localToUtc(day: string, minuteOfDay: number, tz: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, minuteOfDay);
  // Two passes settle the offset even when the guess lands on the other side of a DST change.
  let ms = guess - zoneOffsetMinutes(guess, tz) * 60_000;
  ms = guess - zoneOffsetMinutes(ms, tz) * 60_000;
  return ms;
}

/** [start, end) of a plant-local day as UTC milliseconds (23, 24 or 25 hours long). */
export function dayRange(day: string, tz: string): [number, number] {
  return [localToUtc(day, 0, tz), localToUtc(addDays(day, 1), 0, tz)];
}

export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + n)).toISOString().slice(0, 10);
}

export const FIVE_MINUTES_MS = 300_000;

/** The start of the 5-minute bucket a reading falls in (buckets align in every zone, offsets being whole quarters). */
export function bucket5(ms: number): number {
  return Math.floor(ms / FIVE_MINUTES_MS) * FIVE_MINUTES_MS;
}

/** The oldest day the day power chart may show: the last DAY_CHART_MAX_AGE_DAYS days, today included (spec §9). */
export function oldestChartDay(today: string): string {
  return addDays(today, -(DAY_CHART_MAX_AGE_DAYS - 1));
}

/** Whether a day may be picked in a day chart's date picker (plant overview and every device page). */
export function isChartDay(day: string, today: string): boolean {
  return day >= oldestChartDay(today) && day <= today;
}
