import { Quantity } from '../../components/Quantity';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Empty, Select, Table, Tooltip } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ALL_STATUS,
  ListToolbar,
  listPagination,
  StatusStatsBar,
  useListState,
  type ListSpec,
  type StatusStat,
} from '../../components/list';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import {
  INVERTER_LIST_STATUSES,
  INVERTER_SORTS,
  UPGRADE_PERMISSION,
  type InverterFilter,
  type InverterRow,
  type InverterSort,
} from '@heliograph/shared';
import { downloadInverters, inverterApi, inverterKeys } from './api';
import { energyText, powerText } from './figures';
import './inverters.css';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { BatchUpgradeButton } from '../device-common/upgrade/BatchUpgradeDialog';
import { useBatchSelection } from '../device-common/upgrade/batchSelection';

type FilterName = 'status' | 'plantId' | 'model' | 'brand';

/** The list's address: ?q=…&status=fault&plantId=…&model=…&brand=…&sort=power&order=desc&page=2 */
const SPEC: ListSpec<FilterName, InverterSort> = {
  filters: { status: INVERTER_LIST_STATUSES, plantId: 'text', model: 'text', brand: 'text' },
  sorts: INVERTER_SORTS,
  defaultSize: 20,
  pageSizes: [10, 20, 50, 100],
};

/**
 * /device/inverter — every inverter the caller may see (spec §2.2): status statistics, search by serial
 * number, alias or plant, filters by plant, model and brand, sortable columns, pages kept in the address,
 * and the same list as .xlsx.
 */
