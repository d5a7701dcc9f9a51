import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Skeleton, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { LazyEChart } from '../../components/chart/LazyEChart';
import { useDisplay } from '../../components/chart/useDisplay';
import { formatRatio } from '../../components/plant/figures';
import { LoadFailed } from '../device-common/LoadFailed';
import { reportApi, reportKeys, type Report } from './api';
import { ExportButtons } from './ExportButtons';
import { PICKER, anchorDate, defaultAnchor } from './period';
import { reportChartOption } from './reportChart';
import { ReportTable } from './ReportTable';
import './reports.css';

/**
 * /workdata/reportinfo/:id/:reportName — a saved report (spec §2.2): the period picker, the headline totals,
 * the chart by day or month, the table with its totals, and exports that run in the background.
 */
export default function ReportDetailPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { id = '', reportName = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const config = useQuery({ queryKey: reportKeys.config(id), queryFn: () => reportApi.config(id) });
  const period = config.data?.period;
  const date = params.get('date') ?? (period ? defaultAnchor(period) : '');
  const report = useQuery({
    queryKey: reportKeys.report(id, date),
    queryFn: () => reportApi.report(id, date),
    enabled: Boolean(period && date),
  });

  if (config.isError)
    return <LoadFailed card title={t('reports.loadFailed')} retry={config.refetch} retryText={t('reports.retry')} />;

  return (
    <section className="hg-page-card hg-report" aria-labelledby="report-title" data-testid="report-page">
      <header className="hg-page-header">
        <div>
          <Link to="/workdata/list" className="hg-report-back">
            <ArrowLeftOutlined className="hg-report-back-icon" /> {t('reports.back')}
          </Link>
          <h1 id="report-title" className="hg-page-title">
            <bdi>{config.data?.name ?? reportName}</bdi>
          </h1>
          {report.data && (
            <p className="hg-page-hint" data-testid="report-range">
              <bdi>
                {report.data.from === report.data.to ? report.data.from : `${report.data.from} – ${report.data.to}`}
              </bdi>
            </p>
          )}
        </div>
        {period && (
          <DatePicker
            picker={PICKER[period].picker}
            value={anchorDate(period, date)}
            allowClear={false}
            aria-label={t('reports.date')}
            data-testid="report-date"
            onChange={(d) => {
              if (d) setParams({ date: d.format(PICKER[period].format) });
            }}
          />
        )}
      </header>
      {period && date && <ExportButtons configId={id} date={date} initialJob={params.get('export') ?? undefined} />}
      {report.isError ? (
        <LoadFailed title={t('reports.loadFailed')} retry={report.refetch} retryText={t('reports.retry')} />
      ) : !report.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <ReportBody report={report.data} />
      )}
    </section>
  );
}

function ReportBody({ report }: { report: Report }): React.JSX.Element {
  const { t } = useTranslation();
  const { locale, rtl, compact, chartLocale } = useDisplay();
  const figures = report.config.figures;
  const n = (v: number | null, digits = 1) =>
    v === null
      ? '--'
      : new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  const totals = report.totals;
  const cards: { key: string; title: string; value: string; words?: boolean }[] = [
    { key: 'pv', title: t('reports.col.pv'), value: n(totals.pv) },
  ];
  if (figures.includes('income'))
    cards.push({
      key: 'income',
      title: t('reports.col.income'),
      value: totals.income === null ? t('reports.mixedCurrencies') : `${n(totals.income, 2)} ${totals.currency ?? ''}`,
      words: totals.income === null,
    });
  if (figures.includes('specificYield'))
    cards.push({ key: 'specificYield', title: t('reports.col.specificYield'), value: n(totals.specificYield, 2) });
  if (figures.includes('co2')) cards.push({ key: 'co2', title: t('reports.col.co2'), value: n(totals.co2Kg) });
  if (figures.includes('lastYear'))
    cards.push({
      key: 'yearOnYear',
      title: t('reports.col.yearOnYear'),
      value: formatRatio(totals.yearOnYear, locale),
    });

  if (report.rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.noRows')} data-testid="report-empty" />;

  const chartLabel = (k: string) => t(k === 'lastYear' ? 'reports.col.lastYear' : `reports.col.${k}`);
  return (
    <>
      <div className="hg-report-figures-row" data-testid="report-totals">
        {cards.map((c) => (
          <Card key={c.key} size="small" className="hg-report-figure">
            {/* Words (several currencies) in body size; figures large. */}
            <Statistic title={c.title} value={c.value} styles={c.words ? { content: { fontSize: 14 } } : undefined} />
          </Card>
        ))}
      </div>
      <Card size="small" title={t('reports.chartTitle')} className="hg-report-chart">
        <LazyEChart
          option={reportChartOption(report.series, figures, chartLabel, { rtl, compact })}
          height={compact ? 240 : 320}
          label={t('reports.chartLabel')}
          locale={chartLocale}
          testId="report-chart"
          points={report.series.buckets.length}
        />
      </Card>
      <ReportTable
        rows={report.rows}
        figures={figures}
        device={report.config.scope === 'device'}
        locale={locale}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.noRows')} />}
        testId="report-table"
        labelledBy="report-title"
        footer={
          <span data-testid="report-total-pv">
            {t('reports.totalLine', { pv: n(totals.pv), capacity: n(totals.capacityKwp, 2) })}
          </span>
        }
      />
      {report.rows.some((r) => r.insolationSource === 'clearSky') && figures.includes('performanceRatio') && (
        <p className="hg-page-hint">{t('reports.clearSkyNote')}</p>
      )}
    </>
  );
}
