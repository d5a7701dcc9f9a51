import { DownloadOutlined, ImportOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Result, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALL_STATUS,
  ListToolbar,
  listPagination,
  StatusStatsBar,
  useListState,
  type ListSpec,
} from '../../components/list';
import { usePermissions } from '../../shell/permissions';
import { plantIdOrNothing } from '../batteries/deviceApi';
import { DeviceLink } from '../batteries/DeviceLink';
import { downloadXlsx } from '../batteries/downloadXlsx';
import { Num } from '../batteries/Num';
import { PlantSelect } from '../batteries/PlantSelect';
import { formatLastSeen } from '../lora/lastSeen';
import { OnlineTag } from '../lora/LoraNodesPage';
import { GATEWAY_STATUSES, gatewayApi, gatewayKeys, gatewayPath, type GatewayRow } from './gatewayApi';
import { ImportGatewaysModal } from './ImportGatewaysModal';
import { GatewaySignal } from './SignalBars';
import '../batteries/storage.css';

const SPEC: ListSpec<'status' | 'plant', never> = { filters: { status: GATEWAY_STATUSES, plant: 'text' } };

/** /device/gateway — the company's gateways with status statistics, search, plant filter, export and import. */
export default function GatewaysPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { held } = usePermissions();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const filters = {
    q: state.search || undefined,
    status: state.filters.status,
    plantId: plantIdOrNothing(state.filters.plant),
  };
  const listQuery = { page: state.page, size: state.size, ...filters };
  const query = useQuery({
    queryKey: gatewayKeys.list(listQuery),
    queryFn: () => gatewayApi.list(listQuery),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadXlsx('/api/v1/gateways/download', filters, 'gateways.xlsx');
      void message.success(t('batteries.common.exported'));
    } catch {
      // The downloader has told the person why.
    } finally {
      setExporting(false);
    }
  };

  const stats = [
    { key: ALL_STATUS, count: data?.counts.all },
    ...GATEWAY_STATUSES.map((s) => ({ key: s, count: data?.counts[s], label: t(`gateways.filter.${s}`) })),
  ];

  const columns: TableColumnsType<GatewayRow> = [
    {
      key: 'sn',
      title: t('gateways.field.sn'),
      fixed: 'start',
      render: (_, g) => <DeviceLink to={gatewayPath(g.sn)} sn={g.sn} alias={g.alias} />,
    },
    { key: 'plant', title: t('batteries.common.plant'), render: (_, g) => g.plantName ?? t('gateways.unbound') },
    {
      key: 'online',
      title: t('gateways.field.status'),
      render: (_, g) => (
        <>
          <OnlineTag online={g.online} />
          {g.locked ? <Tag color="error">{t('gateways.locked')}</Tag> : null}
        </>
      ),
    },
    { key: 'rssi', title: t('gateways.field.rssi'), render: (_, g) => <GatewaySignal rssi={g.rssi} /> },
    { key: 'comm', title: t('gateways.field.commType'), responsive: ['md'], render: (_, g) => g.commType },
    {
      key: 'interval',
      title: t('gateways.field.interval'),
      align: 'end',
      responsive: ['md'],
      render: (_, g) => <Num>{`${g.uploadIntervalS} s`}</Num>,
    },
    { key: 'devices', title: t('gateways.field.devices'), align: 'end', className: 'hg-num', dataIndex: 'deviceCount' },
    {
      key: 'firmware',
      title: t('gateways.field.software'),
      responsive: ['lg'],
      render: (_, g) => g.firmware ?? '--',
    },
    {
      key: 'lastSeen',
      title: t('gateways.field.lastSeen'),
      responsive: ['lg'],
      render: (_, g) => <Num>{formatLastSeen(g.lastSeen)}</Num>,
    },
  ];

  return (
    <section className="hg-page-card hg-storage" aria-labelledby="gateways-title" data-testid="gateways-page">
      <header className="hg-storage-header">
        <div>
          <h1 id="gateways-title" className="hg-storage-title">
            {t('page.gateways')}
          </h1>
          <p className="hg-storage-hint">{t('gateways.hint')}</p>
        </div>
      </header>
      <StatusStatsBar
        items={stats}
        value={state.filters.status ?? ALL_STATUS}
        label={t('gateways.statusGroup')}
        loading={query.isFetching}
        onChange={(key) => update({ filters: { status: key === ALL_STATUS ? undefined : key } })}
        data-testid="gateway-stats"
      />
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('gateways.searchPlaceholder')}
        searchLabel={t('gateways.search')}
        narrowed={narrowed}
        onReset={reset}
        data-testid="gateway-toolbar"
        filters={
          <PlantSelect
            value={state.filters.plant}
            onChange={(plant) => update({ filters: { plant } })}
            testId="gateway-plant"
          />
        }
        actions={
          <>
            {held.has('gateway.import') ? (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="gateway-import-open">
                {t('gateways.import.open')}
              </Button>
            ) : null}
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void onExport()}
              disabled={!data || data.total === 0}
              data-testid="gateway-export"
            >
              {t('batteries.common.export')}
            </Button>
          </>
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
        <Table<GatewayRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={query.isLoading || (query.isFetching && query.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          data-testid="gateway-table"
          pagination={listPagination({ page: state.page, size: state.size, total: data?.total ?? 0, update }, t)}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={narrowed ? t('gateways.noMatch') : t('gateways.none')}
              >
                {narrowed ? <Button onClick={reset}>{t('listKit.clearFilters')}</Button> : null}
              </Empty>
            ),
          }}
        />
      )}
      <ImportGatewaysModal open={importing} onClose={() => setImporting(false)} />
    </section>
  );
}
