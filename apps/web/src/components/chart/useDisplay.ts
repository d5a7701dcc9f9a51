import { currentLang, HTML_LANG, isRtl } from '../../i18n';
import { PHONE_QUERY, useMediaQuery } from '../../kit/useMediaQuery';

export interface Display {
  /** BCP-47 tag for numbers and dates. */
  locale: string;
  rtl: boolean;
  /** A phone: compact controls, no chart zoom slider. */
  compact: boolean;
  /** ECharts' built-in strings. */
  chartLocale: 'ZH' | 'EN';
}

/** How the page presents itself: language, direction and phone layout. */
export function useDisplay(): Display {
  const lang = currentLang();
  const compact = useMediaQuery(PHONE_QUERY);
  return { locale: HTML_LANG[lang], rtl: isRtl(lang), compact, chartLocale: lang === 'cn' ? 'ZH' : 'EN' };
}
