import { Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEnergy } from '../../components/plant/figures';
import { barsChartOption } from './barsChartOption';
import type { BarFigure, BarsData } from './energyBars';
import { LazyEChart } from '../../components/chart/LazyEChart';
import { PeriodTotals } from './PeriodTotals';
import type { Display } from '../../components/chart/useDisplay';

const HEIGHT = 300;

/** Grouped energy bars with the period's totals above them, or an empty state. */
export function EnergyBarsChart({
  bars,
  figures,
  currency,
  display,
  slotLabel,
  slotTitle,
  label,
  empty,
  testId,
}: {
  bars: BarsData;
  figures: readonly BarFigure[];
  currency: string;
  display: Display;
  slotLabel: (slot: string) => string;
  slotTitle: (slot: string) => string;
  /** What the chart shows, for screen readers. */
  label: string;
  empty: string;
  testId: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { locale, rtl, compact, chartLocale } = display;
  const option = useMemo(() => {
    const names = Object.fromEntries(figures.map((f) => [f, t(`overview.energy.${f}`)])) as Record<BarFigure, string>;
    return barsChartOption(bars, {
      names,
      slotLabel,
      slotTitle,
      energy: (kwh) => formatEnergy(kwh, locale),
      rtl,
      compact,
    });
  }, [bars, figures, t, slotLabel, slotTitle, locale, rtl, compact]);

  if (!bars.hasData) {
    return (
      <Empty
        className="hg-chart-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={empty}
        data-testid={`${testId}-empty`}
      />
    );
  }
  return (
    <>
      <PeriodTotals bars={bars} figures={figures} currency={currency} locale={locale} />
      <LazyEChart option={option} height={HEIGHT} label={label} locale={chartLocale} testId={testId} />
    </>
  );
}
