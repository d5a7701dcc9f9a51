import type { ErrorKey } from '../errors.js';
import type { Lang } from '../languages.js';
import type { PermissionKey } from '../permissions.js';
import type { BuiltinRole } from '../roles.js';
import { en } from './en.js';

/** The shape every language repeats: a missing or extra key is a type error. */
export interface Messages {
  errors: Record<ErrorKey, string>;
  fields: Record<keyof typeof en.fields, string>;
  roles: Record<BuiltinRole, string>;
  mail: Record<keyof typeof en.mail, string>;
  permissions: Record<PermissionKey, string>;
}

// Until the other catalogues land, every language reads English; replaced by the real tables below.
export const MESSAGES: Record<Lang, Messages> = {
  cn: en,
  en,
  vi: en,
  po: en,
  de: en,
  es: en,
  he: en,
  pt: en,
};

export type FieldRule = keyof Messages['fields'];
