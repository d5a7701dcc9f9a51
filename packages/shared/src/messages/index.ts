import type { ErrorKey } from '../errors.js';
import type { Lang } from '../languages.js';
import type { PermissionKey } from '../permissions.js';
import type { BuiltinRole } from '../roles.js';
import { cn } from './cn.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { he } from './he.js';
import { po } from './po.js';
import { pt } from './pt.js';
import { vi } from './vi.js';

/** The shape every language repeats: a missing or extra key is a type error. */
export interface Messages {
  errors: Record<ErrorKey, string>;
  fields: Record<keyof typeof en.fields, string>;
  roles: Record<BuiltinRole, string>;
  mail: Record<keyof typeof en.mail, string>;
  permissions: Record<PermissionKey, string>;
  reports: Record<keyof typeof en.reports, string>;
  sheetHeadings: Record<keyof typeof en.sheetHeadings, string>;
  sheetWords: Record<keyof typeof en.sheetWords, string>;
}

export const MESSAGES: Record<Lang, Messages> = {
  cn: cn,
  en,
  vi: vi,
  po: po,
  de: de,
  es: es,
  he: he,
  pt: pt,
};

export type FieldRule = keyof Messages['fields'];
export type SheetHeading = keyof Messages['sheetHeadings'];
export type SheetWord = keyof Messages['sheetWords'];
