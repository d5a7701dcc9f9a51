import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Result, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALL_STATUS, useListState, type ListSpec } from '../../components/list';
import { plantIdOrNothing } from '../device-common/deviceApi';
import { DeviceLink } from '../device-common/DeviceLink';
import { Quantity } from '../../components/Quantity';
import { DeviceListLayout } from '../device-common/DeviceListLayout';
import { XlsxExportButton } from '../device-common/XlsxExportButton';
import { overviewPath } from '../../components/plant/overviewPath';
import { ChildNodesTable } from './ChildNodesTable';
import { formatLastSeen } from '../device-common/lastSeen';
import { fetchLoraList, fetchLoraMaster, LORA_STATUSES, loraKeys, loraPath, type LoraMaster } from './loraApi';
import { plantTypeOf } from '../device-common/signal';
import { SignalBars } from './SignalBars';
import { OnlineTag } from '../device-common/OnlineTag';
import '../device-common/storage.css';
import './lora.css';

const SPEC: ListSpec<'status' | 'plant', never> = { filters: { status: LORA_STATUSES, plant: 'text' } };

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
    return (
      <Result
        status="warning"
        title={t('lora.childrenFailed')}
        extra={<Button onClick={() => void q.refetch()}>{t('batteries.common.retry')}</Button>}
      />
    );
  return (
    <div className="hg-lora-children">
      <ChildNodesTable nodes={q.data?.children ?? []} loading={q.isLoading} compact testId={`lora-children-${sn}`} />
    </div>
  );
}

/** /device/lora — lora master nodes with their status statistics; a row opens to show its child nodes. */
export default function LoraNodesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const list = useListState(SPEC);
  const { state } = list;
  const filters = {
    q: state.search || undefined,
    status: state.filters.status,
    plantId: plantIdOrNothing(state.filters.plant),
  };
  const listQuery = { page: state.page, size: state.size, ...filters };
  const query = useQuery({
    queryKey: loraKeys.list(listQuery),
    queryFn: () => fetchLoraList(listQuery),
    placeholderData: keepPreviousData,
  });
  const data = query.data;

  const stats = [
    { key: ALL_STATUS, count: data?.counts.all },
    ...LORA_STATUSES.map((s) => ({ key: s, count: data?.counts[s] })),
  ];

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
    {
      key: 'lastSeen',
      title: t('lora.lastSeen'),
      className: 'hg-num',
      responsive: ['lg'],
      render: (_, m) => <Quantity>{formatLastSeen(m.lastSeen)}</Quantity>,
    },
  ];

  return (
    <DeviceListLayout
      name="lora"
      data-testid="lora-page"
      title={t('page.lora')}
      hint={t('lora.hint')}
      list={list}
      query={query}
      stats={{ items: stats, filter: 'status', label: t('lora.statusGroup'), 'data-testid': 'lora-stats' }}
      plantFilter={{ name: 'plant', testId: 'lora-plant' }}
      toolbar={{
        searchPlaceholder: t('lora.searchPlaceholder'),
        searchLabel: t('lora.search'),
        'data-testid': 'lora-toolbar',
        actions: (
          <XlsxExportButton
            path="/api/v1/masterNode/download"
            query={filters}
            fileName="lora-master-nodes.xlsx"
            disabled={!data || data.total === 0}
            data-testid="lora-export"
          />
        ),
      }}
      empty={{ noMatch: t('lora.noMatch'), none: t('lora.none') }}
      table={{
        rowKey: 'id',
        columns,
        dataSource: data?.rows ?? [],
        'data-testid': 'lora-table',
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
