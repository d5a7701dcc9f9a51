import { Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Quantity } from '../../components/Quantity';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { formatLastSeen } from '../device-common/lastSeen';
import type { LoraNode } from './loraApi';
import { devicePagePath } from '../device-common/signal';
import { SignalBars } from './SignalBars';

interface Props {
  nodes: LoraNode[];
  loading?: boolean;
  /** The expanded row of the list is compact; the detail page shows the model too. */
  compact?: boolean;
  testId: string;
}

/** A master's child nodes: kind, model, status, signal and last report; a kind with its own page links to it. */
export function ChildNodesTable({ nodes, loading, compact, testId }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const columns: TableColumnsType<LoraNode> = [
    {
      key: 'sn',
      title: t('lora.sn'),
      render: (_, n) => {
        const to = devicePagePath(n.kind, n.sn);
        return (
          <div className="hg-storage-name">
            {to ? <Link to={to}>{n.sn}</Link> : <span>{n.sn}</span>}
            {n.alias ? <span className="hg-storage-sub">{n.alias}</span> : null}
          </div>
        );
      },
    },
    {
      key: 'kind',
      title: t('lora.kind'),
      render: (_, n) => <Tag>{t(`lora.kinds.${n.kind}`, { defaultValue: n.kind })}</Tag>,
    },
    { key: 'model', title: t('batteries.common.model'), responsive: ['sm'], render: (_, n) => n.model || '--' },
    { key: 'status', title: t('batteries.common.status'), render: (_, n) => <PlantStatusTag status={n.status} /> },
    { key: 'rssi', title: t('lora.rssi'), render: (_, n) => <SignalBars rssi={n.rssi} /> },
    {
      key: 'lastSeen',
      title: t('lora.lastSeen'),
      className: 'hg-num',
      ...(compact ? { responsive: ['md'] as const } : {}),
      render: (_, n) => <Quantity>{formatLastSeen(n.lastSeen)}</Quantity>,
    },
  ];
  return (
    <Table<LoraNode>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={nodes}
      loading={loading}
      pagination={nodes.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      data-testid={testId}
      locale={{ emptyText: t('lora.noChildren') }}
    />
  );
}
