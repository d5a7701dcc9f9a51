import { z } from 'zod';
import type { FieldRule } from './messages/index.js';

/**
 * The one set of schemas for dates, months, years and comma lists in a request (query string, path, body).
 * Each is checked as a real calendar value in a sane range before anything reaches the database, so
 * `2026-02-31`, `2026-13` or `9999-12-31` are refused as validation errors instead of failing in SQL.
 */
export const PARAM_YEAR_MIN = 1970;
export const PARAM_YEAR_MAX = 2100;

const message = (r: FieldRule) => ({ message: r });

function inYearRange(y: number): boolean {
  return Number.isInteger(y) && y >= PARAM_YEAR_MIN && y <= PARAM_YEAR_MAX;
}

/** `YYYY` within 1970..2100. */
export function isParamYear(value: string): boolean {
  return /^\d{4}$/.test(value) && inYearRange(Number(value));
}

/** `YYYY-MM` of a real month within 1970..2100. */
export function isParamMonth(value: string): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m) return false;
  const mo = Number(m[2]);
  return inYearRange(Number(m[1])) && mo >= 1 && mo <= 12;
}

/** `YYYY-MM-DD` of a day that exists (no 31 April, 29 February only in leap years) within 1970..2100. */
export function isParamDay(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!inYearRange(y)) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The last day (`YYYY-MM-DD`) of a `YYYY-MM` month: 28, 29, 30 or 31. */
export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y ?? PARAM_YEAR_MIN, m ?? 1, 0)).getUTCDate();
  return `${month}-${String(days).padStart(2, '0')}`;
}

export const dayParam = z.string().max(10).refine(isParamDay, message('date'));
export const monthParam = z.string().max(7).refine(isParamMonth, message('month'));
export const yearParam = z.string().max(4).refine(isParamYear, message('year'));
/** A day, a month or a year, for routes whose period decides which one they need. */
export const periodKeyParam = z
  .string()
  .max(10)
  .refine((v) => isParamDay(v) || isParamMonth(v) || isParamYear(v), message('date'));

/**
 * A comma-separated list in a query string (`?sns=a,b,c`), parsed by the route schema: empty items are dropped,
 * then at least one and at most `max` items, each checked by `item` (which bounds its length).
 */
export function commaList<T extends z.ZodType<string, string>>(item: T, opts: { max: number; maxLength?: number }) {
  return z
    .string()
    .max(opts.maxLength ?? opts.max * 65)
    .transform((raw) => raw.split(',').filter((s) => s !== ''))
    .pipe(z.array(item).min(1).max(opts.max));
}
