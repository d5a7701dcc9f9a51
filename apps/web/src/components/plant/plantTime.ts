import { EMPTY_VALUE, zonedParts } from '@heliograph/shared';

/**
 * Times in the plant's own time zone, in the spec §9 formats (YYYY-MM-DD, YYYY-MM-DD HH:mm:ss), so a plant
 * in Shanghai reads the same wherever its owner happens to be.
 */

const valid = (ms: number | null | undefined): ms is number => typeof ms === 'number' && Number.isFinite(ms);

/** "2026-11-22 14:05:09" */
export function formatDateTime(ms: number | null | undefined, tz: string): string {
  if (!valid(ms)) return EMPTY_VALUE;
  const p = zonedParts(ms, tz);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** "14:05" */
export function formatClock(ms: number | null | undefined, tz: string): string {
  if (!valid(ms)) return EMPTY_VALUE;
  const p = zonedParts(ms, tz);
  return `${p.hour}:${p.minute}`;
}

/** "14:05:09" */
export function formatClockSeconds(ms: number | null | undefined, tz: string): string {
  if (!valid(ms)) return EMPTY_VALUE;
  const p = zonedParts(ms, tz);
  return `${p.hour}:${p.minute}:${p.second}`;
}

/** The zone's offset as "GMT+8", "GMT-3:30" at an instant, in the reader's locale. */
export function zoneLabel(ms: number, tz: string, locale: string): string {
  try {
    const p = new Intl.DateTimeFormat(locale, { timeZone: tz, timeZoneName: 'shortOffset' }).formatToParts(
      new Date(ms),
    );
    return p.find((x) => x.type === 'timeZoneName')?.value ?? tz;
  } catch {
    return tz;
  }
}
