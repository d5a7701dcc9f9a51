import type { FormInstance } from 'antd';
import { ERROR_CODES } from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';

/**
 * Where a refused code form (register, reset) shows the answer: a wrong or expired code under the code box,
 * an answer code that belongs to one field (`byCode`) under that field, any other field error under its field.
 * An answer the client already showed (toast or dialog) is left alone.
 */
export function showCodeFormError(
  form: FormInstance,
  err: unknown,
  fields: readonly string[],
  byCode: Readonly<Record<number, string>> = {},
): void {
  if (!(err instanceof ApiError) || err.notified) return;
  const field =
    err.code === ERROR_CODES.captchaWrong || err.code === ERROR_CODES.captchaExpired ? 'code' : byCode[err.code];
  if (field) setFieldError(form, field, err.message);
  else applyServerErrors(form, err, fields);
}
