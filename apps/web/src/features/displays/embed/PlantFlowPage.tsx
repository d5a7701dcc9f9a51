import { ERROR_CODES } from '@heliograph/shared';
import '../displays.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useDisplay } from '../../../components/chart/useDisplay';
import { StandalonePage } from '../../../kit/StandalonePage';
import { buildFlowModel, EnergyFlowDiagram } from '../../plant-overview';
import { displayApi } from '../api';

// An embedded view is glanced at, not watched for days: the plant's flow is read again every half minute.
const REFRESH_MS = 30_000;

const refused = (err: unknown, status: number) => err instanceof ApiError && err.status === status;

/**
 * /plantFlow?id=…&token=… (spec §2.1): a plant's live energy flow for another site, with the plant's embed
 * link and no account — the console's own flow diagram (features/plant-overview), read-only.
 */
export default function PlantFlowPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { rtl, locale } = useDisplay();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? undefined;
  const retry = (count: number, err: unknown) =>
    !refused(err, 401) && !(err instanceof ApiError && err.code === ERROR_CODES.plantNotFound) && count < 3;
  const plant = useQuery({
    queryKey: ['plantFlow', 'plant', id, token ?? ''],
    queryFn: () => displayApi.embeddedPlant(id, token),
    enabled: id !== '',
    retry,
  });
  const realtime = useQuery({
    queryKey: ['plantFlow', 'realtime', id, token ?? ''],
    queryFn: () => displayApi.embeddedRealtime(id, token),
    enabled: id !== '' && !!plant.data,
    refetchInterval: REFRESH_MS,
    retry,
  });

  const error = plant.error ?? realtime.error;
  let body: React.ReactNode;
  if (!id || refused(error, 401))
    body = (
      <div className="hg-embed-notice" data-testid="embed-revoked">
        <h1>{t('displays.embedView.revoked')}</h1>
        <p>{t('displays.embedView.revokedHint')}</p>
      </div>
    );
  else if (error instanceof ApiError && error.code === ERROR_CODES.plantNotFound)
    body = (
      <div className="hg-embed-notice" data-testid="embed-missing">
        <h1>{t('displays.embedView.gone')}</h1>
      </div>
    );
  else if (!plant.data || !realtime.data)
    body = (
      <div className="hg-embed-notice" aria-busy="true">
        <h1>{t('displays.embedView.loading')}</h1>
      </div>
    );
  else
    body = (
      <section className="hg-embed-flow" aria-labelledby="embed-title" data-testid="embed-flow">
        <h1 id="embed-title" className="hg-page-title">
          {t('displays.embedView.title', { name: plant.data.name })}
        </h1>
        <EnergyFlowDiagram model={buildFlowModel(realtime.data, plant.data.type)} rtl={rtl} locale={locale} />
      </section>
    );
  return <StandalonePage wide>{body}</StandalonePage>;
}
