import { ERROR_CODES } from '@heliograph/shared';
import { encryptPasswords } from '../../kit/encryptPassword';

/** What register and reset both ask for: the e-mail account, a new password and the code sent to the e-mail. */
export interface CodeFormValues {
  account: string;
  code: string;
  password: string;
  confirm: string;
}

/** The answers a code form shows itself rather than as a toast. */
export const CODE_FORM_TOLERATES = [ERROR_CODES.validation, ERROR_CODES.captchaWrong, ERROR_CODES.captchaExpired];

/** A wrong or expired e-mail code is told under the code box. */
export const CODE_REFUSALS = { [ERROR_CODES.captchaWrong]: 'code', [ERROR_CODES.captchaExpired]: 'code' } as const;

/** The request body both send: account and code trimmed, the password encrypted with the server's key. */
export async function codeFormBody(
  values: CodeFormValues,
): Promise<{ account: string; password: string; keyId: string; code: string }> {
  const { keyId, passwords } = await encryptPasswords(values.password);
  return { account: values.account.trim(), password: passwords[0] ?? '', keyId, code: values.code.trim() };
}
