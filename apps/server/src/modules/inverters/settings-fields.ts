import type { FieldRule } from '@heliograph/shared';
import { ValidationError } from '../../http/errors.js';

/** Problems of a settings write as code-4 fields (the console shows its own, more precise, message). */
export function settingsError(problems: { field: string; problem: string }[]): ValidationError {
  return new ValidationError(
    problems.map((p) => ({ field: p.field, rule: (p.problem === 'required' ? 'required' : 'invalid') as FieldRule })),
  );
}
