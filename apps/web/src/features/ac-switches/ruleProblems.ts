import type { z } from 'zod';
import type { FormInstance } from 'antd';

/** One form field at fault (antd name path) and the shared rule's key for it. */
export interface FieldProblem {
  name: (string | number)[];
  rule: string;
}

/**
 * Checks a form's values with the same zod rule the server uses (packages/shared/src/device-rules.ts), so
 * the form refuses exactly what the server would and nothing is sent. The first problem of each field only.
 */
export function ruleProblems(schema: z.ZodType, value: unknown): FieldProblem[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  const seen = new Set<string>();
  const out: FieldProblem[] = [];
  for (const issue of parsed.error.issues) {
    const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const id = name.join('.');
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ name, rule: KNOWN_RULES.has(issue.message) ? issue.message : 'invalid' });
  }
  return out;
}

/** Rule keys the forms translate (acSwitches.rule.*); zod's own wording is never shown. */
const KNOWN_RULES = new Set(['required', 'invalid', 'tooLong', 'noSpecialCharacters', 'date', 'touTime']);

/** Puts translated problems on a form's fields (a typed form only accepts its own literal name paths). */
export function showProblems(
  form: FormInstance,
  problems: readonly { name: (string | number)[] | string; message: string }[],
): void {
  form.setFields(problems.map((p) => ({ name: p.name, errors: [p.message] })));
}

/**
 * Checks a form's values with the shared rule and, where they break it, says why on the form's fields (the
 * words for each problem from `message`). True when the values may be sent.
 */
export function passesRule(
  form: FormInstance,
  schema: z.ZodType,
  value: unknown,
  message: (problem: FieldProblem) => string,
): boolean {
  const problems = ruleProblems(schema, value);
  showProblems(
    form,
    problems.map((p) => ({ name: p.name, message: message(p) })),
  );
  return problems.length === 0;
}
