import { Skeleton, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plantApi, plantKeys } from '../../api/plants';
import { CardError } from './CardError';
import { barFigures, buildBars, periodSlots, type EnergyPeriodKind } from './energyBars';
import { EnergyBarsChart } from './EnergyBarsChart';
import { monthShort, monthTitle, stepMonth, stepYear } from './periodKeys';
import { OverviewCard } from './OverviewCard';
import { PeriodStepper } from './PeriodStepper';
import type { ChartCardProps } from './chartCardProps';

const KINDS: readonly EnergyPeriodKind[] = ['month', 'year', 'total'];

/** Energy per day of a month, per month of a year and per year, as grouped bars with the period's totals. */
export function EnergyBarsCard({ plant, today, hasBattery, display, className }: ChartCardProps): React.JSX.Element {
  const { t } = useTranslation();
  const [kind, setKind] = useState<EnergyPeriodKind>('month');
  const [month, setMonth] = useState(today.slice(0, 7));
  const [year, setYear] = useState(today.slice(0, 4));
  const firstMonth = (plant.commissionedOn || today).slice(0, 7);
  const key = kind === 'month' ? month : kind === 'year' ? year : firstMonth.slice(0, 4);

  const query = useQuery({
    queryKey:
      kind === 'month'
        ? plantKeys.month(plant.id, month)
        : kind === 'year'
          ? plantKeys.year(plant.id, year)
          : plantKeys.total(plant.id),
    queryFn: () =>
      kind === 'month'
        ? plantApi.month(plant.id, month)
        : kind === 'year'
          ? plantApi.year(plant.id, year)
          : plantApi.total(plant.id),
  });

  const figures = useMemo(() => barFigures(hasBattery), [hasBattery]);
  const bars = useMemo(
    () => (query.data ? buildBars(periodSlots(kind, key, query.data, today.slice(0, 4)), query.data, figures) : null),
    [query.data, kind, key, today, figures],
  );
  const { locale } = display;
  const slotLabel = useCallback(
    (slot: string) =>
      kind === 'month' ? String(Number(slot.slice(8))) : kind === 'year' ? monthShort(slot, locale) : slot,
    [kind, locale],
  );
  const slotTitle = useCallback((slot: string) => (kind === 'year' ? monthTitle(slot, locale) : slot), [kind, locale]);

  const stepper =
    kind === 'month' ? (
      <PeriodStepper
        unit="month"
        label={monthTitle(month, locale)}
        canBack={month > firstMonth}
        canForward={month < today.slice(0, 7)}
        onStep={(d) => setMonth(stepMonth(month, d))}
      />
    ) : kind === 'year' ? (
      <PeriodStepper
        unit="year"
        label={year}
        canBack={year > firstMonth.slice(0, 4)}
        canForward={year < today.slice(0, 4)}
        onStep={(d) => setYear(stepYear(year, d))}
      />
    ) : null;

  const periodName =
    kind === 'month' ? monthTitle(month, locale) : kind === 'year' ? year : t('overview.energy.tab_total');
  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton active title={false} paragraph={{ rows: 7 }} />;
  else if (query.isError && !query.data) body = <CardError onRetry={() => void query.refetch()} />;
  else if (bars)
    body = (
      <EnergyBarsChart
        bars={bars}
        figures={figures}
        currency={plant.currency}
        display={display}
        slotLabel={slotLabel}
        slotTitle={slotTitle}
        label={t('overview.energy.chartLabel', { period: periodName })}
        empty={t('overview.energy.noData', { period: periodName })}
        testId="energy-chart"
      />
    );

  return (
    // The stepper sits in the card header, not in the tab bar: a tablist may only hold tabs (WCAG 4.1.2).
    <OverviewCard card="energy" extra={display.compact ? undefined : stepper} className={className}>
      <Tabs
        size="small"
        activeKey={kind}
        onChange={(k) => setKind(k as EnergyPeriodKind)}
        items={KINDS.map((k) => ({
          key: k,
          label: t(`overview.energy.tab_${k}`),
          children:
            k === kind ? (
              <>
                {display.compact && stepper ? <div className="hg-stepper-row">{stepper}</div> : null}
                {body}
              </>
            ) : null,
        }))}
        className="hg-energy-tabs"
      />
    </OverviewCard>
  );
}
