import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceListLayout } from './DeviceListLayout';
import { LIST_STATUSES, type DeviceList, type DeviceRow, type ListQuery } from './deviceApi';
import { useDeviceList } from './useDeviceList';
import './storage.css';

export interface DeviceListViewProps<R extends DeviceRow> {
  /** Query key and test-id prefix: 'batteries', 'meters', 'weather-stations'. */
  kind: string;
  /** Where the title (`page.<catalogue>`) and the hint (`<catalogue>.hint`) are. */
  catalogue: string;
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
  catalogue,
  fetchList,
  downloadPath,
  columns,
}: DeviceListViewProps<R>): React.JSX.Element {
  const { t } = useTranslation();
  const source = useDeviceList({
    statuses: LIST_STATUSES,
    key: (q) => [kind, 'list', q],
    // The storage lists call their search `keyword`.
    fetch: ({ q, ...rest }) => fetchList({ ...rest, keyword: q }),
    describe: (s) => ({ label: t(`plants.status.${s}`) }),
  });
  const { q: keyword, status, plantId } = source.filters;

  return (
    <DeviceListLayout
      page={{ name: kind, ids: kind, catalogue, words: 'batteries.common' }}
      source={source}
      download={{ path: downloadPath, query: { keyword, status, plantId }, fileName: `${kind}.xlsx` }}
      table={{ rowKey: 'id', columns }}
    />
  );
}
