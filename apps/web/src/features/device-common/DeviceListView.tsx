import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALL_STATUS, useListState, type ListSpec } from '../../components/list';
import { DeviceListLayout } from './DeviceListLayout';
import { XlsxExportButton } from './XlsxExportButton';
import { LIST_STATUSES, plantIdOrNothing, type DeviceList, type DeviceRow, type ListQuery } from './deviceApi';
import './storage.css';

type Filter = 'status' | 'plant';
export const DEVICE_LIST_SPEC: ListSpec<Filter, never> = { filters: { status: LIST_STATUSES, plant: 'text' } };

export interface DeviceListViewProps<R extends DeviceRow> {
  /** Query key and test-id prefix: 'batteries', 'meters', 'weather-stations'. */
  kind: string;
  titleKey: string;
  hint: string;
  /** One page of the list: `(q) => fetchDeviceList('GET /meters', q)`, so the rows are typed by the route. */
  fetchList: (q: ListQuery) => Promise<DeviceList<R>>;
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
  fetchList,
  downloadPath,
  columns,
}: DeviceListViewProps<R>): React.JSX.Element {
  const { t } = useTranslation();
  const list = useListState(DEVICE_LIST_SPEC);
  const { state } = list;
  const filters = {
    keyword: state.search || undefined,
    status: state.filters.status,
    plantId: plantIdOrNothing(state.filters.plant),
  };
  const query = useQuery({
    queryKey: [kind, 'list', state.page, state.size, filters],
    queryFn: () => fetchList({ page: state.page, size: state.size, ...filters }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const stats = [
    { key: ALL_STATUS, count: data?.counts.all },
    ...LIST_STATUSES.map((s) => ({ key: s, label: t(`plants.status.${s}`), count: data?.counts[s] })),
  ];

  return (
    <DeviceListLayout<R, Filter, never>
      name={kind}
      data-testid={`${kind}-page`}
      title={t(titleKey)}
      hint={hint}
      list={list}
      query={query}
      stats={{
        items: stats,
        filter: 'status',
        label: t('batteries.common.statusGroup'),
        'data-testid': `${kind}-stats`,
      }}
      plantFilter={{ name: 'plant', testId: `${kind}-plant` }}
      toolbar={{
        searchPlaceholder: t('batteries.common.searchPlaceholder'),
        searchLabel: t('batteries.common.search'),
        'data-testid': `${kind}-toolbar`,
        actions: (
          <XlsxExportButton
            path={downloadPath}
            query={filters}
            fileName={`${kind}.xlsx`}
            disabled={!data || data.total === 0}
            data-testid={`${kind}-export`}
          />
        ),
      }}
      empty={{ noMatch: t('batteries.common.noMatch'), none: t('batteries.common.none') }}
      table={{ rowKey: 'id', columns, dataSource: data?.rows ?? [], 'data-testid': `${kind}-table` }}
    />
  );
}
