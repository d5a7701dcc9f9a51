import { ImportOutlined } from '@ant-design/icons';
import { GATEWAY_STATUSES, UPGRADE_PERMISSION, type GatewayRow } from '@heliograph/shared';
import { Button, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routeUrl } from '../../api/call';
import { usePermissions } from '../../kit/permissions';
import { DeviceLink } from '../device-common/DeviceLink';
import { Quantity } from '../../components/Quantity';
import { DeviceListLayout } from '../device-common/DeviceListLayout';
import { useDeviceList } from '../device-common/useDeviceList';
import { lastSeenColumn } from '../device-common/deviceColumns';
import { OnlineTag } from '../device-common/OnlineTag';
import { BatchUpgradeButton } from '../device-common/upgrade/BatchUpgradeDialog';
import { useBatchSelection } from '../device-common/upgrade/batchSelection';
import { gatewayApi, gatewayKeys, gatewayPath } from './gatewayApi';
import { ImportGatewaysModal } from './ImportGatewaysModal';
import { GatewaySignal } from './SignalBars';
import '../device-common/storage.css';

/** /device/gateway — the company's gateways with status statistics, search, plant filter, export and import. */
export default function GatewaysPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { held } = usePermissions();
  const source = useDeviceList({
    statuses: GATEWAY_STATUSES,
    key: gatewayKeys.list,
    fetch: gatewayApi.list,
    describe: (s) => ({ label: t(`gateways.filter.${s}`) }),
  });
  const [importing, setImporting] = useState(false);
  // Gateways picked for a batch upgrade, across pages, never more than the batch limit.
  const batch = useBatchSelection<GatewayRow>((g) => g.sn);
  const mayUpgrade = held.has(UPGRADE_PERMISSION.gateway);

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
    lastSeenColumn(t('gateways.field.lastSeen')),
  ];

  return (
    <DeviceListLayout
      page={{ name: 'gateways', ids: 'gateway', catalogue: 'gateways' }}
      source={source}
      actions={
        <>
          <BatchUpgradeButton
            kind="gateway"
            sns={batch.sns}
            onDone={() => {
              batch.clear();
              void source.query.refetch();
            }}
          />
          {held.has('gateway.import') ? (
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="gateway-import-open">
              {t('gateways.import.open')}
            </Button>
          ) : null}
        </>
      }
      download={{ path: routeUrl('GET /gateways/download'), query: source.filters, fileName: 'gateways.xlsx' }}
      table={{ rowKey: 'id', columns, rowSelection: mayUpgrade ? batch.rowSelection : undefined }}
    >
      <ImportGatewaysModal open={importing} onClose={() => setImporting(false)} />
    </DeviceListLayout>
  );
}
