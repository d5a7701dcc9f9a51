import { ERROR_CODES } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, setViewLinkBearer } from '../../../api/client';
import { useDisplay } from '../../../components/chart/useDisplay';
import { StandalonePage } from '../../../kit/StandalonePage';
import { LogicalView, PhysicalView } from '../../plant-layout';
import { displayApi } from '../api';
import '../displays.css';

/**
 * /plantLayout?id=…&token=… (spec §2.1): a plant's panel layouts for another site, with the plant's layout
 * embed link and no account — the console's own logical and physical views, read-only.
 */
export default function PlantLayoutEmbedPage(): React.JSX.Element {
  const { t } = useTranslation();
  const display = useDisplay();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? undefined;
  // The layout views call the API themselves: their calls carry the link from the first render on.
  useState(() => setViewLinkBearer(token));
  useEffect(() => {
    setViewLinkBearer(token);
    return () => setViewLinkBearer(undefined);
  }, [token]);
  const plant = useQuery({
    queryKey: ['plantLayoutEmbed', id, token ?? ''],
    queryFn: () => displayApi.embeddedPlant(id, token),
    enabled: id !== '' && !!token,
    retry: false,
  });

  let body: React.ReactNode;
  if (!id || !token || (plant.error instanceof ApiError && plant.error.status === 401))
    body = (
      <div className="hg-embed-notice" data-testid="embed-revoked">
        <h1>{t('displays.embedView.revoked')}</h1>
        <p>{t('displays.embedView.revokedHint')}</p>
      </div>
    );
  else if (plant.error instanceof ApiError && plant.error.code === ERROR_CODES.plantNotFound)
    body = (
      <div className="hg-embed-notice" data-testid="embed-missing">
        <h1>{t('displays.embedView.gone')}</h1>
      </div>
    );
  else if (!plant.data)
    body = (
      <div className="hg-embed-notice" aria-busy="true">
        <h1>{t('displays.embedView.loading')}</h1>
      </div>
    );
  else {
    const viewProps = { plantId: plant.data.id, canEdit: false, locale: display.locale };
    body = (
      <section className="hg-layout-page" aria-labelledby="embed-title" data-testid="embed-layout">
        <h1 id="embed-title" className="hg-page-title">
          {t('displays.embedView.layoutTitle', { name: plant.data.name })}
        </h1>
        <Tabs
          items={[
            {
              key: 'logical',
              label: t('displays.embedView.logical'),
              children: <LogicalView {...viewProps} rtl={display.rtl} />,
            },
            {
              key: 'physical',
              label: t('displays.embedView.physical'),
              children: <PhysicalView {...viewProps} compact={display.compact} />,
            },
          ]}
        />
      </section>
    );
  }
  return <StandalonePage wide>{body}</StandalonePage>;
}
