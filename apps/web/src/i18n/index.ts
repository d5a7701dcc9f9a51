import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { RTL_LANGUAGES, type Lang } from '@heliograph/shared';
import type { Locale } from 'antd/es/locale';
import { session } from '../api/session';

/**
 * i18next over JSON catalogues (spec §1): the shell's in ./locales and each feature's own in
 * features/<feature>/locales, one top-level namespace per file so features never edit each other's files.
 * Only the current language's files and antd locale are fetched, so the other seven cost nothing at start-up.
 */

type Catalogue = Record<string, unknown>;

const catalogues = import.meta.glob<Catalogue>(['./locales/*.json', '../features/*/locales/*.json'], {
  import: 'default',
});

async function loadCatalogue(lang: Lang): Promise<Catalogue> {
  const wanted = Object.keys(catalogues).filter((path) => path.endsWith(`/locales/${lang}.json`));
  const parts = await Promise.all(wanted.map((path) => catalogues[path]!()));
  return Object.assign({}, ...parts) as Catalogue;
}

const antdLocales: Record<Lang, () => Promise<{ default: Locale }>> = {
  cn: () => import('antd/es/locale/zh_CN'),
  en: () => import('antd/es/locale/en_US'),
  vi: () => import('antd/es/locale/vi_VN'),
  po: () => import('antd/es/locale/pl_PL'),
  de: () => import('antd/es/locale/de_DE'),
  es: () => import('antd/es/locale/es_ES'),
  he: () => import('antd/es/locale/he_IL'),
  pt: () => import('antd/es/locale/pt_PT'),
};

/** BCP-47 tags for `<html lang>` (the console's codes cn and po are not tags). */
export const HTML_LANG: Record<Lang, string> = {
  cn: 'zh-CN',
  en: 'en',
  vi: 'vi',
  po: 'pl',
  de: 'de',
  es: 'es',
  he: 'he',
  pt: 'pt',
};

export function isRtl(lang: Lang): boolean {
  return RTL_LANGUAGES.has(lang);
}

export interface I18nSetup {
  lang: Lang;
  antdLocale: Locale;
  direction: 'ltr' | 'rtl';
}

export async function initI18n(): Promise<I18nSetup> {
  const lang = session.getLanguage();
  const [catalogue, antdLocale] = await Promise.all([loadCatalogue(lang), antdLocales[lang]()]);
  await i18next.use(initReactI18next).init({
    lng: lang,
    resources: { [lang]: { translation: catalogue } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const direction = isRtl(lang) ? 'rtl' : 'ltr';
  document.documentElement.lang = HTML_LANG[lang];
  document.documentElement.dir = direction;
  return { lang, antdLocale: antdLocale.default, direction };
}

/** The console's language. */
export function currentLang(): Lang {
  return session.getLanguage();
}

/** Saves the choice and reloads (spec §1). */
export function changeLanguage(lang: Lang): void {
  if (lang === session.getLanguage() && session.getSavedLanguage()) return;
  session.setLanguage(lang);
  window.location.reload();
}

export { i18next };
