import { z } from 'zod';

/** `page` and `size` of every paged list (spec §7: pages of at most 100 rows, 20 unless asked). */
export const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
};

/** The answer of a paged list: the rows of one page and how many match in all. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ total: z.number().int(), rows: z.array(row) });
