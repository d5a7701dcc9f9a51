import { ERROR_CODES, errorKeyOf, type ErrorKey } from './errors.js';
import type { Lang } from './languages.js';
import { MESSAGES, type FieldRule, type Messages } from './messages/index.js';
import type { PermissionKey } from './permissions.js';
import type { BuiltinRole } from './roles.js';

export function errorMessage(codeOrKey: number | ErrorKey, lang: Lang): string {
  const key = typeof codeOrKey === 'number' ? errorKeyOf(codeOrKey) : codeOrKey;
  return MESSAGES[lang].errors[key ?? 'serverError'];
}

export function fieldMessage(rule: FieldRule, lang: Lang): string {
  return MESSAGES[lang].fields[rule];
}

export function permissionTitle(key: PermissionKey, lang: Lang): string {
  return MESSAGES[lang].permissions[key];
}

export function roleName(role: BuiltinRole, lang: Lang): string {
  return MESSAGES[lang].roles[role];
}

export function mailText(key: keyof Messages['mail'], lang: Lang, vars: Record<string, string> = {}): string {
  return MESSAGES[lang].mail[key].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}

export { ERROR_CODES };

/** A plant report's word (headings of its .xlsx and PDF, its notice and mail), with `{name}` placeholders filled. */
export function reportText(key: keyof Messages['reports'], lang: Lang, vars: Record<string, string> = {}): string {
  return MESSAGES[lang].reports[key].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}
