import { CheckOutlined, ExportOutlined, LinkOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_TYPE } from '@heliograph/shared';
import { App, Badge, Button, Empty, Grid, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MESSAGE_COUNT_KEY } from '../../api/auth';
import { FilterSelect, ListToolbar, listPagination, useListState, type ListSpec } from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { LoadFailed } from '../device-common/LoadFailed';
import { noticeApi, noticeKeys, type NoticeItem, type NoticeRef } from './api';
import { formatTime, noticeLink, noticeText, typeColor, typeLabel } from './noticeText';
import './notices.css';

const TYPES = Object.values(MESSAGE_TYPE).map(String);
const SPEC: ListSpec<'type' | 'read', never> = { defaultSize: 20, filters: { type: TYPES, read: ['0', '1'] } };

const refOf = (n: NoticeItem): NoticeRef => ({ id: n.id, kind: n.kind });

/**
 * /notice — the caller's notice centre (spec §2.2 notice, §4 "Message: read or unread, with a mark-all-read
 * action"): device alarms, system notices, bulletins, maintenance and migration notices, newest first, by type
 * and read state and searchable; opening one marks it read, several can be marked at once, or all.
 */
export default function NoticeCentrePage(): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const { modal, message } = App.useApp();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<NoticeRef[]>([]);
  const [open, setOpen] = useState<string[]>([]);
  const query = {
    page: state.page,
    size: state.size,
    ...(state.search ? { q: state.search } : {}),
    ...(state.filters.type ? { type: Number(state.filters.type) } : {}),
    ...(state.filters.read ? { read: state.filters.read as '0' | '1' } : {}),
  };
  const list = useQuery({
    // Titles and texts come in the caller's language: a language change asks again.
    queryKey: [...noticeKeys.list(query), i18n.language],
    queryFn: () => noticeApi.list(query),
    placeholderData: keepPreviousData,
  });
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    void queryClient.invalidateQueries({ queryKey: MESSAGE_COUNT_KEY });
  };
  const read = useMutation({ mutationFn: (refs: NoticeRef[]) => noticeApi.readBatch(refs), onSuccess: changed });
  const readAll = useMutation({
    mutationFn: noticeApi.readAll,
    onSuccess: (r) => {
      void message.success(t('notices.allMarked', { count: r.marked }));
      setSelected([]);
      changed();
    },
  });

  const toggle = (n: NoticeItem) => {
    const opening = !open.includes(n.id);
    setOpen(opening ? [...open, n.id] : open.filter((id) => id !== n.id));
    if (opening && !n.read) read.mutate([refOf(n)]);
  };

  const columns: ColumnsType<NoticeItem> = [
    {
      title: t('notices.state'),
      dataIndex: 'read',
      width: wide ? 96 : 44,
      render: (isRead: boolean) => (
        <Badge
          status={isRead ? 'default' : 'processing'}
          // On a phone only the dot shows; its word stays for screen readers.
          text={
            <span className={wide ? undefined : 'hg-visually-hidden'}>
              {isRead ? t('notices.read') : t('notices.unread')}
            </span>
          }
        />
      ),
    },
    {
      title: t('notices.typeColumn'),
      key: 'type',
      width: 130,
      responsive: ['sm'],
      render: (_: unknown, n) => <Tag color={typeColor(n)}>{typeLabel(t, n)}</Tag>,
    },
    {
      title: t('notices.message'),
      key: 'title',
      render: (_: unknown, n) => {
        const link = noticeLink(n);
        const expanded = open.includes(n.id);
        return (
          <div className="hg-notice-cell">
            <Button
              type="link"
              className={n.read ? 'hg-notice-title' : 'hg-notice-title hg-notice-unread'}
              aria-expanded={expanded}
              onClick={() => toggle(n)}
              data-testid={`notice-open-${n.id}`}
            >
              {n.title || typeLabel(t, n)}
            </Button>
            <div className={expanded ? 'hg-notice-text' : 'hg-notice-text hg-notice-excerpt'}>{noticeText(t, n)}</div>
            {(link || n.deviceSn) && (
              <Space size="small" wrap className="hg-notice-links">
                {n.deviceSn && (
                  <span>
                    {t('notices.device')} <bdi dir="ltr">{n.deviceSn}</bdi>
                  </span>
                )}
                {link &&
                  (link.external ? (
                    <a href={link.to} target="_blank" rel="noreferrer noopener">
                      <ExportOutlined /> {t('notices.openLink')}
                    </a>
                  ) : (
                    <Link to={link.to}>
                      <LinkOutlined /> {n.plantId ? t('notices.openPlant') : t('notices.openLink')}
                    </Link>
                  ))}
              </Space>
            )}
          </div>
        );
      },
    },
    {
      title: t('notices.time'),
      dataIndex: 'createdAt',
      width: 150,
      responsive: ['md'],
      render: (ms: number) => <Quantity>{formatTime(ms)}</Quantity>,
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('notices.loadFailed')} retry={list.refetch} retryText={t('notices.retry')} />;

  const rows = list.data?.rows ?? [];
  return (
    <section className="hg-page-card hg-notices" aria-labelledby="notices-title" data-testid="notice-centre">
      <header className="hg-page-header">
        <div>
          <h1 id="notices-title" className="hg-page-title">
            {t('page.notice')}
          </h1>
          <p className="hg-page-hint">{t('notices.hint')}</p>
        </div>
        <Space wrap>
          <Button
            icon={<CheckOutlined />}
            disabled={selected.length === 0}
            loading={read.isPending}
            onClick={() => read.mutate(selected, { onSuccess: () => setSelected([]) })}
            data-testid="notices-read-selected"
          >
            {t('notices.markSelected', { count: selected.length })}
          </Button>
          <Button
            type="primary"
            loading={readAll.isPending}
            onClick={() =>
              modal.confirm({
                title: t('notices.markAllTitle'),
                content: t('notices.markAllBody'),
                okText: t('notices.markAll'),
                cancelText: t('notices.cancel'),
                onOk: () => readAll.mutateAsync(),
              })
            }
            data-testid="notices-read-all"
          >
            {t('notices.markAll')}
          </Button>
        </Space>
      </header>
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('notices.searchPlaceholder')}
        searchLabel={t('notices.search')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <>
            <FilterSelect
              label={t('notices.typeColumn')}
              value={state.filters.type}
              onChange={(v) => update({ filters: { type: v } })}
              options={TYPES.map((v) => ({ value: v, label: typeLabel(t, { kind: 'message', type: Number(v) }) }))}
              testId="notices-type"
            />
            <FilterSelect
              label={t('notices.state')}
              value={state.filters.read}
              onChange={(v) => update({ filters: { read: v } })}
              options={[
                { value: '0', label: t('notices.unread') },
                { value: '1', label: t('notices.read') },
              ]}
              minWidth={120}
              testId="notices-read"
            />
          </>
        }
      />
      <Table<NoticeItem>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        rowSelection={{
          selectedRowKeys: selected.map((s) => s.id),
          onChange: (_keys, chosen) => setSelected(chosen.filter((n) => !n.read).map(refOf)),
          getCheckboxProps: (n) => ({ disabled: n.read, 'aria-label': t('notices.select', { title: n.title }) }),
        }}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="notices-table"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={narrowed ? t('notices.noMatch') : t('notices.none')}
            />
          ),
        }}
      />
    </section>
  );
}
