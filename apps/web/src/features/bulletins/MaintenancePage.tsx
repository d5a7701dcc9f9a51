import { EditOutlined, PlusOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { MAINTENANCE_STATUS } from '@heliograph/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmRowAction,
  FilterSelect,
  ListPage,
  ListToolbar,
  RowAction,
  listEmpty,
  listPagination,
  useListState,
  useWide,
  type ListSpec,
} from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { LoadFailed } from '../device-common/LoadFailed';
import { bulletinApi, bulletinKeys, type MaintenanceNotice } from './api';
import { MaintenanceEditor } from './MaintenanceEditor';
import { formatTime } from './time';
import './bulletins.css';

const STATUSES = ['0', '1', '2'] as const;
const SPEC: ListSpec<'status', never> = { defaultSize: 10, filters: { status: STATUSES } };
const STATUS_COLOR = ['default', 'green', 'red'];

/**
 * /system-bulletin/protocol — maintenance notices (spec §2.2, permission notice.pointNotice.list): write and edit
 * (window, effective time, scope), publish, and set invalid, which removes a notice from every display at once.
 */
export default function MaintenancePage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const { message } = App.useApp();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<MaintenanceNotice | null>(null);
  const [open, setOpen] = useState(false);
  const status = state.filters.status ?? '';
  const list = useQuery({
    queryKey: bulletinKeys.maintenance(state.search, status, state.page, state.size),
    queryFn: () => bulletinApi.maintenance(state.search, status, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const setStatus = useMutation({
    mutationFn: ({ id, to }: { id: string; to: 1 | 2 }) => bulletinApi.setMaintenanceStatus(id, to),
    onSuccess: (n) => {
      void message.success(n.status === 1 ? t('bulletins.noticePublished') : t('bulletins.noticeInvalidated'));
      void queryClient.invalidateQueries({ queryKey: bulletinKeys.all });
    },
  });

  const columns: ColumnsType<MaintenanceNotice> = [
    {
      title: t('bulletins.noticeTitle'),
      key: 'title',
      render: (_: unknown, n) => (
        <div className="hg-bulletin-cell">
          <strong>{n.titleText}</strong>
          <div className="hg-bulletin-excerpt">{n.contentText}</div>
        </div>
      ),
    },
    {
      title: t('bulletins.noticeType'),
      dataIndex: 'type',
      width: 120,
      responsive: ['sm'],
      render: (type: number) => (
        <Tag color={type === 1 ? 'blue' : 'orange'}>
          {type === 1 ? t('bulletins.noticeTypes.upgrade') : t('bulletins.noticeTypes.maintenance')}
        </Tag>
      ),
    },
    {
      title: t('bulletins.window'),
      key: 'window',
      width: 190,
      responsive: ['md'],
      render: (_: unknown, n) => (
        <Quantity>
          {formatTime(n.startAt)} – {formatTime(n.endAt)}
        </Quantity>
      ),
    },
    {
      title: t('bulletins.scope'),
      key: 'scope',
      width: 160,
      responsive: ['lg'],
      render: (_: unknown, n) =>
        n.scope === 'companies'
          ? n.companyNames.join(', ')
          : n.scope === 'region'
            ? `${t('bulletins.scopes.region')}: ${n.region}`
            : t('bulletins.scopes.all'),
    },
    {
      title: t('bulletins.status'),
      dataIndex: 'status',
      width: 120,
      render: (s: number) => <Tag color={STATUS_COLOR[s]}>{t(`bulletins.noticeStatuses.${s}`)}</Tag>,
    },
    {
      title: t('bulletins.actions'),
      key: 'actions',
      width: wide ? 250 : 96,
      render: (_: unknown, n) => (
        <Space size={0} wrap>
          {n.status !== MAINTENANCE_STATUS.invalid && (
            <RowAction
              wide={wide}
              icon={<EditOutlined />}
              label={t('bulletins.edit')}
              aria-label={t('bulletins.editNamed', { title: n.titleText })}
              onClick={() => {
                setEditing(n);
                setOpen(true);
              }}
            />
          )}
          {n.status === MAINTENANCE_STATUS.unpublished && (
            <ConfirmRowAction
              wide={wide}
              icon={<SendOutlined className="hg-flip-rtl" />}
              label={t('bulletins.publish')}
              aria-label={t('bulletins.publishNamed', { title: n.titleText })}
              data-testid={`maintenance-publish-${n.id}`}
              confirm={{
                title: t('bulletins.publishTitle', { title: n.titleText }),
                content: t('bulletins.publishNoticeBody'),
                okText: t('bulletins.publish'),
                cancelText: t('bulletins.cancel'),
                onOk: () => setStatus.mutateAsync({ id: n.id, to: 1 }),
              }}
            />
          )}
          {n.status !== MAINTENANCE_STATUS.invalid && (
            <ConfirmRowAction
              wide={wide}
              danger
              icon={<StopOutlined />}
              label={t('bulletins.invalidate')}
              aria-label={t('bulletins.invalidateNamed', { title: n.titleText })}
              data-testid={`maintenance-invalidate-${n.id}`}
              confirm={{
                title: t('bulletins.invalidateTitle', { title: n.titleText }),
                content: t('bulletins.invalidateBody'),
                okText: t('bulletins.invalidate'),
                cancelText: t('bulletins.cancel'),
                onOk: () => setStatus.mutateAsync({ id: n.id, to: 2 }),
              }}
            />
          )}
        </Space>
      ),
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('bulletins.loadFailed')} retry={list.refetch} retryText={t('bulletins.retry')} />;

  return (
    <ListPage
      titleId="maintenance-title"
      title={t('page.maintenanceNotices')}
      hint={t('bulletins.noticeHint')}
      className="hg-bulletins"
      data-testid="maintenance-page"
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
          data-testid="maintenance-create"
        >
          {t('bulletins.createNotice')}
        </Button>
      }
    >
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('bulletins.searchPlaceholder')}
        searchLabel={t('bulletins.search')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <FilterSelect
            label={t('bulletins.status')}
            value={state.filters.status}
            onChange={(v) => update({ filters: { status: v } })}
            options={STATUSES.map((s) => ({ value: s, label: t(`bulletins.noticeStatuses.${s}`) }))}
            minWidth={140}
          />
        }
      />
      <Table<MaintenanceNotice>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        scroll={{ x: wide ? 960 : undefined }}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="maintenance-table"
        locale={listEmpty(narrowed, t('bulletins.noMatch'), t('bulletins.noneNotices'))}
      />
      <MaintenanceEditor open={open} editing={editing} onClose={() => setOpen(false)} />
    </ListPage>
  );
}
