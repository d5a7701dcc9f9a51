import { z } from 'zod';

/** The answer of a call that only says it succeeded: `data` is null. One object, so routes can share it. */
export const emptyAnswer = z.null();
