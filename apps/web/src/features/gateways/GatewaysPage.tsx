import { ImportOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_STATUS, useListState, type ListSpec } from '../../components/list';
import { usePermissions } from '../../kit/permissions';
import { plantIdOrNothing } from '../device-common/deviceApi';
import { DeviceLink } from '../device-common/DeviceLink';
import { Quantity } from '../../components/Quantity';
import { DeviceListLayout } from '../device-common/DeviceListLayout';
import { XlsxExportButton } from '../device-common/XlsxExportButton';
import { formatLastSeen } from '../device-common/lastSeen';
import { OnlineTag } from '../device-common/OnlineTag';
import { GATEWAY_STATUSES, gatewayApi, gatewayKeys, gatewayPath, type GatewayRow } from './gatewayApi';
import { ImportGatewaysModal } from './ImportGatewaysModal';
import { GatewaySignal } from './SignalBars';
import '../device-common/storage.css';

const SPEC: ListSpec<'status' | 'plant', never> = { filters: { status: GATEWAY_STATUSES, plant: 'text' } };

/** /device/gateway — the company's gateways with status statistics, search, plant filter, export and import. */
export default function GatewaysPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { held } = usePermissions();
  const list = useListState(SPEC);
  const { state } = list;
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
      render: (_, g) => <Quantity>{`${g.uploadIntervalS} s`}</Quantity>,
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
      render: (_, g) => <Quantity>{formatLastSeen(g.lastSeen)}</Quantity>,
    },
  ];

  return (
    <DeviceListLayout
      name="gateways"
      data-testid="gateways-page"
      title={t('page.gateways')}
      hint={t('gateways.hint')}
      list={list}
      query={query}
      stats={{ items: stats, filter: 'status', label: t('gateways.statusGroup'), 'data-testid': 'gateway-stats' }}
      plantFilter={{ name: 'plant', testId: 'gateway-plant' }}
      toolbar={{
        searchPlaceholder: t('gateways.searchPlaceholder'),
        searchLabel: t('gateways.search'),
        'data-testid': 'gateway-toolbar',
        actions: (
          <>
            {held.has('gateway.import') ? (
              <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="gateway-import-open">
                {t('gateways.import.open')}
              </Button>
            ) : null}
            <XlsxExportButton
              path="/api/v1/gateways/download"
              query={filters}
              fileName="gateways.xlsx"
              disabled={!data || data.total === 0}
              data-testid="gateway-export"
            />
          </>
        ),
      }}
      empty={{ noMatch: t('gateways.noMatch'), none: t('gateways.none') }}
      table={{ rowKey: 'id', columns, dataSource: data?.rows ?? [], 'data-testid': 'gateway-table' }}
    >
      <ImportGatewaysModal open={importing} onClose={() => setImporting(false)} />
    </DeviceListLayout>
  );
}
