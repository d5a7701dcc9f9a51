import { formatFigure, type ScreeningSort } from '@heliograph/shared';
import { Table, Tag } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDisplay } from '../../components/chart/useDisplay';
import { useScrollRegion } from '../../components/list';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { formatRatio } from '../../components/plant/figures';
import { overviewPath } from '../../components/plant/overviewPath';
import { Quantity } from '../../components/Quantity';
import { type ScreeningAnswer, type ScreeningRow } from './api';

const ORDER: Record<'asc' | 'desc', SortOrder> = { asc: 'ascend', desc: 'descend' };

/** The ranked plants: sorted on the server over the whole filtered fleet, a page at a time. */
export function ScreeningTable({
  data,
  loading,
  sort,
  onSort,
  pagination,
  regionName,
  empty,
}: {
  data: ScreeningAnswer | undefined;
  loading: boolean;
  sort: { field: ScreeningSort; order: 'asc' | 'desc' } | null;
  onSort: (sort: { field: ScreeningSort; order: 'asc' | 'desc' } | null) => void;
  pagination: TableProps<ScreeningRow>['pagination'];
  regionName: (code: string) => string;
  empty: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { locale, compact } = useDisplay();
  const box = useScrollRegion('screening-title');
  const num = (v: number | null, digits = 1) =>
    v === null
      ? formatFigure(null, locale).text
      : new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  const sorted = (field: ScreeningSort) => ({
    key: field,
    sorter: true,
    sortOrder: sort?.field === field ? ORDER[sort.order] : null,
    sortDirections: ['ascend', 'descend'] as SortOrder[],
  });
  const columns: ColumnsType<ScreeningRow> = [
    {
      title: t('reports.col.plant'),
      dataIndex: 'plantName',
      ...(compact ? {} : { width: 170 }),
      ...sorted('name'),
      render: (name: string, r) => (
        <Link to={overviewPath({ id: r.plantId, type: r.type })} data-testid="screening-plant">
          <bdi>{name}</bdi>
        </Link>
      ),
    },
    {
      title: t('reports.screening.region'),
      dataIndex: 'country',
      responsive: ['md'],
      render: (c: string) => (c ? regionName(c) : formatFigure(null, locale).text),
    },
    {
      title: t('reports.screening.type'),
      dataIndex: 'type',
      responsive: ['lg'],
      width: 150,
      render: (ty: ScreeningRow['type']) => t(`plants.type.${ty}`),
    },
    {
      title: t('reports.screening.status'),
      dataIndex: 'status',
      responsive: ['md'],
      render: (s: ScreeningRow['status']) => <PlantStatusTag status={s} />,
    },
    {
      title: t('reports.col.capacity'),
      dataIndex: 'capacityKwp',
      align: 'end',
      responsive: ['md'],
      ...sorted('capacity'),
      render: (v: number) => <Quantity>{num(v)}</Quantity>,
    },
    {
      title: t('reports.col.pv'),
      dataIndex: 'pv',
      align: 'end',
      responsive: ['sm'],
      ...sorted('pv'),
      render: (v: number) => <Quantity>{num(v)}</Quantity>,
    },
    {
      title: t('reports.screening.col.specificYield'),
      dataIndex: 'specificYield',
      align: 'end',
      ...sorted('specificYield'),
      render: (v: number | null) => <Quantity>{num(v, 2)}</Quantity>,
    },
    {
      title: t('reports.screening.col.peerShare'),
      dataIndex: 'peerShare',
      align: 'end',
      ...sorted('peerShare'),
      render: (v: number | null, r) => (
        <span className="hg-screening-share">
          {r.under && (
            <Tag color="error" className="hg-screening-under-tag" data-testid="screening-under-tag">
              {t('reports.screening.underTag')}
            </Tag>
          )}
          <Quantity>{formatRatio(v, locale)}</Quantity>
        </span>
      ),
    },
    {
      title: t('reports.col.performanceRatio'),
      dataIndex: 'performanceRatio',
      align: 'end',
      responsive: ['lg'],
      render: (v: number | null) => <Quantity>{formatRatio(v, locale)}</Quantity>,
    },
    {
      title: t('reports.col.availability'),
      dataIndex: 'availability',
      align: 'end',
      responsive: ['lg'],
      ...sorted('availability'),
      render: (v: number | null) => <Quantity>{formatRatio(v, locale)}</Quantity>,
    },
    {
      title: t('reports.col.yearOnYear'),
      dataIndex: 'yearOnYear',
      align: 'end',
      responsive: ['lg'],
      ...sorted('yearOnYear'),
      render: (v: number | null) => <Quantity>{formatRatio(v, locale)}</Quantity>,
    },
  ];
  return (
    <div ref={box}>
      <Table<ScreeningRow>
        rowKey="plantId"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={loading}
        size="small"
        // A phone keeps three columns that wrap to its width; wider screens scroll the rest sideways.
        {...(compact ? {} : { scroll: { x: 1080 } })}
        pagination={pagination}
        showSorterTooltip={false}
        data-testid="screening-table"
        rowClassName={(r) => (r.under ? 'hg-screening-row-under' : '')}
        locale={{ emptyText: empty }}
        onChange={(_p, _f, sorter, extra) => {
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          const field = sorter.columnKey as ScreeningSort | undefined;
          onSort(field && sorter.order ? { field, order: sorter.order === 'ascend' ? 'asc' : 'desc' } : null);
        }}
      />
    </div>
  );
}
