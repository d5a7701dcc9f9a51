import { Quantity } from '../../components/Quantity';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InverterEvent } from '@heliograph/shared';
import { inverterApi } from './api';
import { cardPagination } from '../../components/list';

const LEVEL_COLOR: Record<string, string> = { fault: 'error', warning: 'warning', info: 'default' };
const PAGE_SIZE = 10;

/** The inverter's alarms and faults, newest first, open ones marked. */
export function EventsPanel({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const events = useQuery({
    queryKey: ['inverter', sn, 'events', page],
    queryFn: () => inverterApi.events(sn, page, PAGE_SIZE),
  });
  const columns: ColumnsType<InverterEvent> = [
    { title: t('inverters.events.code'), dataIndex: 'code', width: 110 },
    {
      title: t('inverters.events.level'),
      dataIndex: 'level',
      width: 110,
      render: (l: string) => (
        <Tag color={LEVEL_COLOR[l] ?? 'default'}>{t(`inverters.events.levels.${l}`, { defaultValue: l })}</Tag>
      ),
    },
    { title: t('inverters.events.message'), dataIndex: 'message', render: (m: string | null) => m ?? '--' },
    {
      title: t('inverters.events.raised'),
      dataIndex: 'raisedAt',
      width: 170,
      render: (ms: number) => <Quantity>{dayjs(ms).format('YYYY-MM-DD HH:mm:ss')}</Quantity>,
    },
    {
      title: t('inverters.events.cleared'),
      dataIndex: 'clearedAt',
      width: 170,
      render: (ms: number | null) =>
        ms ? (
          <Quantity>{dayjs(ms).format('YYYY-MM-DD HH:mm:ss')}</Quantity>
        ) : (
          <Tag color="red">{t('inverters.events.open')}</Tag>
        ),
    },
  ];
  return (
    <Table<InverterEvent>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={events.data?.rows ?? []}
      loading={events.isLoading}
      scroll={{ x: 'max-content' }}
      data-testid="inverter-events"
      locale={{ emptyText: events.isError ? t('inverters.events.failed') : t('inverters.events.none') }}
      pagination={cardPagination(page, PAGE_SIZE, events.data?.total, setPage)}
    />
  );
}
