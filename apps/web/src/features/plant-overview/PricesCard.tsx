import { Empty, Segmented, Skeleton } from 'antd';
import { addDays } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smartApi, smartKeys } from '../../api/smart';
import { LazyEChart } from '../../components/chart/LazyEChart';
import type { Display } from '../../components/chart/useDisplay';
import { CardError } from './CardError';
import { OverviewCard } from './OverviewCard';
import { buildPriceChart, describePeriod, PRICE_COLORS, priceChartOption, type PricePeriod } from './priceChart';

const POLL_MS = 15 * 60_000;

function PeriodList({
  kind,
  periods,
  tz,
  currency,
  locale,
}: {
  kind: 'cheap' | 'dear';
  periods: PricePeriod[];
  tz: string;
  currency: string;
  locale: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const id = `ov-prices-${kind}`;
  return (
    <div className="hg-price-list" data-testid={`prices-${kind}`}>
      <h3 id={id} className="hg-price-list-title">
        <span className="hg-price-swatch" style={{ background: PRICE_COLORS[kind] }} aria-hidden="true" />
        {t(`overview.prices.${kind}`)}
      </h3>
      <ol aria-labelledby={id}>
        {periods.map((p) => (
          <li key={p.start} data-testid={`prices-${kind}-item`} className={p.buy < 0 ? 'hg-price-negative' : undefined}>
            {describePeriod(p, tz, currency, locale)}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * The plant's prices of a day (issue 17, spec §9): buy (and sell) per slot in the plant's time zone and
 * currency, the 3 cheapest and 3 dearest periods marked in the chart and listed as text, today or tomorrow.
 */
export function PricesCard({
  plantId,
  today,
  display,
  className,
}: {
  plantId: string;
  today: string;
  display: Display;
  className?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [which, setWhich] = useState<'today' | 'tomorrow'>('today');
  const tomorrow = addDays(today, 1);
  const day = which === 'today' ? today : tomorrow;
  const query = useQuery({
    queryKey: smartKeys.priceDay(plantId, day),
    queryFn: () => smartApi.priceDay(plantId, day),
    refetchInterval: POLL_MS,
    staleTime: 60_000,
  });
  // Tomorrow's prices appear once the market publishes them (or always, for a tariff).
  const next = useQuery({
    queryKey: smartKeys.priceDay(plantId, tomorrow),
    queryFn: () => smartApi.priceDay(plantId, tomorrow),
    refetchInterval: POLL_MS,
    staleTime: 60_000,
  });
  const tomorrowReady = (next.data?.slots.length ?? 0) > 0;
  const { locale, rtl, compact } = display;

  const data = useMemo(() => (query.data ? buildPriceChart(query.data) : null), [query.data]);
  const option = useMemo(() => {
    if (!data || !query.data) return null;
    return priceChartOption(data, {
      tz: query.data.timezone,
      currency: query.data.currency,
      locale,
      rtl,
      compact,
      names: {
        buy: t('overview.prices.buy'),
        sell: t('overview.prices.sell'),
        cheap: t('overview.prices.cheap'),
        dear: t('overview.prices.dear'),
      },
      markLabel: (mark, rank) => t(`overview.prices.${mark}Rank`, { rank }),
    });
  }, [data, query.data, locale, rtl, compact, t]);

  const picker = (
    <Segmented
      size="small"
      value={which}
      onChange={(v) => setWhich(v)}
      aria-label={t('overview.prices.pickDay')}
      data-testid="prices-day"
      options={[
        { value: 'today' as const, label: t('overview.prices.today') },
        { value: 'tomorrow' as const, label: t('overview.prices.tomorrow'), disabled: !tomorrowReady },
      ]}
    />
  );

  const body = (): React.ReactNode => {
    if (query.isPending) {
      return (
        <div className="hg-chart-placeholder" style={{ height: 260 }} aria-busy="true">
          <Skeleton active title={false} paragraph={{ rows: 5 }} />
        </div>
      );
    }
    if (query.isError && !query.data) return <CardError onRetry={() => void query.refetch()} />;
    const d = query.data;
    if (!d.source || !data || data.periods.length === 0 || !option) {
      return (
        <Empty
          className="hg-chart-empty"
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('overview.prices.none', { date: day })}
          data-testid="prices-empty"
        />
      );
    }
    const label = t('overview.prices.chartLabel', {
      date: d.day,
      source: t(`overview.prices.source.${d.source}`),
      cheap: data.cheapest.map((p) => describePeriod(p, d.timezone, d.currency, locale)).join('; '),
      dear: data.dearest.map((p) => describePeriod(p, d.timezone, d.currency, locale)).join('; '),
    });
    return (
      <>
        <p className="hg-price-meta">
          <span data-testid="prices-source">
            {t('overview.prices.from', { source: t(`overview.prices.source.${d.source}`) })}
          </span>
          <span>{t('overview.prices.unit', { currency: d.currency, date: d.day, tz: d.timezone })}</span>
        </p>
        <LazyEChart
          option={option}
          height={compact ? 240 : 260}
          points={data.periods.length}
          label={label}
          locale={display.chartLocale}
          testId="prices-chart"
        />
        {data.hasNegative ? (
          <p className="hg-price-negative-note" data-testid="prices-negative">
            {t('overview.prices.negative')}
          </p>
        ) : null}
        <div className="hg-price-lists">
          <PeriodList kind="cheap" periods={data.cheapest} tz={d.timezone} currency={d.currency} locale={locale} />
          <PeriodList kind="dear" periods={data.dearest} tz={d.timezone} currency={d.currency} locale={locale} />
        </div>
      </>
    );
  };

  return (
    <OverviewCard card="prices" className={className} extra={picker}>
      {body()}
    </OverviewCard>
  );
}
