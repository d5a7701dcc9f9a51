import { InfoCircleOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Skeleton, Tag, Tooltip } from 'antd';
import type { PlantPlanView } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { smartApi, smartKeys } from '../../api/smart';
import { LazyEChart } from '../../components/chart/LazyEChart';
import type { Display } from '../../components/chart/useDisplay';
import { formatRatio } from '../../components/plant/figures';
import { formatClock, formatDateTime } from '../../components/plant/plantTime';
import { usePermissions } from '../../kit/permissions';
import { CardError } from './CardError';
import { OverviewCard } from './OverviewCard';
import { buildPlanChart, planChartOption } from './planChart';
import { commandKey, formatCurrency, reasonKey } from './planView';
import { formatPrice } from './priceChart';

const POLL_MS = 60_000;

function Saving({
  period,
  figures,
  currency,
  locale,
}: {
  period: 'today' | 'month';
  figures: PlantPlanView['today'];
  currency: string;
  locale: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const money = (v: number) => formatCurrency(v, currency, locale);
  return (
    <div className="hg-plan-saving" data-testid={`plan-saving-${period}`}>
      <dt>{t(`overview.plan.saving.${period}`)}</dt>
      <dd>
        <span
          className={`hg-plan-saving-value${figures.saving < 0 ? ' hg-plan-loss' : ''}`}
          data-testid="plan-saving-value"
        >
          <bdi>{money(figures.saving)}</bdi>
        </span>
        <span className="hg-plan-saving-parts">
          {t('overview.plan.saving.parts', { baseline: money(figures.baseline), actual: money(figures.actual) })}
        </span>
      </dd>
    </div>
  );
}

/**
 * The optimiser's plan for a storage plant (issue 17): off → how to switch it on; on → the plan's mode and
 * reason, when it was made and is made again, the last schedule sent to the inverter, the saving against plain
 * self-consumption today and this month, and the planned SOC, battery and grid beside what happened.
 */
export function PlanCard({
  plantId,
  today,
  display,
  className,
}: {
  plantId: string;
  today: string;
  display: Display;
  className?: string;
}): React.JSX.Element | null {
  const { t } = useTranslation();
  const { held } = usePermissions();
  const query = useQuery({
    queryKey: smartKeys.plan(plantId),
    queryFn: () => smartApi.plan(plantId),
    refetchInterval: POLL_MS,
    staleTime: 10_000,
  });
  const { locale, rtl, compact } = display;
  const plan = query.data;
  const data = useMemo(() => (plan && plan.automation ? buildPlanChart(plan, today) : null), [plan, today]);
  const option = useMemo(() => {
    if (!data || !plan) return null;
    return planChartOption(data, {
      rtl,
      compact,
      currency: plan.currency,
      names: {
        plannedSoc: t('overview.plan.series.plannedSoc'),
        actualSoc: t('overview.plan.series.actualSoc'),
        battery: t('overview.plan.series.battery'),
        grid: t('overview.plan.series.grid'),
        price: t('overview.plan.series.price'),
      },
      timeLabel: (x) => new Date(x).toISOString().slice(0, 16).replace('T', ' '),
      kw: (v) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v)} kW`,
      percent: (v) => formatRatio(v / 100, locale),
      price: (v) => `${formatPrice(v, locale)} ${plan.currency}/kWh`,
    });
  }, [data, plan, rtl, compact, locale, t]);

  if (query.isPending) {
    return (
      <OverviewCard card="plan" className={className}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </OverviewCard>
    );
  }
  if (query.isError && !plan) {
    return (
      <OverviewCard card="plan" className={className}>
        <CardError onRetry={() => void query.refetch()} />
      </OverviewCard>
    );
  }
  if (!plan || !plan.storage) return null;
  const tz = plan.timezone;

  if (!plan.automation) {
    return (
      <OverviewCard card="plan" className={className}>
        <div className="hg-plan-off" data-testid="plan-off">
          <p>{t('overview.plan.off')}</p>
          {held.has('station.edit') ? (
            <Link to={`/plants/edit/${encodeURIComponent(plantId)}?tab=storage`} data-testid="plan-switch-on">
              <Button type="primary" icon={<SettingOutlined />} tabIndex={-1}>
                {t('overview.plan.switchOn')}
              </Button>
            </Link>
          ) : (
            <p className="hg-plan-muted">{t('overview.plan.askAdmin')}</p>
          )}
        </div>
      </OverviewCard>
    );
  }

  const reason = reasonKey(plan.reason);
  const mode = plan.mode;
  const cmd = plan.command;
  const modeTag =
    mode === 'optimised' ? (
      <Tag color="green" data-testid="plan-mode" data-mode="optimised">
        {t('overview.plan.mode.optimised')}
      </Tag>
    ) : mode === 'selfConsumption' ? (
      <Tag color="orange" data-testid="plan-mode" data-mode="selfConsumption">
        {t('overview.plan.mode.selfConsumption')}
      </Tag>
    ) : (
      <Tag data-testid="plan-mode" data-mode="pending">
        {t('overview.plan.mode.pending')}
      </Tag>
    );

  return (
    <OverviewCard card="plan" className={className} extra={modeTag}>
      {reason ? (
        <p className="hg-plan-reason" data-testid="plan-reason">
          {t(`overview.plan.reason.${reason}`)}
        </p>
      ) : null}
      <div className="hg-plan-savings-row">
        <dl className="hg-plan-savings">
          <Saving period="today" figures={plan.today} currency={plan.currency} locale={locale} />
          <Saving period="month" figures={plan.month} currency={plan.currency} locale={locale} />
        </dl>
        <Tooltip title={t('overview.plan.saving.help')}>
          <Button
            type="text"
            size="small"
            icon={<InfoCircleOutlined />}
            aria-label={t('overview.plan.saving.helpLabel')}
            data-testid="plan-saving-help"
          />
        </Tooltip>
      </div>
      {data && option && data.points > 0 ? (
        <LazyEChart
          option={option}
          height={compact ? 280 : 320}
          points={data.points}
          label={t('overview.plan.chartLabel', {
            mode: mode ? t(`overview.plan.mode.${mode}`) : t('overview.plan.mode.pending'),
          })}
          locale={display.chartLocale}
          testId="plan-chart"
        />
      ) : null}
      <ul className="hg-plan-facts">
        <li data-testid="plan-times">
          {t('overview.plan.plannedAt', { time: formatClock(plan.plannedAt, tz) })}
          {' · '}
          {t('overview.plan.nextAt', { time: formatClock(plan.nextPlanAt, tz) })}
        </li>
        {plan.cost !== null && plan.baselineCost !== null ? (
          <li>
            {t('overview.plan.horizon', {
              cost: formatCurrency(plan.cost, plan.currency, locale),
              baseline: formatCurrency(plan.baselineCost, plan.currency, locale),
            })}
          </li>
        ) : null}
        {cmd ? (
          <li data-testid="plan-command" data-status={cmd.status}>
            <span>
              {t(`overview.plan.command.${commandKey(cmd.status)}`, {
                sn: cmd.inverterSn ?? '–',
                time: formatDateTime(cmd.sentAt, tz),
              })}
            </span>
            {cmd.error ? <span className="hg-plan-error"> {cmd.error}</span> : null}
            {cmd.inverterSn ? (
              <>
                {' '}
                <Link
                  to={`/device/inverter/${encodeURIComponent(cmd.inverterSn)}?tab=log`}
                  data-testid="plan-command-log"
                >
                  {t('overview.plan.command.log')}
                </Link>
              </>
            ) : null}
          </li>
        ) : (
          <li className="hg-plan-muted">{t('overview.plan.command.none')}</li>
        )}
      </ul>
    </OverviewCard>
  );
}
