import { DELIVERY_STATES, type DeliveryState, type WebhookDeliveryRow, type WebhookRow } from '@heliograph/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Grid, Segmented, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import { LoadFailed } from '../device-common/LoadFailed';
import { notificationApi, notificationKeys } from './api';

const STATE_COLOR: Record<DeliveryState, string> = { pending: 'gold', sent: 'green', failed: 'red' };

/** A webhook's delivery log, newest first: what was sent, its status, attempts and the last error; by page. */
export function DeliveryLog({ hook, onClose }: { hook: WebhookRow | null; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const [state, setState] = useState<DeliveryState | 'all'>('all');
  const [page, setPage] = useState(1);
  const size = 20;
  const q = { page, size, ...(state === 'all' ? {} : { state }) };
  const log = useQuery({
    queryKey: notificationKeys.deliveries(hook?.id ?? '', q),
    queryFn: () => notificationApi.deliveries(hook?.id ?? '', q),
    enabled: hook !== null,
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<WebhookDeliveryRow> = [
    {
      title: t('notifications.logCreated'),
      dataIndex: 'createdAt',
      width: 150,
      render: (ms: number) => <Quantity>{dayjs(ms).format('YYYY-MM-DD HH:mm:ss')}</Quantity>,
    },
    {
      title: t('notifications.logEvent'),
      key: 'event',
      render: (_: unknown, r) => (
        <span>
          <bdi>{r.code}</bdi> · <bdi>{r.deviceSn}</bdi>
          {r.plantName ? (
            <>
              {' '}
              · <bdi>{r.plantName}</bdi>
            </>
          ) : null}{' '}
          <Tag>{r.transition === 'open' ? t('notifications.opened') : t('notifications.closed')}</Tag>
        </span>
      ),
    },
    {
      title: t('notifications.logState'),
      dataIndex: 'state',
      width: 110,
      render: (s: DeliveryState) => <Tag color={STATE_COLOR[s]}>{t(`notifications.state.${s}`)}</Tag>,
    },
    { title: t('notifications.logAttempts'), dataIndex: 'attempts', width: 90, responsive: ['sm'] },
    {
      title: t('notifications.logError'),
      dataIndex: 'lastError',
      responsive: ['md'],
      render: (e: string | null) => (e ? <bdi dir="ltr">{e}</bdi> : '—'),
    },
  ];

  return (
    <Drawer
      open={hook !== null}
      onClose={onClose}
      size={wide ? 760 : '100%'}
      title={t('notifications.deliveryLog')}
      destroyOnHidden
    >
      <Segmented
        value={state}
        onChange={(v) => {
          setState(v as DeliveryState | 'all');
          setPage(1);
        }}
        options={[
          { value: 'all', label: t('notifications.state.all') },
          ...DELIVERY_STATES.map((s) => ({ value: s, label: t(`notifications.state.${s}`) })),
        ]}
      />
      {log.isError ? (
        <LoadFailed title={t('notifications.loadFailed')} retry={log.refetch} retryText={t('notifications.retry')} />
      ) : (
        <Table<WebhookDeliveryRow>
          className="hg-notify-log"
          rowKey="id"
          size="small"
          loading={log.isFetching}
          columns={columns}
          dataSource={log.data?.rows ?? []}
          pagination={{
            current: page,
            pageSize: size,
            total: log.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
          locale={{ emptyText: t('notifications.logEmpty') }}
        />
      )}
    </Drawer>
  );
}
