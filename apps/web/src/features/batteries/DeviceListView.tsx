import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Empty, Result, Table, type TableColumnsType } from 'antd';
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
import { fetchDeviceList, LIST_STATUSES, plantIdOrNothing, type DeviceRow } from './deviceApi';
import { downloadXlsx } from './downloadXlsx';
import { PlantSelect } from './PlantSelect';
import './storage.css';

type Filter = 'status' | 'plant';
export const DEVICE_LIST_SPEC: ListSpec<Filter, never> = { filters: { status: LIST_STATUSES, plant: 'text' } };

export interface DeviceListViewProps<R extends DeviceRow> {
  /** Query key and test-id prefix: 'batteries', 'meters', 'weather-stations'. */
  kind: string;
  titleKey: string;
  hint: string;
  listPath: string;
  downloadPath: string;
  columns: TableColumnsType<R>;
}

/**
 * A device list of the storage side: status statistics, search, pages kept in the address, a table that
 * scrolls sideways on a phone, loading, empty and error states, and an .xlsx export of the same filters.
 */
export function DeviceListView<R extends DeviceRow>({
  kind,
  titleKey,
  hint,
  listPath,
  downloadPath,
  columns,
}: DeviceListViewProps<R>): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { state, update, reset, narrowed } = useListState(DEVICE_LIST_SPEC);
  const [exporting, setExporting] = useState(false);
  const filters = {
    keyword: state.search || undefined,
    status: state.filters.status,
    plantId: plantIdOrNothing(state.filters.plant),
  };
  const query = useQuery({
    queryKey: [kind, 'list', state.page, state.size, filters],
    queryFn: () => fetchDeviceList<R>(listPath, { page: state.page, size: state.size, ...filters }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadXlsx(downloadPath, filters, `${kind}.xlsx`);
      void message.success(t('batteries.common.exported'));
    } catch {
      // The downloader has told the person why.
    } finally {
      setExporting(false);
    }
  };

  const stats = [
    { key: ALL_STATUS, count: data?.counts.all },
    ...LIST_STATUSES.map((s) => ({ key: s, label: t(`plants.status.${s}`), count: data?.counts[s] })),
  ];

  return (
    <section className="hg-page-card hg-storage" aria-labelledby={`${kind}-title`} data-testid={`${kind}-page`}>
      <header className="hg-storage-header">
        <div>
          <h1 id={`${kind}-title`} className="hg-storage-title">
            {t(titleKey)}
          </h1>
          <p className="hg-storage-hint">{hint}</p>
        </div>
      </header>
      <StatusStatsBar
        items={stats}
        value={state.filters.status ?? ALL_STATUS}
        label={t('batteries.common.statusGroup')}
        loading={query.isFetching}
        onChange={(key) => update({ filters: { status: key === ALL_STATUS ? undefined : key } })}
        data-testid={`${kind}-stats`}
      />
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('batteries.common.searchPlaceholder')}
        searchLabel={t('batteries.common.search')}
        narrowed={narrowed}
        onReset={reset}
        data-testid={`${kind}-toolbar`}
        filters={
          <PlantSelect
            value={state.filters.plant}
            onChange={(plant) => update({ filters: { plant } })}
            testId={`${kind}-plant`}
          />
        }
        actions={
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void onExport()}
            disabled={!data || data.total === 0}
            data-testid={`${kind}-export`}
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
        <Table<R>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={query.isLoading || (query.isFetching && query.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          data-testid={`${kind}-table`}
          pagination={listPagination({ page: state.page, size: state.size, total: data?.total ?? 0, update }, t)}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={narrowed ? t('batteries.common.noMatch') : t('batteries.common.none')}
              >
                {narrowed ? <Button onClick={reset}>{t('listKit.clearFilters')}</Button> : null}
              </Empty>
            ),
          }}
        />
      )}
    </section>
  );
}
