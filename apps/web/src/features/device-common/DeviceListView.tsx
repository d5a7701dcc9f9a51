import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceListLayout } from './DeviceListLayout';
import { routeUrl } from '../../api/call';
import { fetchDeviceList, LIST_STATUSES, type DeviceListRoute, type DeviceListRow } from './deviceApi';
import { useDeviceList } from './useDeviceList';
import './storage.css';

export interface DeviceListViewProps<K extends DeviceListRoute> {
  /** Query key and test-id prefix: 'batteries', 'meters', 'weather-stations'. */
  kind: string;
  /** Where the title (`page.<catalogue>`) and the hint (`<catalogue>.hint`) are. */
  catalogue: string;
  /** The list's route, which types its rows; its export is the route's `/download`. */
  route: K;
  columns: TableColumnsType<DeviceListRow<K>>;
}

/**
 * A device list of the storage side: status statistics, search, pages kept in the address, a table that
 * scrolls sideways on a phone, loading, empty and error states, and an .xlsx export of the same filters.
 */
export function DeviceListView<K extends DeviceListRoute>({
  kind,
  catalogue,
  route,
  columns,
}: DeviceListViewProps<K>): React.JSX.Element {
  const { t } = useTranslation();
  const source = useDeviceList({
    statuses: LIST_STATUSES,
    key: (q) => [kind, 'list', q],
    // The storage lists call their search `keyword`.
    fetch: ({ q, ...rest }) => fetchDeviceList(route, { ...rest, keyword: q }),
    describe: (s) => ({ label: t(`plants.status.${s}`) }),
  });
  const { q: keyword, status, plantId } = source.filters;

  return (
    <DeviceListLayout
      page={{ name: kind, ids: kind, catalogue, words: 'batteries.common' }}
      source={source}
      download={{ path: `${routeUrl(route)}/download`, query: { keyword, status, plantId }, fileName: `${kind}.xlsx` }}
      table={{ rowKey: 'id', columns }}
    />
  );
}
