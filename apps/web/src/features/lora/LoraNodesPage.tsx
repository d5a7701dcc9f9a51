import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Result, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ALL_STATUS,
  ListToolbar,
  listPagination,
  StatusStatsBar,
  useListState,
  type ListSpec,
} from '../../components/list';
import { plantIdOrNothing } from '../batteries/deviceApi';
import { DeviceLink } from '../batteries/DeviceLink';
import { downloadXlsx } from '../batteries/downloadXlsx';
import { Num } from '../batteries/Num';
import { PlantSelect } from '../batteries/PlantSelect';
import { overviewPath } from '../plants/overviewPath';
import { ChildNodesTable } from './ChildNodesTable';
import { formatLastSeen } from './lastSeen';
import { fetchLoraList, fetchLoraMaster, LORA_STATUSES, loraKeys, loraPath, type LoraMaster } from './loraApi';
import { plantTypeOf } from './signal';
import { SignalBars } from './SignalBars';
import '../batteries/storage.css';
import './lora.css';

const SPEC: ListSpec<'status' | 'plant', never> = { filters: { status: LORA_STATUSES, plant: 'text' } };

/** Online or offline as the master's connection says, with the word (never colour alone). */
export function OnlineTag({ online }: { online: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Tag color={online ? 'success' : 'default'} data-online={online}>
      {t(`listKit.status.${online ? 'online' : 'offline'}`)}
    </Tag>
  );
}

export function PlantLink({ m }: { m: Pick<LoraMaster, 'plantId' | 'plantName' | 'plantType'> }) {
  const type = plantTypeOf(m.plantType);
  if (!m.plantId || !m.plantName) return <>{m.plantName ?? '--'}</>;
  return type ? <Link to={overviewPath({ id: m.plantId, type })}>{m.plantName}</Link> : <>{m.plantName}</>;
}

/** The children of one master, loaded when its row is opened. */
function ExpandedChildren({ sn }: { sn: string }) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: loraKeys.detail(sn), queryFn: () => fetchLoraMaster(sn) });
  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('lora.childrenFailed')}
        extra={<Button onClick={() => void q.refetch()}>{t('batteries.common.retry')}</Button>}
      />
    );
  return (
    <div className="hg-lora-children">
      <ChildNodesTable nodes={q.data?.children ?? []} loading={q.isLoading} compact testId={`lora-children-${sn}`} />
    </div>
  );
}

/** /device/lora — lora master nodes with their status statistics; a row opens to show its child nodes. */
export default function LoraNodesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const [exporting, setExporting] = useState(false);
  const filters = {
    q: state.search || undefined,
    status: state.filters.status,
    plantId: plantIdOrNothing(state.filters.plant),
  };
  const listQuery = { page: state.page, size: state.size, ...filters };
  const query = useQuery({
    queryKey: loraKeys.list(listQuery),
    queryFn: () => fetchLoraList(listQuery),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadXlsx('/api/v1/masterNode/download', filters, 'lora-master-nodes.xlsx');
      void message.success(t('batteries.common.exported'));
    } catch {
      // The downloader has told the person why.
    } finally {
      setExporting(false);
    }
  };

  const stats = [
    { key: ALL_STATUS, count: data?.counts.all },
    ...LORA_STATUSES.map((s) => ({ key: s, count: data?.counts[s] })),
  ];

  const columns: TableColumnsType<LoraMaster> = [
    {
      key: 'sn',
      title: t('lora.sn'),
      fixed: 'start',
      render: (_, m) => <DeviceLink to={loraPath(m.sn)} sn={m.sn} alias={m.alias} />,
    },
    { key: 'plant', title: t('batteries.common.plant'), render: (_, m) => <PlantLink m={m} /> },
    { key: 'online', title: t('lora.connection'), render: (_, m) => <OnlineTag online={m.online} /> },
    { key: 'rssi', title: t('lora.rssi'), render: (_, m) => <SignalBars rssi={m.rssi} /> },
    {
      key: 'children',
      title: t('lora.children'),
      align: 'end',
      className: 'hg-num',
      render: (_, m) => m.childCount,
    },
    {
      key: 'firmware',
      title: t('batteries.common.firmware'),
      responsive: ['md'],
      render: (_, m) => m.firmId ?? '--',
    },
    {
      key: 'lastSeen',
      title: t('lora.lastSeen'),
      className: 'hg-num',
      responsive: ['lg'],
      render: (_, m) => <Num>{formatLastSeen(m.lastSeen)}</Num>,
    },
  ];

  return (
    <section className="hg-page-card hg-storage" aria-labelledby="lora-title" data-testid="lora-page">
      <header className="hg-storage-header">
        <div>
          <h1 id="lora-title" className="hg-storage-title">
            {t('page.lora')}
          </h1>
          <p className="hg-storage-hint">{t('lora.hint')}</p>
        </div>
      </header>
      <StatusStatsBar
        items={stats}
        value={state.filters.status ?? ALL_STATUS}
        label={t('lora.statusGroup')}
        loading={query.isFetching}
        onChange={(key) => update({ filters: { status: key === ALL_STATUS ? undefined : key } })}
        data-testid="lora-stats"
      />
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('lora.searchPlaceholder')}
        searchLabel={t('lora.search')}
        narrowed={narrowed}
        onReset={reset}
        data-testid="lora-toolbar"
        filters={
          <PlantSelect
            value={state.filters.plant}
            onChange={(plant) => update({ filters: { plant } })}
            testId="lora-plant"
          />
        }
        actions={
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void onExport()}
            disabled={!data || data.total === 0}
            data-testid="lora-export"
          >
            {t('batteries.common.export')}
          </Button>
        }
      />
      {query.isError && !data ? (
        <Result
          status="warning"
          title={t('batteries.common.loadFailed')}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('batteries.common.retry')}
            </Button>
          }
        />
      ) : (
        <Table<LoraMaster>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={query.isLoading || (query.isFetching && query.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          data-testid="lora-table"
          expandable={{
            expandedRowRender: (m) => <ExpandedChildren sn={m.sn} />,
            rowExpandable: (m) => m.childCount > 0,
            columnTitle: <span className="hg-visually-hidden">{t('lora.showChildren')}</span>,
          }}
          pagination={listPagination({ page: state.page, size: state.size, total: data?.total ?? 0, update }, t)}
          locale={{
            expand: t('lora.showChildren'),
            collapse: t('lora.hideChildren'),
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={narrowed ? t('lora.noMatch') : t('lora.none')}>
                {narrowed ? <Button onClick={reset}>{t('listKit.clearFilters')}</Button> : null}
              </Empty>
            ),
          }}
        />
      )}
    </section>
  );
}
