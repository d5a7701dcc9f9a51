import { ERROR_CODES } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useDisplay } from '../../../components/chart/useDisplay';
import { StandalonePage } from '../../../kit/StandalonePage';
import { buildFlowModel, EnergyFlowDiagram } from '../../plant-overview';
import { displayApi } from '../api';
import '../displays.css';

const REFRESH_MS = 30_000;

/**
 * /deviceFlow?sn=…&token=… (spec §2.1): one inverter's live energy flow for another site, with its embed link
 * and no account — drawn with the console's flow diagram as the inverter's page draws it.
 */
export default function DeviceFlowPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { rtl, locale } = useDisplay();
  const [params] = useSearchParams();
  const sn = params.get('sn') ?? '';
  const token = params.get('token') ?? undefined;
  const flow = useQuery({
    queryKey: ['deviceFlow', sn, token ?? ''],
    queryFn: () => displayApi.embeddedFlow(sn, token),
    enabled: sn !== '' && !!token,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const err = flow.error;
  const d = flow.data;
  let body: React.ReactNode;
  if (!sn || !token || (err instanceof ApiError && err.status === 401))
    body = (
      <div className="hg-embed-notice" data-testid="embed-revoked">
        <h1>{t('displays.embedView.revoked')}</h1>
        <p>{t('displays.embedView.revokedHint')}</p>
      </div>
    );
  else if (err instanceof ApiError && err.code === ERROR_CODES.inverterNotFound)
    body = (
      <div className="hg-embed-notice" data-testid="embed-missing">
        <h1>{t('displays.embedView.deviceGone')}</h1>
      </div>
    );
  else if (!d)
    body = (
      <div className="hg-embed-notice" aria-busy="true">
        <h1>{t('displays.embedView.loading')}</h1>
      </div>
    );
  else {
    const hasBattery = d.powerW.battery !== null || d.powerW.soc !== null;
    const model = buildFlowModel(
      { ts: d.ts, flow: d.flow, powerW: d.powerW, capacityKw: Math.max(1, (d.ratedW ?? 0) / 1000) },
      hasBattery ? 'storage_dc' : 'grid',
    );
    body = (
      <section className="hg-embed-flow" aria-labelledby="embed-title" data-testid="embed-device-flow">
        <h1 id="embed-title" className="hg-page-title">
          {t('displays.embedView.deviceTitle', { sn })}
        </h1>
        <EnergyFlowDiagram model={model} rtl={rtl} locale={locale} />
      </section>
    );
  }
  return <StandalonePage wide>{body}</StandalonePage>;
}
