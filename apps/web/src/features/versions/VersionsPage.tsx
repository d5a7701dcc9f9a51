import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Grid, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar, listPagination, useListState, type ListSpec } from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { LoadFailed } from '../device-common/LoadFailed';
import { versionApi, versionKeys, type ConsoleVersion } from './api';
import { VersionEditor } from './VersionEditor';
import { VersionView } from './VersionView';
import './versions.css';

const SPEC: ListSpec<never, never> = { defaultSize: 10 };

/**
 * /management/versions — console versions (spec §2.2, permission version.notification.management): the
 * platform administrators' list of published versions, searched by number, newest first; publish a version
 * with release notes per language, read one, delete one after a confirmation.
 */
export default function VersionsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const { modal, message } = App.useApp();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<ConsoleVersion | null>(null);
  const list = useQuery({
    queryKey: versionKeys.list(state.search, state.page, state.size),
    queryFn: () => versionApi.list(state.search, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => versionApi.remove(id),
    onSuccess: () => {
      void message.success(t('versions.deleted'));
      void queryClient.invalidateQueries({ queryKey: versionKeys.all });
    },
  });

  const columns: ColumnsType<ConsoleVersion> = [
    {
      title: t('versions.version'),
      dataIndex: 'version',
      width: 120,
      render: (v: string) => (
        <strong>
          <bdi>{v}</bdi>
        </strong>
      ),
    },
    {
      title: t('versions.notes'),
      dataIndex: 'content',
      render: (c: string) => <div className="hg-versions-excerpt">{c}</div>,
    },
    {
      title: t('versions.publishedAt'),
      dataIndex: 'publishedAt',
      width: 160,
      render: (ms: number) => <Quantity>{dayjs(ms).format('YYYY-MM-DD HH:mm')}</Quantity>,
    },
    {
      title: t('versions.publishedBy'),
      dataIndex: 'publishedBy',
      width: 150,
      responsive: ['md'],
      render: (p: string | null) => p ?? t('versions.unknownPublisher'),
    },
    {
      title: t('versions.actions'),
      key: 'actions',
      width: wide ? 200 : 96,
      fixed: wide ? 'end' : undefined,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Button
            type="link"
            icon={<EyeOutlined />}
            onClick={() => setViewing(r)}
            aria-label={t('versions.viewNamed', { version: r.version })}
            data-testid={`version-view-${r.version}`}
          >
            {wide && t('versions.view')}
          </Button>
          <Button
            type="link"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('versions.deleteNamed', { version: r.version })}
            data-testid={`version-delete-${r.version}`}
            onClick={() =>
              modal.confirm({
                title: t('versions.deleteTitle', { version: r.version }),
                content: t('versions.deleteBody'),
                okText: t('versions.delete'),
                okButtonProps: { danger: true },
                cancelText: t('versions.cancel'),
                onOk: () => remove.mutateAsync(r.id),
              })
            }
          >
            {wide && t('versions.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('versions.loadFailed')} retry={list.refetch} retryText={t('versions.retry')} />;

  return (
    <section className="hg-page-card hg-versions" aria-labelledby="versions-title" data-testid="versions-page">
      <header className="hg-page-header">
        <div>
          <h1 id="versions-title" className="hg-page-title">
            {t('page.versions')}
          </h1>
          <p className="hg-page-hint">{t('versions.hint')}</p>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="version-create">
          {t('versions.publish')}
        </Button>
      </header>
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('versions.searchPlaceholder')}
        searchLabel={t('versions.search')}
        narrowed={narrowed}
        onReset={reset}
      />
      <Table<ConsoleVersion>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        scroll={{ x: wide ? 900 : 560 }}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="versions-table"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={narrowed ? t('versions.noMatch') : t('versions.none')}
            />
          ),
        }}
      />
      <VersionEditor open={creating} onClose={() => setCreating(false)} />
      <VersionView version={viewing} onClose={() => setViewing(null)} />
    </section>
  );
}
