import type { FormRule } from 'antd';
import { fieldMessage, MESSAGES, type FieldRule, type Lang } from '@heliograph/shared';
import type { z } from 'zod';

const RULES = new Set(Object.keys(MESSAGES.en.fields));
const isRule = (m: string): m is FieldRule => RULES.has(m);

/** The rule key a shared schema put in its first issue (plant-input.ts names one per refusal). */
export function ruleOf(error: z.ZodError): FieldRule {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  if (isRule(issue.message)) return issue.message;
  return issue.code === 'invalid_type' && issue.input === undefined ? 'required' : 'invalid';
}

/** An empty input is "not given": zod then says "required" (or accepts it, for an optional field). */
function given(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  return value;
}

/**
 * An antd rule that runs one field of the shared schema (packages/shared/src/plant-input.ts), so the form
 * refuses exactly what the server refuses, with the same translated message. `convert` turns the input's
 * value into the wire value (a date picker's Dayjs into YYYY-MM-DD).
 */
export function schemaRule(schema: z.ZodType, lang: Lang, convert?: (value: unknown) => unknown): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const wire = given(convert ? convert(value) : value);
      const result = schema.safeParse(wire);
      if (!result.success) throw new Error(fieldMessage(ruleOf(result.error), lang));
    },
  };
}
