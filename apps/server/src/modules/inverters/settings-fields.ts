import type { FieldRule } from '@heliograph/shared';
import { z } from 'zod';
import { ValidationError } from '../../http/errors.js';

/** One field of a protocol's settings form (inverter settings and configuration templates). */
export const settingField = z.object({
  key: z.string(),
  label: z.string().optional(),
  group: z.string(),
  type: z.enum(['number', 'enum', 'boolean']),
  min: z.number().optional(),
  max: z.number().optional(),
  decimals: z.number().optional(),
  unit: z.string().optional(),
  options: z.array(z.object({ value: z.union([z.number(), z.string()]), label: z.string().optional() })).optional(),
});

/** Setting values by key, as written to an inverter or kept in a template. */
export const settingValues = z.record(z.string().max(64), z.union([z.number(), z.string().max(64), z.boolean()]));

/** Problems of a settings write as code-4 fields (the console shows its own, more precise, message). */
export function settingsError(problems: { field: string; problem: string }[]): ValidationError {
  return new ValidationError(
    problems.map((p) => ({ field: p.field, rule: (p.problem === 'required' ? 'required' : 'invalid') as FieldRule })),
  );
}
