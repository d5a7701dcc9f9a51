import { IMPORT_PROBLEMS } from '@heliograph/shared';
import { z } from 'zod';

/** The answer of an import (gateways and AC switches): how many rows were saved, and each refused row's problems. */
export const checkedRow = z.object({
  row: z.number(),
  sn: z.string(),
  registrationKey: z.string(),
  problems: z.array(z.enum(IMPORT_PROBLEMS)),
});
export const importAnswer = z.object({ saved: z.number(), rows: z.array(checkedRow) });
