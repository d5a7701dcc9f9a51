import type { Lang } from '@heliograph/shared';
import dayjs from 'dayjs';

// Month and weekday names of the date picker: antd's locale carries its own words, dayjs the calendar's.
// Each language's dayjs locale name and the loader of its chunk (English is built in).
const LOCALES: Record<Lang, [name: string, load: (() => Promise<unknown>) | null]> = {
  en: ['en', null],
  cn: ['zh-cn', () => import('dayjs/locale/zh-cn')],
  vi: ['vi', () => import('dayjs/locale/vi')],
  po: ['pl', () => import('dayjs/locale/pl')],
  de: ['de', () => import('dayjs/locale/de')],
  es: ['es', () => import('dayjs/locale/es')],
  he: ['he', () => import('dayjs/locale/he')],
  pt: ['pt-br', () => import('dayjs/locale/pt-br')],
};

let loaded: Promise<void> | undefined;

/** Loads the console language's dayjs locale once (its own small chunk) and makes it the default. */
export function loadDayjsLocale(lang: Lang): Promise<void> {
  const [name, load] = LOCALES[lang];
  loaded ??= (load?.() ?? Promise.resolve()).then(
    () => void dayjs.locale(name),
    () => undefined,
  );
  return loaded;
}
