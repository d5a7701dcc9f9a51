import { formatFigure } from '@heliograph/shared';
import { Card, Skeleton, Statistic } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyEChart } from '../../components/chart/LazyEChart';
import { useDisplay } from '../../components/chart/useDisplay';
import { formatEnergy } from '../../components/plant/figures';
import { Quantity } from '../../components/Quantity';
import { type ScreeningAnswer } from './api';
import { bandLabels, bandSummary, screeningChartOption } from './screening';

/** The headline figures of the filtered fleet; the under-performers' card turns the under-only filter on and off. */
export function ScreeningFigures({
  summary,
  underOnly,
  onUnder,
}: {
  summary: ScreeningAnswer['summary'] | undefined;
  underOnly: boolean;
  onUnder: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { locale } = useDisplay();
  if (!summary)
    return (
      <div className="hg-screening-figures" aria-busy="true">
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const kwp = (v: number | null) => formatFigure(v, locale).text;
  const cards: { key: string; title: string; value: string; unit?: string }[] = [
    { key: 'plants', title: t('reports.screening.kpi.plants'), value: count(summary.plants) },
    { key: 'capacity', title: t('reports.screening.kpi.capacity'), value: kwp(summary.capacityKwp), unit: 'kWp' },
    { key: 'pv', title: t('reports.screening.kpi.pv'), value: formatEnergy(summary.pv, locale) },
    {
      key: 'specificYield',
      title: t('reports.screening.kpi.specificYield'),
      value: kwp(summary.specificYield),
      unit: summary.specificYield === null ? undefined : 'kWh/kWp',
    },
    {
      key: 'median',
      title: t('reports.screening.kpi.median'),
      value: kwp(summary.medianSpecificYield),
      unit: summary.medianSpecificYield === null ? undefined : 'kWh/kWp',
    },
  ];
  const stat = (title: string, value: string, unit?: string) => (
    <Statistic title={title} valueRender={() => <Quantity value={value} unit={unit} />} />
  );
  return (
    <div className="hg-screening-figures" data-testid="screening-figures">
      {cards.map((c) => (
        <Card key={c.key} size="small" className="hg-screening-figure" data-testid={`screening-kpi-${c.key}`}>
          {stat(c.title, c.value, c.unit)}
        </Card>
      ))}
      <Card
        size="small"
        className={`hg-screening-figure hg-screening-figure-under${summary.under > 0 ? ' hg-screening-alert' : ''}`}
        data-testid="screening-kpi-under"
      >
        <button
          type="button"
          className="hg-screening-figure-button"
          aria-pressed={underOnly}
          onClick={onUnder}
          data-testid="screening-kpi-under-button"
        >
          {stat(t('reports.screening.kpi.under'), count(summary.under))}
          <span className="hg-screening-figure-note">
            {underOnly ? t('reports.screening.kpi.underShowAll') : t('reports.screening.kpi.underShow')}
          </span>
        </button>
      </Card>
      <Card size="small" className="hg-screening-figure" data-testid="screening-kpi-noData">
        {stat(t('reports.screening.kpi.noData'), count(summary.noData))}
      </Card>
    </div>
  );
}

/** Plants per band of their kWh/kWp against the peers' median; the under-performing bands in warning colours. */
export function ScreeningHistogram({ bands }: { bands: readonly number[] | undefined }): React.JSX.Element {
  const { t } = useTranslation();
  const { locale, rtl, compact, chartLocale } = useDisplay();
  const labels = useMemo(
    () =>
      bandLabels(locale, {
        below: (to) => t('reports.screening.band.below', { to }),
        between: (from, to) => t('reports.screening.band.between', { from, to }),
        above: (from) => t('reports.screening.band.above', { from }),
      }),
    [locale, t],
  );
  const option = useMemo(
    () =>
      bands ? screeningChartOption(bands, labels, { rtl, compact, name: t('reports.screening.chartSeries') }) : null,
    [bands, labels, rtl, compact, t],
  );
  return (
    <Card size="small" title={t('reports.screening.chartTitle')} className="hg-report-chart">
      {option && bands ? (
        <LazyEChart
          option={option}
          height={compact ? 200 : 240}
          label={t('reports.screening.chartLabel', { bands: bandSummary(bands, labels, locale) })}
          locale={chartLocale}
          testId="screening-chart"
          points={bands.length}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}
