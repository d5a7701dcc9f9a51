import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlantSummary } from '../../api/plants';
import { formatCapacity, formatEnergy, formatPower } from './figures';
import { overviewPath } from './overviewPath';
import { PAGE_SIZES } from './usePlantList';
import { PlantStatusTag } from './PlantStatusTag';
import { useFigureLocale } from './useFigureLocale';

export interface PlantListViewProps {
  rows: PlantSummary[];
  total: number;
  page: number;
  size: number;
  loading: boolean;
  onPage: (page: number, size: number) => void;
  empty: React.ReactNode;
}

/** The plant list as a table (desktop and tablet). */
export function PlantTable({ rows, total, page, size, loading, onPage, empty }: PlantListViewProps): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const columns: TableColumnsType<PlantSummary> = [
    {
      key: 'name',
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
      key: 'power',
      title: t('plants.power'),
      align: 'end',
      className: 'hg-num',
      render: (_, p) => formatPower(p.powerW, locale),
    },
    {
      key: 'today',
      title: t('plants.todayEnergy'),
      align: 'end',
      className: 'hg-num',
      render: (_, p) => formatEnergy(p.todayKwh, locale),
    },
    {
      key: 'capacity',
      title: t('plants.capacity'),
      align: 'end',
      className: 'hg-num',
      render: (_, p) => formatCapacity(p.capacityKw, locale),
    },
  ];
  return (
    <Table<PlantSummary>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      locale={{ emptyText: empty }}
      scroll={{ x: 760 }}
      data-testid="plant-table"
      pagination={{
        current: page,
        pageSize: size,
        total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (n) => t('plants.total', { n: String(n) }),
        onChange: (p, s) => onPage(s === size ? p : 1, s),
      }}
    />
  );
}
