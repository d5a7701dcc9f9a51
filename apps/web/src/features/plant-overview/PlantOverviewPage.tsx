import { Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { plantApi, plantKeys } from '../../api/plants';
import { currentLang } from '../../i18n';
import { PRODUCT_NAME } from '../../kit/brand';
import { loadDayjsLocale } from './dayjsLocale';
import { DayChartCard } from './DayChartCard';
import { DevicesCard } from './DevicesCard';
import { EnergyBarsCard } from './EnergyBarsCard';
import { EnergyFlowCard } from './EnergyFlowCard';
import { EventsCard } from './EventsCard';
import { buildFlowModel } from './flowModel';
import { HeadlineFigures } from './HeadlineFigures';
import { OverviewHeader } from './OverviewHeader';
import { PlanCard } from './PlanCard';
import { PricesCard } from './PricesCard';
import { useDisplay } from '../../components/chart/useDisplay';
import { usePlantLive } from './usePlantLive';
import { usePlantNow } from './usePlantNow';
import './overview.css';
import { PlantNotLoaded } from '../../components/plant/PlantNotLoaded';

// The live stream refreshes the page on new data; this is the fallback when it cannot.
const FALLBACK_REFRESH_MS = 60_000;

function OverviewSkeleton(): React.JSX.Element {
  return (
    <div className="hg-overview" aria-busy="true" data-testid="overview-loading">
      <div className="hg-ov-header">
        <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 2 }} />
      </div>
      <div className="hg-ov-grid">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="hg-ov-card">
            <Skeleton active paragraph={{ rows: 6 }} />
          </div>
        ))}
      </div>
    </div>
  );
}

/**
 * plants/overview/:id/:type — one plant at a glance (spec §2.3): header and headline figures, the live energy
 * flow, the day chart, energy bars, devices and recent events. A server-sent-events stream refreshes it all
 * whenever the plant's data changes.
 */
export default function PlantOverviewPage(): React.JSX.Element {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const display = useDisplay();
  const queryClient = useQueryClient();

  const summary = useQuery({
    queryKey: plantKeys.summary(id),
    queryFn: () => plantApi.summary(id),
    refetchInterval: 5 * FALLBACK_REFRESH_MS,
    enabled: id !== '',
  });
  const realtime = useQuery({
    queryKey: plantKeys.realtime(id),
    queryFn: () => plantApi.realtime(id),
    refetchInterval: FALLBACK_REFRESH_MS,
    staleTime: 10_000,
    enabled: id !== '',
  });
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: plantKeys.all(id) }),
    [queryClient, id],
  );
  const live = usePlantLive(summary.data ? id : undefined, refresh);
  const { now, today } = usePlantNow(summary.data?.timezone ?? 'UTC');

  useEffect(() => {
    void loadDayjsLocale(currentLang());
  }, []);
  const name = summary.data?.name;
  useEffect(() => {
    if (name) document.title = `${name} · ${t('page.plantOverview')} · ${PRODUCT_NAME}`;
  }, [name, t]);

  if (summary.isPending) return <OverviewSkeleton />;
  if (summary.isError) {
    return <PlantNotLoaded texts="overview" testId="overview-error" onRetry={() => void summary.refetch()} />;
  }

  const plant = summary.data;
  const hasBattery = realtime.data ? buildFlowModel(realtime.data, plant.type).hasBattery : plant.type !== 'grid';
  return (
    <div className="hg-overview" data-testid="plant-overview" data-plant-type={plant.type}>
      <div className="hg-ov-top">
        <OverviewHeader
          plant={plant}
          status={realtime.data?.status ?? plant.status}
          live={live}
          now={now}
          locale={display.locale}
        />
        <HeadlineFigures plant={plant} realtime={realtime.data} loading={realtime.isPending} locale={display.locale} />
      </div>
      <div className="hg-ov-grid">
        <EnergyFlowCard
          className="hg-ov-flow"
          plant={plant}
          realtime={realtime}
          today={today}
          rtl={display.rtl}
          locale={display.locale}
        />
        <DayChartCard className="hg-ov-day" plant={plant} today={today} hasBattery={hasBattery} display={display} />
        <EnergyBarsCard
          className="hg-ov-energy"
          plant={plant}
          today={today}
          hasBattery={hasBattery}
          display={display}
        />
        <DevicesCard className="hg-ov-devices" plantId={plant.id} tz={plant.timezone} locale={display.locale} />
        <PricesCard className="hg-ov-prices" plantId={plant.id} today={today} display={display} />
        {plant.type !== 'grid' ? (
          <PlanCard className="hg-ov-plan" plantId={plant.id} today={today} display={display} />
        ) : null}
        <EventsCard className="hg-ov-events" plantId={plant.id} tz={plant.timezone} />
      </div>
    </div>
  );
}
