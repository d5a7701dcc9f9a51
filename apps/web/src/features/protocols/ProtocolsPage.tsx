import { PlusOutlined, RadarChartOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Grid, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/fileFormat';
import { listPagination, ListToolbar, type ListSpec, useListState } from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { LoadFailed } from '../device-common/LoadFailed';
import { protocolApi, protocolKeys, type ProtocolRow } from './api';
import { DiscoverDialog } from './DiscoverDialog';
import { ProtocolDialog } from './ProtocolDialog';
import { ProtocolEditor } from './ProtocolEditor';
import './protocols.css';

const SPEC: ListSpec<never, never> = { filters: {}, defaultSize: 10 };

/**
 * management/protocol (issue 14 item 1): the platform's protocols and register maps as data. The list is
 * searched and paged; choosing a protocol opens its editor below it (fields, configs and their versions,
 * the columns table, .xlsx import and export, and the decode panel).
 */
export default function ProtocolsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const { state, update, reset, narrowed } = useListState(SPEC);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [discovering, setDiscovering] = useState(false);
  const list = useQuery({
    queryKey: protocolKeys.list(state.search, state.page, state.size),
    queryFn: () => protocolApi.list(state.search, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const current = list.data?.rows.find((r) => r.id === selected) ?? null;

  const columns: ColumnsType<ProtocolRow> = [
    {
      title: t('protocols.code'),
      dataIndex: 'code',
      render: (code: string, r) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto' }}
          onClick={() => setSelected(r.id)}
          aria-pressed={r.id === selected}
          data-testid="protocol-open"
        >
          <strong>
            <bdi>{code}</bdi>
          </strong>
        </Button>
      ),
    },
    { title: t('protocols.manufacturer'), dataIndex: 'manufacturer', render: (v: string) => <bdi>{v}</bdi> },
    {
      title: t('protocols.protocolVersion'),
      dataIndex: 'protocolVersion',
      responsive: ['md'],
      render: (v: string) => <bdi>{v}</bdi>,
    },
    {
      title: t('protocols.configureVersion'),
      dataIndex: 'configureVersion',
      responsive: ['lg'],
      render: (v: string) => <bdi>{v}</bdi>,
    },
    {
      title: t('protocols.configs'),
      dataIndex: 'configs',
      responsive: ['md'],
      render: (v: number) => <Quantity>{v}</Quantity>,
    },
    {
      title: t('protocols.creator'),
      key: 'creator',
      responsive: ['lg'],
      render: (_: unknown, r) => (
        <>
          <bdi>{r.creator}</bdi> {r.builtin ? <Tag>{t('protocols.builtin')}</Tag> : null}
        </>
      ),
    },
    {
      title: t('protocols.updated'),
      dataIndex: 'updatedAt',
      responsive: ['xl'],
      render: (v: number) => <Quantity>{formatTime(v)}</Quantity>,
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('protocols.loadFailed')} retry={list.refetch} retryText={t('protocols.retry')} />;

  return (
    <>
      <section className="hg-page-card" aria-labelledby="protocols-title" data-testid="protocols-page">
        <header className="hg-page-header">
          <div>
            <h1 id="protocols-title" className="hg-page-title">
              {t('page.protocols')}
            </h1>
            <p className="hg-page-hint">{t('protocols.hint')}</p>
          </div>
          <Space wrap>
            <Button icon={<RadarChartOutlined />} onClick={() => setDiscovering(true)} data-testid="protocol-discover">
              {t('protocols.discover.open')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="protocol-new">
              {t('protocols.new')}
            </Button>
          </Space>
        </header>
        <ListToolbar
          search={state.search}
          onSearch={(q) => update({ search: q })}
          searchPlaceholder={t('protocols.search')}
          searchLabel={t('protocols.search')}
          narrowed={narrowed}
          onReset={reset}
        />
        <Table<ProtocolRow>
          rowKey="id"
          size={wide ? 'middle' : 'small'}
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isLoading}
          scroll={{ x: 'max-content' }}
          rowClassName={(r) => (r.id === selected ? 'hg-pc-selected' : '')}
          pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
          data-testid="protocol-table"
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(narrowed ? 'protocols.noMatch' : 'protocols.none')}
              />
            ),
          }}
        />
      </section>
      {current ? (
        <ProtocolEditor key={current.id} protocol={current} onDeleted={() => setSelected(null)} />
      ) : (
        <section className="hg-page-card hg-pc-pick" data-testid="protocol-pick">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('protocols.pick')} />
        </section>
      )}
      <DiscoverDialog
        open={discovering}
        onClose={(made) => {
          setDiscovering(false);
          if (made) setSelected(made.id);
        }}
      />
      <ProtocolDialog
        open={creating}
        protocol={null}
        onClose={(made) => {
          setCreating(false);
          if (made) setSelected(made.id);
        }}
      />
    </>
  );
}
