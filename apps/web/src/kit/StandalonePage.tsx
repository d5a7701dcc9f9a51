import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from './LanguageSwitcher';
import { PRODUCT_NAME, SunMark } from './brand';

/** Pages outside the shell (results, errors, agreement): brand bar, centred content, footer. */
export function StandalonePage({ children, wide = false }: { children: React.ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="hg-standalone">
      <a className="hg-skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className="hg-standalone-header">
        <Link to="/" className="hg-brand hg-brand-dark" aria-label={t('shell.home')}>
          <SunMark size={28} />
          <span className="hg-brand-name">{PRODUCT_NAME}</span>
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" tabIndex={-1} className={wide ? 'hg-standalone-main hg-standalone-wide' : 'hg-standalone-main'}>
        {children}
      </main>
      <footer className="hg-standalone-footer">{t('common.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  );
}
