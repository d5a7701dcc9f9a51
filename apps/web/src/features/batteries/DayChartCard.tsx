import { isChartDay, localDay, oldestChartDay } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Result } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyEChart } from '../plant-overview/LazyEChart';
import { useDisplay } from '../plant-overview/useDisplay';
import { dayLineOption, type ChartLine } from './dayChart';
import type { DayPoint } from './deviceApi';

interface Props<T> {
  title: string;
  /** Query key prefix; the chosen day is appended. */
  queryKey: readonly unknown[];
  load: (date: string | undefined) => Promise<T>;
  /** The readings to draw from what `load` answered. */
  points: (data: T) => DayPoint[];
  lines: readonly ChartLine[];
  tz: string;
  /** Something shown under the chart for the chosen day (totals). */
  footer?: (data: T) => React.ReactNode;
  testId: string;
}

/** A day chart of a device with a date picker (today by default, the last 30 days, no future days). */
export function DayChartCard<T>({
  title,
  queryKey,
  load,
  points,
  lines,
  tz,
  footer,
  testId,
}: Props<T>): React.JSX.Element {
  const { t } = useTranslation();
  const display = useDisplay();
  // Days are the plant's own, and the day chart reaches back 30 of them (spec §9).
  const today = localDay(Date.now(), tz);
  const [day, setDay] = useState<Dayjs | null>(null);
  const date = day ? day.format('YYYY-MM-DD') : undefined;
  const q = useQuery({ queryKey: [...queryKey, 'day', date ?? 'today'], queryFn: () => load(date) });
  const drawn = useMemo(() => (q.data ? points(q.data) : []), [q.data, points]);
  const option = useMemo(() => dayLineOption(drawn, lines, tz, display.rtl), [drawn, lines, tz, display.rtl]);
  const label = t('batteries.common.chartLabel', { what: lines.map((l) => l.label).join(', ') });
  return (
    <Card
      title={title}
      size="small"
      data-testid={testId}
      extra={
        <DatePicker
          size="small"
          value={day}
          allowClear
          placeholder={t('batteries.common.today')}
          aria-label={t('batteries.common.date')}
          minDate={dayjs(oldestChartDay(today))}
          maxDate={dayjs(today)}
          disabledDate={(d: Dayjs) => !isChartDay(d.format('YYYY-MM-DD'), today)}
          onChange={(d) => setDay(d)}
        />
      }
    >
      {q.isError ? (
        <Result status="warning" subTitle={t('batteries.common.chartFailed')} />
      ) : !q.isLoading && drawn.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batteries.common.noReadings')} />
      ) : (
        <LazyEChart
          option={option}
          height={display.compact ? 240 : 300}
          label={label}
          locale={display.chartLocale}
          testId={`${testId}-chart`}
          points={drawn.length}
        />
      )}
      {q.data && footer ? footer(q.data) : null}
    </Card>
  );
}
