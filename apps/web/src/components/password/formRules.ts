import type { FormRule } from 'antd';
import { fieldMessage, isValidEmail, isValidPassword, LIMITS, VERIFICATION, type Lang } from '@heliograph/shared';

/**
 * Form rules for account fields, built on the shared rules and their shared messages (packages/shared): the
 * server applies the very same functions, so what the form accepts the server accepts.
 */
export function accountRules(lang: Lang) {
  const required: FormRule = { required: true, message: fieldMessage('required', lang) };
  const check =
    (ok: (value: string) => boolean, rule: Parameters<typeof fieldMessage>[0]): FormRule =>
    () => ({
      validator: (_r, value: unknown) =>
        !value || ok(String(value)) ? Promise.resolve() : Promise.reject(new Error(fieldMessage(rule, lang))),
    });
  return {
    required: [required],
    email: [required, check((v) => isValidEmail(v.trim()), 'email')],
    password: [required, check(isValidPassword, 'passwordRule')],
    confirm: (other: string): FormRule[] => [
      required,
      ({ getFieldValue }) => ({
        validator: (_r, value: unknown) =>
          !value || value === getFieldValue(other)
            ? Promise.resolve()
            : Promise.reject(new Error(fieldMessage('passwordMismatch', lang))),
      }),
    ],
    code: [required, check((v) => new RegExp(`^\\d{${VERIFICATION.codeLength}}$`).test(v.trim()), 'invalid')],
    nickname: [{ max: LIMITS.nicknameMax, message: fieldMessage('tooLong', lang) }],
  };
}
