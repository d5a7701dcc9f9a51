import { periodRange, type ReportPeriod } from '@heliograph/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** The date picker's mode and the anchor's format for each report period. */
export const PICKER: Record<ReportPeriod, { picker: 'date' | 'month' | 'year'; format: string }> = {
  daily: { picker: 'date', format: 'YYYY-MM-DD' },
  monthly: { picker: 'month', format: 'YYYY-MM' },
  yearly: { picker: 'year', format: 'YYYY' },
};

/** The period a report opens on: yesterday (the last whole day), this month, this year. */
export function defaultAnchor(period: ReportPeriod, today: Dayjs = dayjs()): string {
  const day = period === 'daily' ? today.subtract(1, 'day') : today;
  return day.format(PICKER[period].format);
}

/** The anchor as a date for the picker; undefined when it does not read in the period's format. */
export function anchorDate(period: ReportPeriod, anchor: string): Dayjs | undefined {
  const range = periodRange(period, anchor);
  return range ? dayjs(range.from) : undefined;
}
