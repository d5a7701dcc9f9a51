import type { PlantSort } from '@heliograph/shared';
import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { SortOrder as AntSortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlantListRow } from '../../api/plants';
import type { SortOrder } from '../../components/list';
import { formatCapacity, formatEnergy, formatPower } from '../../components/plant/figures';
import { overviewPath } from '../../components/plant/overviewPath';
import { PlantActions } from './PlantActions';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import { Quantity } from '../../components/Quantity';

export interface PlantListViewProps {
  rows: PlantListRow[];
  loading: boolean;
  pagination: TablePaginationConfig;
  empty: React.ReactNode;
  sort: { field: PlantSort; order: SortOrder } | null;
  onSort: (sort: { field: PlantSort; order: SortOrder } | null) => void;
}

const toAnt = (order: SortOrder): AntSortOrder => (order === 'asc' ? 'ascend' : 'descend');

/** The plant list as a table (desktop and tablet), sortable by its figures. */
export function PlantTable({ rows, loading, pagination, empty, sort, onSort }: PlantListViewProps): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const sortable = (key: PlantSort) => ({
    key,
    sorter: true,
    sortOrder: sort?.field === key ? toAnt(sort.order) : null,
    sortDirections: ['descend', 'ascend'] as AntSortOrder[],
  });
  const columns: TableColumnsType<PlantListRow> = [
    {
      ...sortable('name'),
      sortDirections: ['ascend', 'descend'],
      title: t('plants.name'),
      render: (_, p) => (
        <div className="hg-plant-name-cell">
          <Link to={overviewPath(p)} className="hg-plant-link" data-testid="plant-link">
            {p.name}
          </Link>
          <span className="hg-plant-address">{p.address}</span>
        </div>
      ),
    },
    { key: 'type', title: t('plants.typeColumn'), render: (_, p) => t(`plants.type.${p.type}`) },
    { key: 'status', title: t('plants.statusColumn'), render: (_, p) => <PlantStatusTag status={p.status} /> },
    {
      ...sortable('power'),
      title: t('plants.power'),
      align: 'end',
      className: 'hg-num',
      render: (_, p) => <Quantity>{formatPower(p.powerW, locale)}</Quantity>,
    },
    {
      ...sortable('todayEnergy'),
      title: t('plants.todayEnergy'),
      align: 'end',
      className: 'hg-num',
      render: (_, p) => <Quantity>{formatEnergy(p.todayKwh, locale)}</Quantity>,
    },
    {
      ...sortable('capacity'),
      title: t('plants.capacity'),
      align: 'end',
      className: 'hg-num',
      render: (_, p) => <Quantity>{formatCapacity(p.capacityKw, locale)}</Quantity>,
    },
    {
      key: 'actions',
      title: <span className="hg-visually-hidden">{t('plants.actions')}</span>,
      width: 56,
      align: 'center',
      render: (_, p) => <PlantActions plant={p} />,
    },
  ];
  return (
    <Table<PlantListRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      locale={{ emptyText: empty }}
      scroll={{ x: 860 }}
      data-testid="plant-table"
      pagination={pagination}
      showSorterTooltip={false}
      onChange={(_p, _f, sorter, extra) => {
        if (extra.action !== 'sort' || Array.isArray(sorter)) return;
        const field = sorter.columnKey as PlantSort | undefined;
        onSort(field && sorter.order ? { field, order: sorter.order === 'ascend' ? 'asc' : 'desc' } : null);
      }}
    />
  );
}
