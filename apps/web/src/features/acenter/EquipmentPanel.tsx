import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Select, Table, Tag } from 'antd';
import { EQUIP_KINDS, type EquipKind, type SmartEquip } from '@heliograph/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Quantity } from '../../components/Quantity';
import { formatLastSeen } from '../device-common/lastSeen';
import { acenterApi, acenterKeys } from './acenterApi';
import { equipPath, statusColor } from './logic';

const PAGE_SIZE = 20;

/** The smart equipment of the caller's plants (bulbs, AC switches, LoRa nodes, weather stations), one list. */
export function EquipmentPanel(): React.JSX.Element {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<EquipKind | ''>('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: acenterKeys.equips(q, kind, page, PAGE_SIZE),
    queryFn: () => acenterApi.equips(q, kind, page, PAGE_SIZE),
  });
  return (
    <div data-testid="acenter-equipment">
      <div className="hg-acenter-toolbar">
        <Input.Search
          allowClear
          placeholder={t('acenter.equipment.search')}
          aria-label={t('acenter.equipment.search')}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
        <Select<EquipKind | ''>
          value={kind}
          aria-label={t('acenter.equipment.kind')}
          style={{ minWidth: 180 }}
          onChange={(v) => {
            setKind(v);
            setPage(1);
          }}
          options={[
            { value: '', label: t('acenter.equipment.allKinds') },
            ...EQUIP_KINDS.map((k) => ({ value: k, label: t(`acenter.equipment.kinds.${k}`) })),
          ]}
        />
      </div>
      {list.isError ? <Alert type="error" showIcon message={t('acenter.loadFailed')} /> : null}
      <Table<SmartEquip>
        rowKey={(r) => `${r.kind}:${r.id}`}
        size="small"
        data-testid="equipment-table"
        loading={list.isLoading}
        dataSource={list.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: q || kind ? t('acenter.noMatch') : t('acenter.equipment.none') }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        columns={[
          { key: 'kind', title: t('acenter.equipment.kind'), render: (_, r) => t(`acenter.equipment.kinds.${r.kind}`) },
          {
            key: 'name',
            title: t('acenter.equipment.name'),
            render: (_, r) => {
              const to = equipPath(r.kind, r.sn, r.parentSn);
              return to ? <Link to={to}>{r.name}</Link> : r.name;
            },
          },
          { key: 'sn', title: t('acenter.equipment.sn'), render: (_, r) => <bdi dir="ltr">{r.sn}</bdi> },
          { key: 'plant', title: t('acenter.plant'), render: (_, r) => r.plantName ?? '--' },
          {
            key: 'status',
            title: t('acenter.equipment.status'),
            render: (_, r) => (
              <Tag color={statusColor(r.status)}>
                {t(`acenter.equipment.statuses.${r.status}`, { defaultValue: r.status })}
                {r.brightness !== null && r.kind === 'light' ? (
                  <>
                    {' · '}
                    <Quantity value={r.brightness} unit="%" />
                  </>
                ) : null}
              </Tag>
            ),
          },
          {
            key: 'lastSeen',
            title: t('acenter.equipment.lastSeen'),
            render: (_, r) => <Quantity>{formatLastSeen(r.lastSeen)}</Quantity>,
          },
        ]}
      />
    </div>
  );
}
