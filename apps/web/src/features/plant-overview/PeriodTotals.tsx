import { useTranslation } from 'react-i18next';
import { formatEnergy, formatMoney, formatRatio } from '../../components/plant/figures';
import type { BarFigure, BarsData } from './energyBars';
import { FIGURE_COLORS } from '../../components/chart/palette';
import { Quantity } from '../../components/Quantity';

/** A period's sums under its bars: each figure, the income, self-consumption and self-sufficiency. */
export function PeriodTotals({
  bars,
  figures,
  currency,
  locale,
}: {
  bars: BarsData;
  figures: readonly BarFigure[];
  currency: string;
  locale: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <dl className="hg-totals" data-testid="period-totals">
      {figures.map((f) => (
        <div key={f} className="hg-totals-item">
          <dt>
            <span className="hg-totals-swatch" style={{ background: FIGURE_COLORS[f] }} aria-hidden="true" />
            {t(`overview.energy.${f}`)}
          </dt>
          <dd>
            <Quantity className="hg-num">{formatEnergy(bars.totals[f], locale)}</Quantity>
          </dd>
        </div>
      ))}
      <div className="hg-totals-item">
        <dt>{t('overview.energy.income')}</dt>
        <dd className="hg-num">
          {formatMoney(bars.totals.income, currency, locale, (value) => t('overview.tenThousands', { value }))}
        </dd>
      </div>
      <div className="hg-totals-item">
        <dt>{t('overview.figures.selfConsumptionShort')}</dt>
        <dd className="hg-num">{formatRatio(bars.selfConsumption, locale)}</dd>
      </div>
      <div className="hg-totals-item">
        <dt>{t('overview.figures.selfSufficiencyShort')}</dt>
        <dd className="hg-num">{formatRatio(bars.selfSufficiency, locale)}</dd>
      </div>
    </dl>
  );
}
