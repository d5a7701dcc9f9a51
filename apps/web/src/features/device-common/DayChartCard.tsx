import { isChartDay, localDay, oldestChartDay } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Result } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unitGroups } from './customParams';
import { LazyEChart } from '../../components/chart/LazyEChart';
import { useDisplay } from '../../components/chart/useDisplay';
import { dayLineOption, type ChartLine } from './dayChart';
import type { DayPoint } from './deviceApi';
import './storage.css';

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
  /** Shown above the chart (controls that decide what it draws). */
  children?: React.ReactNode;
  /** Shown instead of the chart, and nothing is loaded (e.g. nothing chosen to draw yet). */
  idle?: React.ReactNode;
}

/**
 * A day chart of a device with a date picker (today by default, the last 30 days, no future days). Lines of
 * more than two units are drawn as one chart per pair of units (each chart has one value axis per side).
 */
export function DayChartCard<T>({
  title,
  queryKey,
  load,
  points,
  lines,
  tz,
  footer,
  testId,
  children,
  idle,
}: Props<T>): React.JSX.Element {
  const { t } = useTranslation();
  const display = useDisplay();
  // Days are the plant's own, and the day chart reaches back 30 of them (spec §9).
  const today = localDay(Date.now(), tz);
  const [day, setDay] = useState<Dayjs | null>(null);
  const date = day ? day.format('YYYY-MM-DD') : undefined;
  const q = useQuery({
    queryKey: [...queryKey, 'day', date ?? 'today'],
    queryFn: () => load(date),
    enabled: !idle,
  });
  const drawn = useMemo(() => (q.data ? points(q.data) : []), [q.data, points]);
  const charts = useMemo(() => {
    const groups = unitGroups(lines);
    return (groups.length > 0 ? groups : [lines]).map((group) => ({
      key: group.map((l) => l.key).join(','),
      option: dayLineOption(drawn, group, tz, display.rtl),
      label: t('batteries.common.chartLabel', { what: group.map((l) => l.label).join(', ') }),
    }));
  }, [drawn, lines, tz, display.rtl, t]);
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
      {children}
      {idle ? (
        idle
      ) : q.isError ? (
        <Result status="warning" subTitle={t('batteries.common.chartFailed')} />
      ) : !q.isLoading && drawn.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batteries.common.noReadings')} />
      ) : (
        charts.map((c, i) => (
          <div key={c.key} className={i > 0 ? 'hg-day-chart-more' : undefined}>
            <LazyEChart
              option={c.option}
              height={display.compact ? 240 : 300}
              label={c.label}
              locale={display.chartLocale}
              testId={`${testId}-chart`}
              points={drawn.length}
            />
          </div>
        ))
      )}
      {q.data && footer ? footer(q.data) : null}
    </Card>
  );
}
