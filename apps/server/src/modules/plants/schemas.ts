import { ValidationError } from '../../http/errors.js';
import { z } from 'zod';

/** The rule of a plant route's path parameter `:id`. */
export const plantParams = { id: z.string().max(64) };
export const plantId = z.object(plantParams);
// Real calendar values in a sane range, written once in packages/shared (request-params.ts).
export { dayParam as dayString, monthParam as monthString, yearParam as yearString } from '@heliograph/shared';
export { pageQuery as paging } from '@heliograph/shared';

/** A capacity range whose minimum is above its maximum matches nothing: say so instead of an empty list. */
export function checkCapacityRange<T extends { capacityMin?: number | undefined; capacityMax?: number | undefined }>(
  q: T,
): T {
  if (q.capacityMin !== undefined && q.capacityMax !== undefined && q.capacityMin > q.capacityMax)
    throw new ValidationError([{ field: 'capacityMin', rule: 'invalid' }]);
  return q;
}

/**
 * The month (`YYYY-MM`) or year (`YYYY`) an energy period's figures are for: the one asked, else the one of
 * `today`; '' for all time.
 */
export function periodKey(
  period: 'month' | 'year' | 'total',
  q: { month?: string | undefined; year?: string | undefined },
  today: string,
): string {
  if (period === 'month') return q.month ?? today.slice(0, 7);
  if (period === 'year') return q.year ?? today.slice(0, 4);
  return '';
}
