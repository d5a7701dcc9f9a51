import { ReloadOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALL_STATUS,
  ListToolbar,
  listPagination,
  StatusStatsBar,
  type ListStateApi,
  type ListToolbarProps,
  type StatusStat,
} from '../../components/list';
import { PlantSelect } from './PlantSelect';
import './storage.css';

/** What the layout reads of the list's TanStack query. */
interface ListQueryView {
  data: { total: number } | undefined;
  isError: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export interface DeviceListLayoutProps<R extends object, F extends string, S extends string> {
  /** Heading id prefix (`<name>-title`). */
  name: string;
  'data-testid': string;
  title: string;
  hint: string;
  /** The URL-kept list state (useListState): search, the status filter, pages and "clear filters". */
  list: ListStateApi<F, S>;
  query: ListQueryView;
  stats: {
    items: readonly StatusStat[];
    /** The filter the statistics select (status, or level for events). */
    filter: F;
    label: string;
    'data-testid': string;
  };
  /** The plant filter every device list offers first in its toolbar: the filter's name and the test id. */
  plantFilter?: { name: F; testId: string };
  toolbar: Pick<ListToolbarProps, 'searchPlaceholder' | 'searchLabel' | 'filters' | 'actions' | 'data-testid'>;
  /** Defaults to batteries.common.loadFailed. */
  loadFailed?: string;
  empty: { noMatch: string; none: string };
  pageSizes?: readonly number[];
  /** The table: columns, rows, row key, test id and anything page-specific (selection, expandable rows). */
  table: TableProps<R> & { 'data-testid': string };
  /** Dialogs the page opens from its toolbar. */
  children?: React.ReactNode;
}

/**
 * The scaffolding every device list shares (gateways, switches, lora, events and the storage lists): a
 * heading, status statistics that filter, the toolbar with search, a warning with a retry when the list
 * cannot load, and the table with pages kept in the address and an empty state that offers to clear filters.
 */
export function DeviceListLayout<R extends object, F extends string, S extends string>({
  name,
  'data-testid': testId,
  title,
  hint,
  list,
  query,
  stats,
  plantFilter,
  toolbar,
  loadFailed,
  empty,
  pageSizes,
  table,
  children,
}: DeviceListLayoutProps<R, F, S>): React.JSX.Element {
  const { t } = useTranslation();
  const { state, update, reset, narrowed } = list;
  const data = query.data;
  const setFilter = (name: F, value: string | undefined) => {
    const filters: Partial<Record<F, string | undefined>> = {};
    filters[name] = value;
    update({ filters });
  };
  const setStatus = (key: string) => setFilter(stats.filter, key === ALL_STATUS ? undefined : key);
  return (
    <section className="hg-page-card hg-storage" aria-labelledby={`${name}-title`} data-testid={testId}>
      <header className="hg-page-header">
        <div>
          <h1 id={`${name}-title`} className="hg-page-title hg-storage-title">
            {title}
          </h1>
          <p className="hg-page-hint">{hint}</p>
        </div>
      </header>
      <StatusStatsBar
        items={stats.items}
        value={state.filters[stats.filter] ?? ALL_STATUS}
        label={stats.label}
        loading={query.isFetching}
        onChange={setStatus}
        data-testid={stats['data-testid']}
      />
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        narrowed={narrowed}
        onReset={reset}
        {...toolbar}
        filters={
          <>
            {plantFilter ? (
              <PlantSelect
                value={state.filters[plantFilter.name]}
                onChange={(plant) => setFilter(plantFilter.name, plant)}
                testId={plantFilter.testId}
              />
            ) : null}
            {toolbar.filters}
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
          {...table}
          locale={{
            ...table.locale,
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={narrowed ? empty.noMatch : empty.none}>
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
