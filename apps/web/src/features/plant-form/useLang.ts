import type { Lang } from '@heliograph/shared';
import { currentLang, HTML_LANG } from '../../i18n';

/** The console's language and its BCP-47 tag (for Intl names of currencies and zones). */
export function useLang(): { lang: Lang; tag: string } {
  const lang = currentLang();
  return { lang, tag: HTML_LANG[lang] };
}
