import { Empty, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { plantApi, plantKeys } from '../../api/plants';
import { formatPower, formatRatio } from '../../components/plant/figures';
import { formatClock } from '../../components/plant/plantTime';
import { CardError } from './CardError';
import { dayChartOption } from './dayChartOption';
import { buildDayChart, type DaySeriesKey } from './daySeries';
import { LazyEChart } from '../../components/chart/LazyEChart';
import type { DayChartProps } from './chartCardProps';

/** 5-minute power curves of one plant-local day, SOC on a second axis. */
export function DayPowerChart({
  plantId,
  day,
  today,
  tz,
  hasBattery,
  display,
}: DayChartProps & { day: string; today: string; tz: string }): React.JSX.Element {
  const { t } = useTranslation();
  const height = display.compact ? 300 : 360;
  const isToday = day === today;
  const query = useQuery({
    queryKey: plantKeys.day(plantId, day),
    queryFn: () => plantApi.day(plantId, day),
    refetchInterval: isToday ? 60_000 : false,
    staleTime: isToday ? 30_000 : 5 * 60_000,
  });

  const data = useMemo(
    () => (query.data ? buildDayChart(query.data, day, tz, hasBattery) : null),
    [query.data, day, tz, hasBattery],
  );
  const { locale, rtl, compact } = display;
  const option = useMemo(() => {
    if (!data) return null;
    const names: Record<DaySeriesKey, string> = {
      pv: t('overview.day.series.pv'),
      load: t('overview.day.series.load'),
      grid: t('overview.day.series.grid'),
      battery: t('overview.day.series.battery'),
      soc: t('overview.day.series.soc'),
    };
    return dayChartOption(data, {
      names,
      rtl,
      compact,
      timeLabel: (x) => `${day} ${new Date(x).toISOString().slice(11, 16)}`,
      power: (w) => formatPower(w, locale),
      percent: (v) => formatRatio(v === null ? null : v / 100, locale),
    });
  }, [data, day, t, rtl, compact, locale]);

  if (query.isPending) {
    return (
      <div className="hg-chart-placeholder" style={{ height }} aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  }
  if (query.isError && !query.data) return <CardError onRetry={() => void query.refetch()} />;
  if (!data || !data.hasData || !option) {
    return (
      <Empty
        className="hg-chart-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('overview.day.noData', { date: day })}
        data-testid="day-chart-empty"
      />
    );
  }

  const label = data.peakPv
    ? t('overview.day.chartLabelPeak', {
        date: day,
        power: formatPower(data.peakPv.watts, locale),
        time: formatClock(data.peakPv.ts, tz),
      })
    : t('overview.day.chartLabel', { date: day });
  return (
    <>
      <LazyEChart
        option={option}
        height={height}
        grow={!display.compact}
        points={data.points}
        label={label}
        locale={display.chartLocale}
        testId="day-chart"
      />
      <p className="hg-chart-note">
        {data.peakPv ? (
          <span>
            {t('overview.day.peak', {
              power: formatPower(data.peakPv.watts, locale),
              time: formatClock(data.peakPv.ts, tz),
            })}
          </span>
        ) : null}
        <span>{hasBattery ? t('overview.day.signsBattery') : t('overview.day.signs')}</span>
      </p>
    </>
  );
}
