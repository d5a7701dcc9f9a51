import { Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HomeButton } from './HomeButton';
import { useRouteTitleKey } from '../../kit/useRouteTitleKey';

function Illustration(): React.JSX.Element {
  return (
    <svg width="180" height="132" viewBox="0 0 180 132" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="na-panel" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#4b4860" />
          <stop offset="1" stopColor="#353340" />
        </linearGradient>
      </defs>
      <ellipse cx="90" cy="120" rx="74" ry="8" fill="#e9e8ef" />
      <circle cx="118" cy="40" r="24" fill="#ffe7ba" />
      <circle cx="118" cy="40" r="16" fill="#ffc53d" />
      <g stroke="#ffc53d" strokeWidth="3" strokeLinecap="round">
        <path d="M118 6v6M118 68v6M84 40h6M146 40h6M94 16l4 4M138 60l4 4M94 64l4-4M138 20l4-4" />
      </g>
      <path d="M30 70 L120 70 L138 104 L48 104 Z" fill="url(#na-panel)" />
      <g stroke="#6d6a82" strokeWidth="1.5">
        <path d="M52 70 L70 104M74 70 L92 104M97 70 L115 104M36 81.3 L126 81.3M42 92.6 L132 92.6" />
      </g>
      <path d="M84 104v12M74 116h20" stroke="#8c8a99" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The shell's honest placeholder for a page that is not built yet: it names the page and says it arrives in
 * a later release. Its root carries data-testid="not-available".
 */
export function NotAvailableContent({
  signedIn,
  showHome = true,
}: {
  signedIn: boolean;
  showHome?: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const titleKey = useRouteTitleKey();
  const page = titleKey ? t(titleKey) : '';
  return (
    <section className="hg-not-available" data-testid="not-available" aria-labelledby="not-available-title">
      <Result
        icon={<Illustration />}
        title={
          <h1 id="not-available-title" className="hg-result-title">
            {page}
          </h1>
        }
        subTitle={
          <>
            <Tag color="gold" className="hg-soon-tag">
              {t('notAvailable.tag')}
            </Tag>
            <p className="hg-not-available-text">{t('notAvailable.body', { page })}</p>
          </>
        }
        extra={showHome ? <HomeButton signedIn={signedIn} /> : undefined}
      />
    </section>
  );
}
