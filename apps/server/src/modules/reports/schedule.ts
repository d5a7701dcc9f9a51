import { addDays, localDay, localToUtc, type ReportPeriod, type ReportSchedule } from '@heliograph/shared';

/** Scheduled reports go out at this plant-local hour: the day before is counted by then. */
export const SEND_MINUTE_OF_DAY = 6 * 60;

/** The weekday of a YYYY-MM-DD (0 Sunday … 6 Saturday). */
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/**
 * When a schedule next sends after `now`, at 06:00 in its zone: daily every day, weekly on Mondays, monthly
 * on the first; null without a schedule. Local days, so a daylight-saving change moves nothing by an hour.
 */
export function nextDue(schedule: ReportSchedule, tz: string, now: number): number | null {
  if (schedule === 'none') return null;
  let day = localDay(now, tz);
  for (let i = 0; i < 40; i++, day = addDays(day, 1)) {
    const fits = schedule === 'daily' || (schedule === 'weekly' ? weekday(day) === 1 : day.endsWith('-01'));
    if (!fits) continue;
    const at = localToUtc(day, SEND_MINUTE_OF_DAY, tz);
    if (at > now) return at;
  }
  return null;
}

/** The period a mail sent at `now` reports: the one holding yesterday (the last whole day) in the zone. */
export function mailAnchor(period: ReportPeriod, tz: string, now: number): string {
  const yesterday = addDays(localDay(now, tz), -1);
  return period === 'daily' ? yesterday : period === 'monthly' ? yesterday.slice(0, 7) : yesterday.slice(0, 4);
}
