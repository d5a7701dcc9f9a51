import { z } from 'zod';

/**
 * A count per key, in the order given (the statistics bars: by status, by level, by group). The keys are the
 * answer's field order, so a list's words stay the single place its counts are spelled.
 */
export const countsOf = <const K extends string>(keys: readonly K[], count: z.ZodNumber = z.number()) =>
  z.object(Object.fromEntries(keys.map((key) => [key, count])) as Record<K, z.ZodNumber>);
