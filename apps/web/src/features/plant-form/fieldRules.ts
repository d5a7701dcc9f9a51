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

export interface SchemaRuleOptions {
  /** Turns the input's value into the wire value (a date picker's Dayjs into YYYY-MM-DD). */
  convert?: (value: unknown) => unknown;
  /** An empty text is "not given" (left out of the body), not an empty string: optional e-mail fields. */
  emptyIsMissing?: boolean;
}

/**
 * An antd rule that runs one field of the shared schema (packages/shared/src/plant-input.ts), so the form
 * refuses exactly what the server refuses, with the same translated message. An emptied number input (null)
 * is "not given", as formModel leaves it out of the body.
 */
export function schemaRule(schema: z.ZodType, lang: Lang, options: SchemaRuleOptions = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const converted = options.convert ? options.convert(value) : value;
      const wire =
        converted === null || (options.emptyIsMissing && typeof converted === 'string' && converted.trim() === '')
          ? undefined
          : converted;
      const result = schema.safeParse(wire);
      if (!result.success) throw new Error(fieldMessage(ruleOf(result.error), lang));
    },
  };
}
