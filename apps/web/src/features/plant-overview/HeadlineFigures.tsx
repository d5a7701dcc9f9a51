import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlantRealtime, PlantSummary } from '../../api/plants';
import {
  capacityShare,
  energyParts,
  formatMoney,
  formatRatio,
  powerParts,
  type FigureParts,
} from '../../components/plant/figures';
import { Quantity } from '../../components/Quantity';

interface Figure {
  key: string;
  label: string;
  parts: FigureParts;
  note?: string;
}

/**
 * The headline figures: power now (and its share of capacity), today's, this month's and lifetime energy,
 * today's and lifetime income, and today's self-consumption and self-sufficiency.
 */
export function HeadlineFigures({
  plant,
  realtime,
  loading,
  locale,
}: {
  plant: PlantSummary;
  realtime: PlantRealtime | undefined;
  loading: boolean;
  locale: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const money = (v: number | null | undefined): FigureParts => ({
    text: formatMoney(v, realtime?.currency ?? plant.currency, locale, (value) =>
      t('overview.tenThousands', { value }),
    ),
    unit: '',
  });
  const ratio = (v: number | null | undefined): FigureParts => ({ text: formatRatio(v, locale), unit: '' });
  const pv = realtime ? realtime.powerW.pv : plant.powerW;
  const share = capacityShare(pv, realtime?.capacityKw ?? plant.capacityKw);

  const figures: Figure[] = [
    {
      key: 'power',
      label: t('overview.figures.power'),
      parts: powerParts(pv, locale),
      note: share === null ? undefined : t('overview.figures.ofCapacity', { share: formatRatio(share, locale) }),
    },
    {
      key: 'today',
      label: t('overview.figures.today'),
      parts: energyParts(realtime?.today.pv ?? plant.todayKwh, locale),
    },
    { key: 'month', label: t('overview.figures.month'), parts: energyParts(realtime?.month.pv, locale) },
    {
      key: 'total',
      label: t('overview.figures.total'),
      parts: energyParts(realtime?.total.pv ?? plant.totalKwh, locale),
    },
    {
      key: 'todayIncome',
      label: t('overview.figures.todayIncome'),
      parts: money(realtime?.today.income ?? plant.todayIncome),
    },
    {
      key: 'totalIncome',
      label: t('overview.figures.totalIncome'),
      parts: money(realtime?.total.income ?? plant.totalIncome),
    },
    {
      key: 'selfConsumption',
      label: t('overview.figures.selfConsumption'),
      parts: ratio(realtime?.today.selfConsumption),
    },
    {
      key: 'selfSufficiency',
      label: t('overview.figures.selfSufficiency'),
      parts: ratio(realtime?.today.selfSufficiency),
    },
  ];

  return (
    <section className="hg-ov-figures" aria-label={t('overview.figures.title')} data-testid="headline-figures">
      <dl className="hg-ov-figure-list">
        {figures.map((f) => (
          <div key={f.key} className={`hg-ov-figure hg-ov-figure-${f.key}`} data-testid={`figure-${f.key}`}>
            <dt className="hg-ov-figure-label">{f.label}</dt>
            <dd className="hg-ov-figure-value">
              {loading && !realtime ? (
                <Skeleton.Input active size="small" />
              ) : (
                <Quantity>
                  <span className="hg-ov-figure-number" data-testid="figure-value">
                    {f.parts.text}
                  </span>
                  {f.parts.unit ? <span className="hg-ov-figure-unit">{f.parts.unit}</span> : null}
                </Quantity>
              )}
            </dd>
            {f.note ? <dd className="hg-ov-figure-note">{f.note}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
