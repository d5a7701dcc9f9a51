import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';
import { TopProgress } from './TopProgress';
import { PRODUCT_NAME, SunMark } from '../kit/brand';
import { useRouteTitleKey } from '../kit/useRouteTitleKey';

/** `<title>` from route metadata: "<page> · Heliograph". */
function TitleSync(): null {
  const { t } = useTranslation();
  const key = useRouteTitleKey();
  useEffect(() => {
    document.title = key ? `${t(key)} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [key, t]);
  return null;
}

export function RootLayout(): React.JSX.Element {
  return (
    <>
      <TopProgress />
      <TitleSync />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Shown while the first route (and its lazily loaded page) is on its way. */
export function BootFallback(): React.JSX.Element {
  return (
    <>
      <TopProgress active />
      <div className="hg-boot" aria-hidden="true">
        <SunMark size={48} spinning />
      </div>
    </>
  );
}
