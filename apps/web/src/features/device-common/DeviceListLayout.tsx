import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALL_STATUS,
  ListToolbar,
  listPagination,
  StatusStatsBar,
  type ListStateApi,
  type StatusStat,
} from '../../components/list';
import type { QueryValue } from '../../api/client';
import { PlantSelect } from './PlantSelect';
import { XlsxExportButton } from './XlsxExportButton';
import './storage.css';

/** What the layout reads of the list's TanStack query. */
interface ListQueryView<R> {
  data: { total: number; rows: R[] } | undefined;
  isError: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

/**
 * Who a list page is. Its parts are named after it so that every device list reads and is tested alike:
 * the heading `<name>-title` in a section `<name>-page`; `<ids>-stats`, `-plant`, `-toolbar`, `-export` and
 * `-table` for its parts; the title `page.<catalogue>` and the hint `<catalogue>.hint`.
 */
export interface ListPageNames {
  name: string;
  ids: string;
  catalogue: string;
  /** Where the list's own words are (searchPlaceholder, search, statusGroup, noMatch, none); the catalogue by default. */
  words?: string;
}

/** What the page lists: its state in the address, its query and the statistics over it. */
export interface ListSource<R, F extends string, S extends string> {
  /** The URL-kept list state (useListState): search, the status filter, the plant filter, pages, "clear filters". */
  list: ListStateApi<F | 'plant', S>;
  query: ListQueryView<R>;
  stats: {
    items: readonly StatusStat[];
    /** The filter the statistics select (status, or level for events). */
    filter: F;
    /** Default `<words>.statusGroup` and `<ids>-stats`. */
    label?: string;
    'data-testid'?: string;
  };
}

export interface DeviceListLayoutProps<R extends object, F extends string, S extends string> {
  page: ListPageNames;
  source: ListSource<R, F, S>;
  /** Filters after the plant filter every device list offers first. */
  filters?: React.ReactNode;
  /** Buttons before the export. */
  actions?: React.ReactNode;
  /** The .xlsx export of the list's current filters. */
  download: { path: string; query: Record<string, QueryValue>; fileName: string };
  /** Defaults to batteries.common.loadFailed. */
  loadFailed?: string;
  pageSizes?: readonly number[];
  /** The table: columns, row key and anything page-specific (selection, expandable rows); the rows are the query's. */
  table: TableProps<R>;
  /** Dialogs the page opens from its toolbar. */
  children?: React.ReactNode;
}

/**
 * The scaffolding every device list shares (gateways, switches, lora, events and the storage lists): a
 * heading, status statistics that filter, the toolbar with search, plant filter and export, a warning with a
 * retry when the list cannot load, and the table with pages kept in the address and an empty state that
 * offers to clear filters.
 */
export function DeviceListLayout<R extends object, F extends string, S extends string>({
  page: { name, ids, catalogue, words = catalogue },
  source: { list, query, stats },
  filters,
  actions,
  download,
  loadFailed,
  pageSizes,
  table,
  children,
}: DeviceListLayoutProps<R, F, S>): React.JSX.Element {
  const { t } = useTranslation();
  const { state, update, reset, narrowed } = list;
  const data = query.data;
  const setFilter = (filter: F | 'plant', value: string | undefined) => {
    const patch: Partial<Record<F | 'plant', string | undefined>> = {};
    patch[filter] = value;
    update({ filters: patch });
  };
  const setStatus = (key: string) => setFilter(stats.filter, key === ALL_STATUS ? undefined : key);
  return (
    <section className="hg-page-card hg-storage" aria-labelledby={`${name}-title`} data-testid={`${name}-page`}>
      <header className="hg-page-header">
        <div>
          <h1 id={`${name}-title`} className="hg-page-title hg-storage-title">
            {t(`page.${catalogue}`)}
          </h1>
          <p className="hg-page-hint">{t(`${catalogue}.hint`)}</p>
        </div>
      </header>
      <StatusStatsBar
        items={stats.items}
        value={state.filters[stats.filter] ?? ALL_STATUS}
        label={stats.label ?? t(`${words}.statusGroup`)}
        loading={query.isFetching}
        onChange={setStatus}
        data-testid={stats['data-testid'] ?? `${ids}-stats`}
      />
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t(`${words}.searchPlaceholder`)}
        searchLabel={t(`${words}.search`)}
        narrowed={narrowed}
        onReset={reset}
        data-testid={`${ids}-toolbar`}
        filters={
          <>
            <PlantSelect
              value={state.filters.plant}
              onChange={(plant) => setFilter('plant', plant)}
              testId={`${ids}-plant`}
            />
            {filters}
          </>
        }
        actions={
          <>
            {actions}
            <XlsxExportButton {...download} disabled={!data || data.total === 0} data-testid={`${ids}-export`} />
          </>
        }
      />
      {query.isError && !data ? (
        <Result
          status="warning"
          title={loadFailed ?? t('batteries.common.loadFailed')}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('batteries.common.retry')}
            </Button>
          }
        />
      ) : (
        <Table<R>
          size="middle"
          loading={query.isLoading || (query.isFetching && query.isPlaceholderData)}
          scroll={{ x: 'max-content' }}
          pagination={listPagination(
            { page: state.page, size: state.size, total: data?.total ?? 0, update, pageSizes },
            t,
          )}
          dataSource={data?.rows ?? []}
          data-testid={`${ids}-table`}
          {...table}
          locale={{
            ...table.locale,
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(narrowed ? `${words}.noMatch` : `${words}.none`)}
              >
                {narrowed ? <Button onClick={reset}>{t('listKit.clearFilters')}</Button> : null}
              </Empty>
            ),
          }}
        />
      )}
      {children}
    </section>
  );
}
