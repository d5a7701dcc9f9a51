import type { EnergyBucket } from '@heliograph/shared';
import { Skeleton } from 'antd';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { plantApi, plantKeys } from '../../api/plants';
import { CardError } from './CardError';
import { daysBetween, monthsBetween } from './daySelection';
import { barFigures, buildBars } from './energyBars';
import { EnergyBarsChart } from './EnergyBarsChart';
import type { DayChartProps } from './chartCardProps';

// Module-level, so TanStack Query re-runs it (and hands out a new object) only when a month's answer changes.
function combineMonths(results: UseQueryResult<EnergyBucket[]>[]) {
  return {
    buckets: results.flatMap((r) => r.data ?? []),
    pending: results.some((r) => r.isPending),
    failed: results.find((r) => r.isError && !r.data),
  };
}

const slotLabel = (day: string) => day.slice(5);
const slotTitle = (day: string) => day;

/** Daily energy of a run of days (the multi-day shortcuts), from the months it touches. */
export function RangeEnergyChart({
  plantId,
  from,
  to,
  hasBattery,
  currency,
  display,
}: DayChartProps & { from: string; to: string; currency: string }): React.JSX.Element {
  const { t } = useTranslation();
  const { buckets, pending, failed } = useQueries({
    queries: monthsBetween(from, to).map((m) => ({
      queryKey: plantKeys.month(plantId, m),
      queryFn: () => plantApi.month(plantId, m),
    })),
    combine: combineMonths,
  });
  const figures = useMemo(() => barFigures(hasBattery), [hasBattery]);
  const bars = useMemo(() => buildBars(daysBetween(from, to), buckets, figures), [from, to, buckets, figures]);
  const retry = useCallback(() => void failed?.refetch(), [failed]);

  if (pending) return <Skeleton active title={false} paragraph={{ rows: 7 }} />;
  if (failed) return <CardError onRetry={retry} />;
  return (
    <EnergyBarsChart
      bars={bars}
      figures={figures}
      currency={currency}
      display={display}
      slotLabel={slotLabel}
      slotTitle={slotTitle}
      label={t('overview.day.rangeLabel', { from, to })}
      empty={t('overview.day.rangeNoData', { from, to })}
      testId="range-chart"
    />
  );
}
