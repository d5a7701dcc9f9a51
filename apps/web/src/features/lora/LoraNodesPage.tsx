import { LORA_STATUSES, type LoraMaster } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeUrl } from '../../api/call';
import { DeviceLink } from '../device-common/DeviceLink';
import { DeviceListLayout } from '../device-common/DeviceListLayout';
import { useDeviceList } from '../device-common/useDeviceList';
import { LoadFailed } from '../device-common/LoadFailed';
import { overviewPath } from '../../components/plant/overviewPath';
import { ChildNodesTable } from './ChildNodesTable';
import { lastSeenColumn } from '../device-common/deviceColumns';
import { fetchLoraList, fetchLoraMaster, loraKeys, loraPath } from './loraApi';
import { plantTypeOf } from '../device-common/signal';
import { SignalBars } from './SignalBars';
import { OnlineTag } from '../device-common/OnlineTag';
import '../device-common/storage.css';
import './lora.css';

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
    return <LoadFailed title={t('lora.childrenFailed')} retry={q.refetch} retryText={t('batteries.common.retry')} />;
  return (
    <div className="hg-lora-children">
      <ChildNodesTable nodes={q.data?.children ?? []} loading={q.isLoading} compact testId={`lora-children-${sn}`} />
    </div>
  );
}

/** /device/lora — lora master nodes with their status statistics; a row opens to show its child nodes. */
export default function LoraNodesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const source = useDeviceList({
    statuses: LORA_STATUSES,
    key: loraKeys.list,
    fetch: fetchLoraList,
  });

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
    lastSeenColumn(t('lora.lastSeen'), 'hg-num'),
  ];

  return (
    <DeviceListLayout
      page={{ name: 'lora', ids: 'lora', catalogue: 'lora' }}
      source={source}
      download={{
        path: routeUrl('GET /masterNode/download'),
        query: source.filters,
        fileName: 'lora-master-nodes.xlsx',
      }}
      table={{
        rowKey: 'id',
        columns,
        expandable: {
          expandedRowRender: (m) => <ExpandedChildren sn={m.sn} />,
          rowExpandable: (m) => m.childCount > 0,
          columnTitle: <span className="hg-visually-hidden">{t('lora.showChildren')}</span>,
        },
        locale: { expand: t('lora.showChildren'), collapse: t('lora.hideChildren') },
      }}
    />
  );
}
