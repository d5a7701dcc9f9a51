/**
 * The eight console languages of spec §1. `cn` is the console's code for Chinese; the server is sent `zh`
 * (spec §1), so both spellings are accepted wherever a language arrives from outside.
 */
export const LANGUAGES = ['cn', 'en', 'vi', 'po', 'de', 'es', 'he', 'pt'] as const;
export type Lang = (typeof LANGUAGES)[number];

export const DEFAULT_LANG: Lang = 'en';

/** Native names, shown in the language switcher (never translated). */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  cn: '简体中文',
  en: 'English',
  vi: 'Tiếng Việt',
  po: 'Polski',
  de: 'Deutsch',
  es: 'Español',
  he: 'עברית',
  pt: 'Português',
};

export const RTL_LANGUAGES: ReadonlySet<Lang> = new Set<Lang>(['he']);

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The code a console language is sent to the server as (spec §1: cn is sent as zh). */
export function toWireLang(lang: Lang): string {
  return lang === 'cn' ? 'zh' : lang;
}

/**
 * Reads a language from a query parameter or header value: accepts console codes, `zh`, BCP-47 tags
 * (`pt-BR`, `he-IL`, `zh-CN`) and Accept-Language lists; anything else falls back to English.
 */
export function parseLang(value: string | undefined | null): Lang {
  if (!value) return DEFAULT_LANG;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const primary = tag.split(/[-_]/)[0] ?? '';
    if (primary === 'zh' || primary === 'cn') return 'cn';
    if (primary === 'pl' || primary === 'po') return 'po';
    if (primary === 'iw') return 'he';
    if (isLang(primary)) return primary;
  }
  return DEFAULT_LANG;
}

/**
 * The default language when nothing is saved. Spec §1 says Chinese when the browser language contains zh,
 * otherwise English; we keep that and also honour a browser that asks for one of our other six languages
 * (a German browser gets German), which is what DESIGN §4 means by "the browser's choice for preferences".
 */
export function browserDefaultLang(navigatorLanguages: readonly string[]): Lang {
  for (const tag of navigatorLanguages) {
    const lower = tag.toLowerCase();
    if (lower.includes('zh')) return 'cn';
    const primary = lower.split(/[-_]/)[0] ?? '';
    if (primary === 'pl') return 'po';
    if (isLang(primary) && primary !== 'cn' && primary !== 'po') return primary;
  }
  return DEFAULT_LANG;
}

/** BCP-47 tags for Intl: the console's codes cn and po are not tags (po would fall back to English). */
export const INTL_LOCALE: Record<Lang, string> = {
  cn: 'zh-CN',
  en: 'en',
  vi: 'vi',
  po: 'pl',
  de: 'de',
  es: 'es',
  he: 'he',
  pt: 'pt',
};
