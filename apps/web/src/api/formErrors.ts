import type { FormInstance } from 'antd';
import { ERROR_CODES } from '@heliograph/shared';
import { ApiError } from './client';
import { notifier } from './notifier';

/**
 * Puts the offending fields of a code-4 answer (`data.fields[{field, message}]`) on the matching form fields.
 * `rename` maps a wire field to a form field. Anything that does not land on a field is told as a toast, so
 * nothing is lost. Returns whether the error was an ApiError this handled.
 */
export function applyServerErrors(
  form: FormInstance,
  err: unknown,
  known: readonly string[],
  rename: Record<string, string> = {},
): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.notified) return true;
  const errors = new Map<string, string[]>();
  let stray = false;
  if (err.code === ERROR_CODES.validation) {
    for (const f of err.fields) {
      const name = rename[f.field] ?? f.field;
      if (known.includes(name)) errors.set(name, [...(errors.get(name) ?? []), f.message]);
      else stray = true;
    }
  }
  if (errors.size > 0) form.setFields([...errors].map(([name, list]) => ({ name, errors: list })));
  if (errors.size === 0 || stray) notifier().error(err.message);
  return true;
}

/** One field's server message (e.g. 108 on the old password, 5 on the e-mail code). */
export function setFieldError(form: FormInstance, name: string, message: string): void {
  form.setFields([{ name, errors: [message] }]);
}
