import type { Lang } from '@heliograph/shared';
import dayjs from 'dayjs';

// Month and weekday names of the date picker: antd's locale carries its own words, dayjs the calendar's.
const LOADERS: Record<Lang, (() => Promise<unknown>) | null> = {
  en: null,
  cn: () => import('dayjs/locale/zh-cn'),
  vi: () => import('dayjs/locale/vi'),
  po: () => import('dayjs/locale/pl'),
  de: () => import('dayjs/locale/de'),
  es: () => import('dayjs/locale/es'),
  he: () => import('dayjs/locale/he'),
  pt: () => import('dayjs/locale/pt-br'),
};
const NAMES: Record<Lang, string> = {
  en: 'en',
  cn: 'zh-cn',
  vi: 'vi',
  po: 'pl',
  de: 'de',
  es: 'es',
  he: 'he',
  pt: 'pt-br',
};

let loaded: Promise<void> | undefined;

/** Loads the console language's dayjs locale once (its own small chunk) and makes it the default. */
export function loadDayjsLocale(lang: Lang): Promise<void> {
  loaded ??= (LOADERS[lang]?.() ?? Promise.resolve()).then(
    () => void dayjs.locale(NAMES[lang]),
    () => undefined,
  );
  return loaded;
}
