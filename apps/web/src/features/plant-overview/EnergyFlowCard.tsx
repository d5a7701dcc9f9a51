import type { PlantRealtime, PlantSummary } from '@heliograph/shared';
import { Skeleton } from 'antd';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { plantApi, plantKeys } from '../../api/plants';
import { formatClockSeconds } from '../../components/plant/plantTime';
import { CardError } from './CardError';
import { EnergyFlowDiagram } from './EnergyFlowDiagram';
import { buildFlowModel } from './flowModel';
import { OverviewCard } from './OverviewCard';
import { TodayBalance } from './TodayBalance';

const REFRESH_MS = 60_000;

/** The live energy flow and today's balance. */
export function EnergyFlowCard({
  plant,
  realtime,
  today,
  rtl,
  locale,
  className,
}: {
  plant: PlantSummary;
  realtime: UseQueryResult<PlantRealtime>;
  today: string;
  rtl: boolean;
  locale: string;
  className?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const balance = useQuery({
    queryKey: plantKeys.generationUse(plant.id, today),
    queryFn: () => plantApi.generationUse(plant.id, today),
    refetchInterval: REFRESH_MS,
  });
  const model = realtime.data ? buildFlowModel(realtime.data, plant.type) : null;
  // When the page last heard from the plant (the answer's own time is the start of its 5-minute slot).
  const updated = realtime.data ? realtime.dataUpdatedAt : null;

  return (
    <OverviewCard
      card="flow"
      className={className}
      extra={
        updated ? (
          <span className="hg-ov-updated" data-testid="flow-updated">
            {t('overview.updatedAt', { time: formatClockSeconds(updated, plant.timezone) })}
          </span>
        ) : null
      }
    >
      {model ? (
        <EnergyFlowDiagram model={model} rtl={rtl} locale={locale} />
      ) : realtime.isError ? (
        <CardError onRetry={() => void realtime.refetch()} />
      ) : (
        <div className="hg-flow-skeleton" aria-busy="true">
          <Skeleton.Avatar active size={64} shape="circle" />
          <Skeleton active title={false} paragraph={{ rows: 3 }} />
        </div>
      )}
      {balance.data ? (
        <TodayBalance data={balance.data} hasBattery={model?.hasBattery ?? plant.type !== 'grid'} locale={locale} />
      ) : null}
    </OverviewCard>
  );
}
