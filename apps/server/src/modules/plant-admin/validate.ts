import { MESSAGES, type FieldRule } from '@heliograph/shared';
import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError, ValidationError } from '../../http/errors.js';

const RULES = new Set(Object.keys(MESSAGES.en.fields));
const isRule = (m: string): m is FieldRule => RULES.has(m);

/** A zod issue as a code-4 field: the rule key the shared schema put in the message, or a generic one. */
export function fieldOf(issue: z.core.$ZodIssue): { field: string; rule: FieldRule } {
  const field = issue.path.map(String).join('.') || 'body';
  if (isRule(issue.message)) return { field, rule: issue.message };
  if (issue.code === 'invalid_type' && issue.input === undefined) return { field, rule: 'required' };
  if (issue.code === 'too_big') return { field, rule: 'tooLong' };
  return { field, rule: 'invalid' };
}

/**
 * Validation for the plant routes: the shared schemas (packages/shared/src/plant-input.ts) name the rule
 * each refusal broke, and the answer carries it. Bad coordinates are code 10 (spec §8), not code 4.
 */
export const plantValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const fields = result.error.issues.map(fieldOf);
    if (fields.some((f) => f.field === 'latitude' || f.field === 'longitude')) {
      return { error: new AppError('coordinates', { data: { fields }, httpStatus: 400 }) };
    }
    return { error: new ValidationError(fields) };
  };
