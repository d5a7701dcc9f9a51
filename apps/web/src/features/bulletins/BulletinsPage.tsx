import { EditOutlined, PlusOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { BULLETIN_STATUSES, type BulletinStatus } from '@heliograph/shared';
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
import { bulletinApi, bulletinKeys, type Bulletin } from './api';
import { BulletinEditor } from './BulletinEditor';
import { formatTime } from './time';
import './bulletins.css';

const SPEC: ListSpec<'status', never> = { defaultSize: 10, filters: { status: BULLETIN_STATUSES } };
const STATUS_COLOR: Record<BulletinStatus, string> = { draft: 'default', published: 'green', withdrawn: 'red' };

/**
 * /system-bulletin — system bulletins (spec §2.2, permission system.notice; platform administrators): write,
 * edit, publish and withdraw. A published bulletin shows as the toast and in the notice centre of those it is
 * addressed to, and on the public /announcement page when it is for everyone.
 */
export default function BulletinsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const { message } = App.useApp();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Bulletin | null>(null);
  const [open, setOpen] = useState(false);
  const status = state.filters.status ?? '';
  const list = useQuery({
    queryKey: bulletinKeys.list(state.search, status, state.page, state.size),
    queryFn: () => bulletinApi.list(state.search, status, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const act = useMutation({
    mutationFn: ({ id, publish }: { id: string; publish: boolean }) =>
      publish ? bulletinApi.publish(id) : bulletinApi.withdraw(id),
    onSuccess: (b) => {
      void message.success(b.status === 'published' ? t('bulletins.publishedMsg') : t('bulletins.withdrawnMsg'));
      void queryClient.invalidateQueries({ queryKey: bulletinKeys.all });
    },
  });

  const audienceText = (b: Bulletin) =>
    b.audience === 'all'
      ? t('bulletins.audiences.all')
      : `${t(`bulletins.audiences.${b.audience}`)}: ${b.receiverNames.join(', ')}`;

  const columns: ColumnsType<Bulletin> = [
    {
      title: t('bulletins.theme'),
      key: 'title',
      render: (_: unknown, b) => (
        <div className="hg-bulletin-cell">
          <strong>{b.title}</strong>
          <div className="hg-bulletin-excerpt">{b.text}</div>
        </div>
      ),
    },
    {
      title: t('bulletins.type'),
      dataIndex: 'type',
      width: 130,
      responsive: ['sm'],
      render: (type: number) => <Tag>{t(`bulletins.types.${type}`)}</Tag>,
    },
    {
      title: t('bulletins.audience'),
      key: 'audience',
      width: 200,
      responsive: ['lg'],
      render: (_: unknown, b) => <span className="hg-bulletin-excerpt">{audienceText(b)}</span>,
    },
    {
      title: t('bulletins.releaseAt'),
      dataIndex: 'releaseAt',
      width: 150,
      responsive: ['md'],
      render: (ms: number | null) => (ms === null ? '—' : <Quantity>{formatTime(ms)}</Quantity>),
    },
    {
      title: t('bulletins.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: BulletinStatus) => <Tag color={STATUS_COLOR[s]}>{t(`bulletins.statuses.${s}`)}</Tag>,
    },
    {
      title: t('bulletins.actions'),
      key: 'actions',
      width: wide ? 230 : 96,
      render: (_: unknown, b) => (
        <Space size={0} wrap>
          <RowAction
            wide={wide}
            icon={<EditOutlined />}
            label={t('bulletins.edit')}
            aria-label={t('bulletins.editNamed', { title: b.title })}
            onClick={() => {
              setEditing(b);
              setOpen(true);
            }}
            data-testid={`bulletin-edit-${b.id}`}
          />
          {b.status === 'published' ? (
            <ConfirmRowAction
              wide={wide}
              danger
              icon={<RollbackOutlined />}
              label={t('bulletins.withdraw')}
              aria-label={t('bulletins.withdrawNamed', { title: b.title })}
              data-testid={`bulletin-withdraw-${b.id}`}
              confirm={{
                title: t('bulletins.withdrawTitle', { title: b.title }),
                content: t('bulletins.withdrawBody'),
                okText: t('bulletins.withdraw'),
                cancelText: t('bulletins.cancel'),
                onOk: () => act.mutateAsync({ id: b.id, publish: false }),
              }}
            />
          ) : (
            <ConfirmRowAction
              wide={wide}
              icon={<SendOutlined className="hg-flip-rtl" />}
              label={t('bulletins.publish')}
              aria-label={t('bulletins.publishNamed', { title: b.title })}
              data-testid={`bulletin-publish-${b.id}`}
              confirm={{
                title: t('bulletins.publishTitle', { title: b.title }),
                content: t('bulletins.publishBody', { audience: audienceText(b) }),
                okText: t('bulletins.publish'),
                cancelText: t('bulletins.cancel'),
                onOk: () => act.mutateAsync({ id: b.id, publish: true }),
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
      titleId="bulletins-title"
      title={t('page.bulletins')}
      hint={t('bulletins.hint')}
      className="hg-bulletins"
      data-testid="bulletins-page"
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setEditing(null);
            setOpen(true);
          }}
          data-testid="bulletin-create"
        >
          {t('bulletins.create')}
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
            options={BULLETIN_STATUSES.map((s) => ({ value: s, label: t(`bulletins.statuses.${s}`) }))}
            minWidth={140}
            testId="bulletins-status"
          />
        }
      />
      <Table<Bulletin>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        scroll={{ x: wide ? 900 : undefined }}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="bulletins-table"
        locale={listEmpty(narrowed, t('bulletins.noMatch'), t('bulletins.none'))}
      />
      <BulletinEditor open={open} editing={editing} onClose={() => setOpen(false)} />
    </ListPage>
  );
}
