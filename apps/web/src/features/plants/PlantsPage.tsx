import { AppstoreOutlined, EnvironmentOutlined, PlusOutlined, TableOutlined } from '@ant-design/icons';
import {
  DEVICE_STATUSES,
  PLANT_LIST_STATUSES,
  PLANT_SORTS,
  PLANT_TYPES,
  type PlantGroup,
  type PlantSort,
} from '@heliograph/shared';
import { Button, Empty, Result, Segmented, Select, Spin } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ALL_STATUS, ListToolbar, listPagination, StatusStatsBar, type StatusStat } from '../../components/list';
import { usePermissions } from '../../kit/permissions';
import { CapacityFilter } from './CapacityFilter';
import { filterQuery } from './listSpec';
import { PlantCards } from './PlantCards';
import { PlantGroupTabs } from './PlantGroupTabs';
import { PlantTable } from './PlantTable';
import { usePlantList } from './usePlantList';
import { useViewMode, type ViewMode } from './useViewMode';
import './plants.css';
import { LoadFailedResult } from './LoadFailedResult';

// ECharts, the world map and Leaflet load only when someone opens the map.
const PlantMap = lazy(() => import('./map/PlantMap'));

/**
 * /plants — My Plants (spec §2.2): the four groups, status statistics, search, filters, sort and pages kept
 * in the address, and the plants as a table, cards or a map. Edit, delete and "Add plant" follow the
 * caller's permissions and whether the plant is theirs to change.
 */
export default function PlantsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { held } = usePermissions();
  const { state, update, reset, narrowed, query, capacityProblem } = usePlantList();
  const [view, setView] = useViewMode();
  const data = query.data;
  const group = (state.filters.group ?? 'all') as PlantGroup;
  const mapFilter = useMemo(() => filterQuery(state), [state]);

  const stats: StatusStat[] = [
    { key: ALL_STATUS, count: data?.stats.all },
    ...PLANT_LIST_STATUSES.map((s) => ({ key: s, label: t(`plants.status.${s}`), count: data?.stats[s] })),
    // Upgrading and protection appear only when some plant is in them.
    ...DEVICE_STATUSES.filter(
      (s) => !(PLANT_LIST_STATUSES as readonly string[]).includes(s) && (data?.stats[s] ?? 0) > 0,
    ).map((s) => ({ key: s, label: t(`plants.status.${s}`), count: data?.stats[s] })),
  ];
  const pagination = listPagination({ page: state.page, size: state.size, total: data?.total ?? 0, update }, t);

  const canCreate = held.has('station.create');
  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={narrowed ? t('plants.noMatch') : t('plants.none')}
      data-testid="plants-empty"
    >
      {narrowed ? (
        <Button onClick={reset}>{t('listKit.clearFilters')}</Button>
      ) : canCreate ? (
        <Link to="/plant-add">
          <Button type="primary" icon={<PlusOutlined />}>
            {t('plants.add')}
          </Button>
        </Link>
      ) : null}
    </Empty>
  );

  const sortValue = state.sort ? `${state.sort.field}:${state.sort.order}` : 'name:asc';
  const sortSelect = (
    <Select
      className="hg-plants-sort"
      value={sortValue}
      aria-label={t('plants.sortBy')}
      data-testid="plants-sort"
      popupMatchSelectWidth={false}
      onChange={(v: string) => {
        const [field, order] = v.split(':') as [PlantSort, 'asc' | 'desc'];
        update({ sort: { field, order } });
      }}
      options={PLANT_SORTS.flatMap((f) =>
        (['desc', 'asc'] as const).map((o) => ({ value: `${f}:${o}`, label: t(`plants.sort.${f}_${o}`) })),
      )}
    />
  );

  const viewToggle = (
    <Segmented<ViewMode>
      value={view}
      onChange={setView}
      aria-label={t('plants.view.label')}
      data-testid="plants-view"
      options={[
        { value: 'table', icon: <TableOutlined />, label: t('plants.view.table') },
        { value: 'cards', icon: <AppstoreOutlined />, label: t('plants.view.cards') },
        { value: 'map', icon: <EnvironmentOutlined />, label: t('plants.view.map') },
      ]}
    />
  );

  const loadFailed = query.isError && !data;
  return (
    <section className="hg-page-card hg-plants" aria-labelledby="plants-title">
      <header className="hg-page-header hg-plants-header">
        <div>
          <h1 id="plants-title" className="hg-page-title">
            {t('page.plants')}
          </h1>
          <p className="hg-page-hint">{t('plants.hint')}</p>
        </div>
        {canCreate && (
          <Link to="/plant-add" data-testid="plants-add">
            <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
              {t('plants.add')}
            </Button>
          </Link>
        )}
      </header>

      <PlantGroupTabs
        value={group}
        counts={data?.groups}
        onChange={(g) => update({ filters: { group: g === 'all' ? undefined : g } })}
      />
      <StatusStatsBar
        items={stats}
        value={state.filters.status ?? ALL_STATUS}
        label={t('plants.statusFilter')}
        loading={query.isFetching}
        onChange={(key) => update({ filters: { status: key === ALL_STATUS ? undefined : key } })}
        data-testid="plant-stats"
      />
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('plants.searchPlaceholder')}
        searchLabel={t('plants.search')}
        narrowed={narrowed}
        onReset={reset}
        data-testid="plants-toolbar"
        filters={
          <>
            <Select
              className="hg-plants-type"
              allowClear
              value={state.filters.type}
              placeholder={t('plants.allTypes')}
              aria-label={t('plants.typeColumn')}
              data-testid="plants-type"
              popupMatchSelectWidth={false}
              onChange={(v?: string) => update({ filters: { type: v } })}
              options={PLANT_TYPES.map((ty) => ({ value: ty, label: t(`plants.type.${ty}`) }))}
            />
            <CapacityFilter
              min={state.filters.capMin === undefined ? undefined : Number(state.filters.capMin)}
              max={state.filters.capMax === undefined ? undefined : Number(state.filters.capMax)}
              onApply={({ min, max }) =>
                update({
                  filters: {
                    capMin: min === null ? undefined : String(min),
                    capMax: max === null ? undefined : String(max),
                  },
                })
              }
            />
            {view === 'cards' && sortSelect}
          </>
        }
        actions={viewToggle}
      />

      {capacityProblem ? (
        <Result status="info" title={t('plants.capacityOrder')} />
      ) : view === 'map' ? (
        <Suspense
          fallback={
            <div className="hg-page-loading">
              <Spin />
            </div>
          }
        >
          <PlantMap filter={mapFilter} />
        </Suspense>
      ) : loadFailed ? (
        <LoadFailedResult title={t('plants.loadFailed')} onRetry={() => void query.refetch()} />
      ) : view === 'cards' ? (
        <PlantCards
          rows={data?.rows ?? []}
          loading={query.isFetching && (query.isPlaceholderData || !data)}
          pagination={pagination}
          empty={query.isLoading ? null : empty}
        />
      ) : (
        <PlantTable
          rows={data?.rows ?? []}
          loading={query.isFetching && (query.isPlaceholderData || !data)}
          pagination={pagination}
          empty={query.isLoading ? null : empty}
          sort={state.sort}
          onSort={(sort) => update({ sort })}
        />
      )}
    </section>
  );
}
