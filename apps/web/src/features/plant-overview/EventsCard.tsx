import type { PlantEventPage } from '@heliograph/shared';
import { CheckCircleOutlined } from '@ant-design/icons';
import { Empty, Skeleton, Tag } from 'antd';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { plantApi, plantKeys } from '../../api/plants';
import { StampedTime } from './StampedTime';
import { CardError } from './CardError';
import { orderEvents } from './eventOrder';
import { OverviewCard } from './OverviewCard';

const SHOWN = 8;
const LEVEL_COLOR: Record<string, string> = { fault: 'error', warning: 'warning', info: 'blue' };

function combineEvents(results: UseQueryResult<PlantEventPage>[]) {
  const [open, recent] = results;
  return {
    rows: orderEvents(open?.data?.rows ?? [], recent?.data?.rows ?? [], SHOWN),
    openCount: open?.data?.total ?? 0,
    pending: results.some((r) => r.isPending),
    failed: results.find((r) => r.isError && !r.data),
  };
}

/** Recent events: open ones first, with level, code, message, device and time (plant time). */
export function EventsCard({
  plantId,
  tz,
  className,
}: {
  plantId: string;
  tz: string;
  className?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { rows, openCount, pending, failed } = useQueries({
    queries: [
      {
        queryKey: plantKeys.events(plantId, true),
        queryFn: () => plantApi.events(plantId, { page: 1, size: SHOWN, open: true }),
        refetchInterval: 60_000,
      },
      {
        queryKey: plantKeys.events(plantId, 'all'),
        queryFn: () => plantApi.events(plantId, { page: 1, size: SHOWN }),
        refetchInterval: 60_000,
      },
    ],
    combine: combineEvents,
  });

  let body: React.ReactNode;
  if (pending) body = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (failed) body = <CardError onRetry={() => void failed.refetch()} />;
  else if (rows.length === 0)
    body = (
      <Empty
        className="hg-events-empty"
        image={<CheckCircleOutlined className="hg-events-empty-icon" />}
        description={t('overview.events.none')}
        data-testid="events-empty"
      />
    );
  else
    body = (
      <ul className="hg-event-list" data-testid="event-list">
        {rows.map((e) => {
          const open = e.clearedAt === null;
          return (
            <li
              key={e.id}
              className={`hg-event${open ? ' hg-event-open' : ''}`}
              data-testid="event-row"
              data-open={open}
            >
              <div className="hg-event-head">
                <Tag color={LEVEL_COLOR[e.level] ?? 'default'} className="hg-event-level">
                  {t(`overview.events.level.${e.level}`, { defaultValue: e.level })}
                </Tag>
                <code className="hg-event-code">{e.code}</code>
                <span className={open ? 'hg-event-state hg-event-state-open' : 'hg-event-state'}>
                  {open ? t('overview.events.open') : t('overview.events.cleared')}
                </span>
              </div>
              <p className="hg-event-message">{e.message || t('overview.events.noMessage')}</p>
              <div className="hg-event-meta">
                <span>
                  {t(`overview.devices.kind.${e.deviceKind}`, { defaultValue: e.deviceKind })} <bdi>{e.deviceSn}</bdi>
                </span>
                <span>
                  <StampedTime label={t('overview.events.raised')} at={e.raisedAt} tz={tz} />
                </span>
                {e.clearedAt !== null ? (
                  <span>
                    <StampedTime label={t('overview.events.clearedAt')} at={e.clearedAt} tz={tz} />
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <OverviewCard
      card="events"
      className={className}
      extra={
        !pending && !failed ? (
          <span className={openCount > 0 ? 'hg-ov-count hg-ov-count-alert' : 'hg-ov-count'}>
            {t('overview.events.openCount', { n: String(openCount) })}
          </span>
        ) : null
      }
    >
      {body}
    </OverviewCard>
  );
}