export default function InvertersPage(): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const { held } = usePermissions();
  const filter: InverterFilter = {
    ...(state.search ? { q: state.search } : {}),
    ...(state.filters.status ? { status: state.filters.status as InverterFilter['status'] } : {}),
    ...(state.filters.plantId ? { plantId: state.filters.plantId } : {}),
    ...(state.filters.model ? { model: state.filters.model } : {}),
    ...(state.filters.brand ? { brand: state.filters.brand } : {}),
  };
  const query = useQuery({
    queryKey: inverterKeys.list({ ...filter, page: state.page, size: state.size, sort: state.sort }),
    queryFn: () =>
      inverterApi.list({
        ...filter,
        page: state.page,
        size: state.size,
        ...(state.sort ? { sort: state.sort.field, order: state.sort.order } : {}),
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
  const exporter = useMutation({ mutationFn: () => downloadInverters(filter) });
  // Rows picked for a batch upgrade, across pages and filters, never more than the batch limit.
  const batch = useBatchSelection<InverterRow>((r) => r.sn);
  const data = query.data;
  const locale = i18n.language;

  const stats: StatusStat[] = [
    { key: ALL_STATUS, count: data?.stats.all },
    ...INVERTER_LIST_STATUSES.filter((s) => s !== 'upgrading' || (data?.stats.upgrading ?? 0) > 0).map((s) => ({
      key: s,
      label: t(`plants.status.${s}`),
      count: data?.stats[s],
    })),
  ];
  const sortOrder = (field: InverterSort) =>
    state.sort?.field === field ? (state.sort.order === 'asc' ? 'ascend' : 'descend') : null;

  const columns: ColumnsType<InverterRow> = [
    {
      title: t('inverters.sn'),
      dataIndex: 'sn',
      key: 'sn',
      sorter: true,
      sortOrder: sortOrder('sn'),
      fixed: 'start',
      render: (sn: string, r) => (
        <Link to={`/device/inverter/${encodeURIComponent(sn)}`} data-testid={`inverter-link-${sn}`}>
          <span className="hg-inv-sn">{sn}</span>
          {r.alias && <span className="hg-inv-alias">{r.alias}</span>}
        </Link>
      ),
    },
    {
      title: t('inverters.status'),
      dataIndex: 'status',
      key: 'status',
      render: (s: string) => <PlantStatusTag status={s} />,
    },
    {
      title: t('inverters.plant'),
      dataIndex: 'plantName',
      key: 'plant',
      sorter: true,
      sortOrder: sortOrder('plant'),
      render: (name: string | null, r) =>
        r.plantId && name ? <Link to={`/plants/overview/${r.plantId}/1`}>{name}</Link> : t('inverters.unbound'),
    },
    {
      title: t('inverters.brand'),
      dataIndex: 'brand',
      key: 'brand',
      responsive: ['xl'],
      render: (b: string) => b || '--',
    },
    { title: t('inverters.model'), dataIndex: 'model', key: 'model', render: (m: string) => m || '--' },
    {
      title: t('inverters.power'),
      dataIndex: 'powerW',
      key: 'power',
      align: 'end',
      sorter: true,
      sortOrder: sortOrder('power'),
      render: (w: number | null) => <Quantity>{powerText(w, locale)}</Quantity>,
    },
    {
      title: t('inverters.today'),
      dataIndex: 'todayKwh',
      key: 'today',
      align: 'end',
      sorter: true,
      sortOrder: sortOrder('today'),
      render: (k: number) => <Quantity>{energyText(k, locale)}</Quantity>,
    },
    {
      title: t('inverters.total'),
      dataIndex: 'totalKwh',
      key: 'total',
      align: 'end',
      responsive: ['lg'],
      render: (k: number | null) => <Quantity>{energyText(k, locale)}</Quantity>,
    },
    {
      title: t('inverters.gateway'),
      dataIndex: 'gatewaySn',
      key: 'gateway',
      responsive: ['xl'],
    },
    {
      title: t('inverters.lastSeen'),
      dataIndex: 'lastSeen',
      key: 'lastSeen',
      sorter: true,
      sortOrder: sortOrder('lastSeen'),
      responsive: ['md'],
      render: (ms: number | null) => <Quantity>{ms ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '--'}</Quantity>,
    },
  ];

  /** A filter by one of the list's facets (model, brand), whose values the list's answer names. */
  const facetSelect = (
    filter: 'model' | 'brand',
    values: readonly string[] | undefined,
    placeholder: string,
    label: string,
    testId?: string,
  ) => (
    <Select
      className="hg-inv-filter"
      allowClear
      value={state.filters[filter]}
      placeholder={placeholder}
      aria-label={label}
      data-testid={testId}
      onChange={(v?: string) => update({ filters: filter === 'model' ? { model: v } : { brand: v } })}
      options={(values ?? []).map((m) => ({ value: m, label: m }))}
    />
  );

  if (query.isError && !data) {
    return <LoadFailed card title={t('inverters.loadFailed')} retry={query.refetch} retryText={t('inverters.retry')} />;
  }

  return (
    <section className="hg-page-card hg-inverters" aria-labelledby="inverters-title">
      <header className="hg-inv-header">
        <h1 id="inverters-title" className="hg-inv-title">
          {t('page.inverters')}
        </h1>
        <p className="hg-inv-hint">{t('inverters.hint')}</p>
      </header>
      <StatusStatsBar
        items={stats}
        value={state.filters.status ?? ALL_STATUS}
        label={t('inverters.statusFilter')}
        loading={query.isFetching}
        onChange={(key) => update({ filters: { status: key === ALL_STATUS ? undefined : key } })}
        data-testid="inverter-stats"
      />
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('inverters.searchPlaceholder')}
        searchLabel={t('inverters.search')}
        narrowed={narrowed}
        onReset={reset}
        data-testid="inverters-toolbar"
        filters={
          <>
            <Select
              className="hg-inv-filter"
              allowClear
              showSearch
              optionFilterProp="label"
              value={state.filters.plantId}
              placeholder={t('inverters.allPlants')}
              aria-label={t('inverters.plant')}
              data-testid="inverters-plant-filter"
              onChange={(v?: string) => update({ filters: { plantId: v } })}
              options={(data?.facets.plants ?? []).map((p) => ({ value: p.id, label: p.name }))}
            />
            {facetSelect(
              'model',
              data?.facets.models,
              t('inverters.allModels'),
              t('inverters.model'),
              'inverters-model-filter',
            )}
            {(data?.facets.brands.length ?? 0) > 0 &&
              facetSelect('brand', data?.facets.brands, t('inverters.allBrands'), t('inverters.brand'))}
          </>
        }
        actions={
          <>
            <BatchUpgradeButton
              kind="inverter"
              sns={batch.sns}
              onDone={() => {
                batch.clear();
                void query.refetch();
              }}
            />
            <Tooltip title={t('inverters.exportHint')}>
              <Button
                icon={<DownloadOutlined />}
                loading={exporter.isPending}
                disabled={!data || data.total === 0}
                onClick={() => exporter.mutate()}
                data-testid="inverters-export"
              >
                {t('inverters.export')}
              </Button>
            </Tooltip>
          </>
        }
      />
      <Table<InverterRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.rows ?? []}
        rowSelection={held.has(UPGRADE_PERMISSION.inverter) ? batch.rowSelection : undefined}
        loading={query.isLoading}
        scroll={{ x: 'max-content' }}
        data-testid="inverters-table"
        pagination={listPagination({ page: state.page, size: state.size, total: data?.total ?? 0, update }, t)}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={narrowed ? t('inverters.noMatch') : t('inverters.none')}
            >
              {narrowed && <Button onClick={reset}>{t('listKit.clearFilters')}</Button>}
            </Empty>
          ),
        }}
        onChange={(_p, _f, sorter) => {
          const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<InverterRow> | undefined;
          const field = s?.columnKey as InverterSort | undefined;
          if (s?.order && field && (INVERTER_SORTS as readonly string[]).includes(field))
            update({ sort: { field, order: s.order === 'ascend' ? 'asc' : 'desc' } });
          else if (!s?.order && state.sort) update({ sort: null });
        }}
      />
    </section>
  );
}
