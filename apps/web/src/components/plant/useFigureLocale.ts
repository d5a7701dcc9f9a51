import { currentLang, HTML_LANG } from '../../i18n';

/** The BCP-47 tag numbers and dates are formatted with: the console's language (fixed until it reloads). */
export function useFigureLocale(): string {
  return HTML_LANG[currentLang()];
}
