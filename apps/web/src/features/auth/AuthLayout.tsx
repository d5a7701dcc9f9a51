import { CheckCircleFilled } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call';
import { LanguageSwitcher } from '../../kit/LanguageSwitcher';
import { BrandMark, PRODUCT_NAME } from '../../kit/brand';
import '../../kit/brand.css';
import { accessiblePrimary, isThemeColor, readableTextOn, THEME_COLOR } from '../../kit/theme';
import { SolarIllustration } from './SolarIllustration';

/**
 * Sign-in, register and reset share this frame: the brand panel with the product promise on one side, the
 * form on the other (stacked on a phone, the brand panel shrinking to a banner).
 */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  // A white-label host shows its company's logo and colour (GET anonymous/brand answers null elsewhere).
  const { data: brand = null } = useQuery({
    queryKey: ['anonymousBrand'],
    queryFn: () => call('GET /anonymous/brand', undefined, { quiet: true }),
    staleTime: Infinity,
    retry: false,
  });
  const color = brand && isThemeColor(brand.themeColor) ? brand.themeColor.toLowerCase() : THEME_COLOR;
  // The panel's copy is white: a light brand colour keeps the default panel and colours only the controls.
  const panelStyle = color !== THEME_COLOR && readableTextOn(color) === '#ffffff' ? { background: color } : undefined;
  const layout = (
    <div className="hg-auth">
      <a className="hg-skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <aside className="hg-auth-brand" aria-label={t('brand.panelLabel')} style={panelStyle}>
        <div className="hg-auth-brand-top">
          <Link to="/login" className="hg-brand" aria-label={brand?.name ?? PRODUCT_NAME}>
            <BrandMark brand={brand} narrow={false} height={brand?.logoWide ? 48 : 32} />
          </Link>
        </div>
        <div className="hg-auth-brand-copy">
          <p className="hg-auth-eyebrow">{t('brand.eyebrow')}</p>
          <p className="hg-auth-headline">{t('brand.headline')}</p>
          <p className="hg-auth-subline">{t('brand.subline')}</p>
          <ul className="hg-auth-features">
            {(['brand.feature1', 'brand.feature2', 'brand.feature3'] as const).map((key) => (
              <li key={key}>
                <CheckCircleFilled aria-hidden="true" />
                <span>{t(key)}</span>
              </li>
            ))}
          </ul>
        </div>
        <SolarIllustration className="hg-auth-illustration" />
      </aside>
      <div className="hg-auth-side">
        <header className="hg-auth-toolbar">
          <LanguageSwitcher variant="outlined" />
        </header>
        <main id="main" tabIndex={-1} className="hg-auth-main">
          <div className="hg-auth-form">
            <h1 className="hg-auth-title">{title}</h1>
            {subtitle ? <p className="hg-auth-subtitle">{subtitle}</p> : null}
            {children}
          </div>
        </main>
        <footer className="hg-auth-footer">
          <span>{t('common.copyright', { year })}</span>
          <Link to="/agreement">{t('page.agreement')}</Link>
        </footer>
      </div>
    </div>
  );
  return color === THEME_COLOR ? (
    layout
  ) : (
    <ConfigProvider theme={{ token: { colorPrimary: accessiblePrimary(color) } }}>{layout}</ConfigProvider>
  );
}
