import {
  INVERTER_CHARTS,
  INVERTER_CHART_SERIES,
  isChartDay,
  localDay,
  oldestChartDay,
  type InverterChart,
} from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Result, Segmented, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyEChart } from '../../components/chart/LazyEChart';
import { inverterApi, type InverterDetail } from './api';
import { barOption, lineOption } from './chartOptions';

type Source = 'production' | InverterChart;
type Period = 'day' | 'month' | 'year' | 'total';
type ChartRow = { ts?: number; key?: string; values: Record<string, number | null> };

const FORMAT: Record<Exclude<Period, 'total'>, string> = { day: 'YYYY-MM-DD', month: 'YYYY-MM', year: 'YYYY' };

/**
 * The inverter's charts: its own production (a day of AC and PV power; energy per day, month or year) and
 * the grid, EPS, load, battery and meter charts of spec §7, each for a day, a month or a year.
 */
export function ChartsPanel({ inverter }: { inverter: InverterDetail }) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const { sn } = inverter;
  const [source, setSource] = useState<Source>('production');
  const [period, setPeriod] = useState<Period>('day');
  // The plant's today, not the reader's: a day is the plant's own (spec §9 shows the last 30 of them).
  const today = localDay(Date.now(), inverter.timezone);
  const [date, setDate] = useState<Dayjs>(() => dayjs(today));
  const effectivePeriod: Period = source !== 'production' && period === 'total' ? 'year' : period;
  // A month picked further back than 30 days leaves the day view on today rather than on a day it may not show.
  const shown = effectivePeriod === 'day' && !isChartDay(date.format('YYYY-MM-DD'), today) ? dayjs(today) : date;
  const key = effectivePeriod === 'total' ? '' : shown.format(FORMAT[effectivePeriod]);

  const query = useQuery<{ unit: string; keys: string[]; rows: ChartRow[] }>({
    queryKey: ['inverter', sn, 'chart', source, effectivePeriod, key],
    queryFn: async () => {
      if (source !== 'production') {
        const d = await inverterApi.port(sn, source, effectivePeriod as 'day' | 'month' | 'year', key);
        return { unit: d.unit, keys: d.keys, rows: d.rows };
      }
      if (effectivePeriod === 'day') {
        const rows = await inverterApi.day(sn, key, 'p_ac,p_pv');
        return { unit: 'W', keys: ['p_ac', 'p_pv'], rows };
      }
      const rows = await inverterApi.energy(sn, effectivePeriod, key);
      return { unit: 'kWh', keys: ['pv'], rows: rows.map((r) => ({ key: r.key, values: { pv: r.pv } })) };
    },
  });

  const option = useMemo(() => {
    const d = query.data;
    if (!d) return null;
    const series = d.keys.map((k) => ({ key: k, name: t(`inverters.series.${k}`, { defaultValue: k }) }));
    if (effectivePeriod === 'day')
      return lineOption(
        d.rows.filter((r): r is { ts: number; values: Record<string, number | null> } => r.ts !== undefined),
        series,
        { unit: 'W', percentKeys: ['soc'], rtl, tz: inverter.timezone },
      );
    return barOption(
      d.rows.filter((r): r is { key: string; values: Record<string, number | null> } => r.key !== undefined),
      series,
      { unit: 'kWh', rtl },
    );
  }, [query.data, effectivePeriod, rtl, t, inverter.timezone]);

  const points = query.data?.rows.length ?? 0;
  const sourceHint =
    source !== 'production' && INVERTER_CHART_SERIES[source].source
      ? t(`inverters.chartFrom.${INVERTER_CHART_SERIES[source].source}`)
      : null;

  return (
    <div className="hg-inv-charts">
      <Space wrap className="hg-inv-chart-controls">
        <Select<Source>
          value={source}
          onChange={setSource}
          aria-label={t('inverters.chartSource')}
          data-testid="inverter-chart-source"
          popupMatchSelectWidth={false}
          options={[
            { value: 'production', label: t('inverters.charts.production') },
            ...INVERTER_CHARTS.map((c) => ({ value: c, label: t(`inverters.charts.${c}`) })),
          ]}
        />
        <Segmented<Period>
          value={effectivePeriod}
          onChange={setPeriod}
          aria-label={t('inverters.period')}
          data-testid="inverter-chart-period"
          options={(['day', 'month', 'year', 'total'] as const)
            .filter((p) => p !== 'total' || source === 'production')
            .map((p) => ({ value: p, label: t(`inverters.periods.${p}`) }))}
        />
        {effectivePeriod !== 'total' && (
          <DatePicker
            picker={effectivePeriod === 'day' ? 'date' : effectivePeriod}
            value={shown}
            allowClear={false}
            minDate={effectivePeriod === 'day' ? dayjs(oldestChartDay(today)) : undefined}
            maxDate={dayjs(today)}
            disabledDate={(d) =>
              effectivePeriod === 'day' ? !isChartDay(d.format('YYYY-MM-DD'), today) : d.isAfter(dayjs(today), 'day')
            }
            onChange={(d) => d && setDate(d)}
            aria-label={t('inverters.chartDate')}
          />
        )}
      </Space>
      {sourceHint && <p className="hg-inv-hint">{sourceHint}</p>}
      {query.isError ? (
        <Result
          status="warning"
          title={t('inverters.chartFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('inverters.retry')}</Button>}
        />
      ) : !query.isLoading && points === 0 ? (
        <Empty
          className="hg-inv-chart-empty"
          description={t('inverters.chartEmpty')}
          data-testid="inverter-chart-empty"
        />
      ) : option ? (
        <LazyEChart
          option={option}
          height={320}
          label={t('inverters.chartLabel', {
            what: source === 'production' ? t('inverters.charts.production') : t(`inverters.charts.${source}`),
            when: key || t('inverters.periods.total'),
          })}
          locale={i18n.language === 'cn' ? 'ZH' : 'EN'}
          testId="inverter-chart"
          points={points}
        />
      ) : (
        <div style={{ height: 320 }} aria-busy="true" />
      )}
    </div>
  );
}
