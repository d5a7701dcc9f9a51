import {
  DEVICE_STATUSES,
  PLANT_CAPACITY_MAX_KW,
  PLANT_TYPES,
  REPORT_PERIODS,
  formatFigure,
  type ReportPeriod,
  type ScreeningSort,
} from '@heliograph/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, InputNumber, Radio, Result, Skeleton, Statistic, Switch, Table, Tag } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import type { SortOrder } from 'antd/es/table/interface';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazyEChart } from '../../components/chart/LazyEChart';
import { useDisplay } from '../../components/chart/useDisplay';
import { FilterSelect, ListToolbar, listPagination, useListState, useScrollRegion } from '../../components/list';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { formatEnergy, formatRatio } from '../../components/plant/figures';
import { overviewPath } from '../../components/plant/overviewPath';
import { Quantity } from '../../components/Quantity';
import { LoadFailed } from '../device-common/LoadFailed';
import { reportApi, reportKeys, type ScreeningAnswer, type ScreeningRow } from './api';
import { PICKER, anchorDate, defaultAnchor } from './period';
import {
  SCREENING_SPEC,
  bandLabels,
  bandSummary,
  capacityUpsideDown,
  screeningChartOption,
  screeningNarrowed,
  screeningPeriod,
  screeningParams,
} from './screening';
import './reports.css';

/** A country's name in the user's language ("Deutschland", "德国"), or its code where the browser has none. */
function useRegionName(locale: string): (code: string) => string {
  return useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = undefined;
    }
    return (code: string) => {
      if (!code) return '';
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    };
  }, [locale]);
}

/**
 * /workdata/screening — data screening (issue 16 point 6, workdata.view): the fleet under the chosen filters
 * (region, type, capacity, status, search) for a day, month or year; headline figures, a histogram of the
 * plants' kWh/kWp as a share of their peers' median, and the table ranked worst first, the under-performers
 * (below 80 % of the median) marked. Filters, sort and page live in the address.
 */
export default function ScreeningPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { locale } = useDisplay();
  const { state, update } = useListState(SCREENING_SPEC);
  const { period, date } = screeningPeriod(state);
  const q = useMemo(() => screeningParams(state), [state]);
  const upsideDown = capacityUpsideDown(state);
  const narrowed = screeningNarrowed(state);
  const regionName = useRegionName(locale);
  const screening = useQuery({
    queryKey: reportKeys.screening(q),
    queryFn: () => reportApi.screening(q),
    placeholderData: keepPreviousData,
    enabled: !upsideDown,
  });
  const data = screening.data;

  const clear = () =>
    update({
      search: '',
      filters: {
        status: undefined,
        type: undefined,
        capMin: undefined,
        capMax: undefined,
        country: undefined,
        under: undefined,
      },
    });

  const regions = (data?.countries ?? []).map((c) => ({ value: c, label: regionName(c) }));
  if (state.filters.country && !regions.some((r) => r.value === state.filters.country))
    regions.push({ value: state.filters.country, label: regionName(state.filters.country) });
  regions.sort((a, b) => a.label.localeCompare(b.label, locale));

  const underId = useId();
  const filters = (
    <>
      <Radio.Group
        optionType="button"
        value={period}
        aria-label={t('reports.period')}
        data-testid="screening-period"
        onChange={(e) => {
          const next = e.target.value as ReportPeriod;
          update({ filters: { period: next === 'monthly' ? undefined : next, date: undefined } });
        }}
        options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
      />
      <DatePicker
        picker={PICKER[period].picker}
        value={anchorDate(period, date)}
        allowClear={false}
        aria-label={t('reports.date')}
        data-testid="screening-date"
        onChange={(d) => {
          if (!d) return;
          const next = d.format(PICKER[period].format);
          update({ filters: { date: next === defaultAnchor(period) ? undefined : next } });
        }}
      />
      <FilterSelect
        label={t('reports.screening.region')}
        value={state.filters.country}
        onChange={(v) => update({ filters: { country: v } })}
        options={regions}
        testId="screening-region"
      />
      <FilterSelect
        label={t('reports.screening.type')}
        value={state.filters.type}
        onChange={(v) => update({ filters: { type: v } })}
        options={PLANT_TYPES.map((ty) => ({ value: ty, label: t(`plants.type.${ty}`) }))}
        minWidth={180}
        testId="screening-type"
      />
      <FilterSelect
        label={t('reports.screening.status')}
        value={state.filters.status}
        onChange={(v) => update({ filters: { status: v } })}
        options={DEVICE_STATUSES.map((s) => ({ value: s, label: t(`plants.status.${s}`) }))}
        minWidth={140}
        testId="screening-status"
      />
      <CapacityRange
        min={state.filters.capMin === undefined ? undefined : Number(state.filters.capMin)}
        max={state.filters.capMax === undefined ? undefined : Number(state.filters.capMax)}
        onApply={(min, max) =>
          update({
            filters: {
              capMin: min === null ? undefined : String(min),
              capMax: max === null ? undefined : String(max),
            },
          })
        }
      />
      <span className="hg-screening-under">
        <Switch
          id={underId}
          checked={state.filters.under === 'true'}
          onChange={(on) => update({ filters: { under: on ? 'true' : undefined } })}
          data-testid="screening-under"
        />
        <label htmlFor={underId}>{t('reports.screening.underOnly')}</label>
      </span>
    </>
  );

  return (
    <section className="hg-page-card hg-screening" aria-labelledby="screening-title" data-testid="screening-page">
      <header className="hg-page-header">
        <div>
          <h1 id="screening-title" className="hg-page-title">
            {t('page.screening')}
          </h1>
          <p className="hg-page-hint">{t('reports.screening.hint')}</p>
        </div>
      </header>
      <ListToolbar
        search={state.search}
        onSearch={(s) => update({ search: s })}
        searchPlaceholder={t('reports.plantSearch')}
        searchLabel={t('reports.plantSearch')}
        narrowed={narrowed}
        onReset={clear}
        filters={filters}
        data-testid="screening-toolbar"
      />
      {upsideDown ? (
        <Result status="info" title={t('reports.screening.capacityOrder')} />
      ) : screening.isError && !data ? (
        <LoadFailed
          title={t('reports.screening.loadFailed')}
          retry={screening.refetch}
          retryText={t('reports.retry')}
        />
      ) : (
        <>
          <Figures
            summary={data?.summary}
            underOnly={state.filters.under === 'true'}
            onUnder={() => update({ filters: { under: state.filters.under === 'true' ? undefined : 'true' } })}
          />
          <Histogram bands={data?.summary.bands} />
          <ScreeningTable
            data={data}
            loading={screening.isFetching && (screening.isPlaceholderData || !data)}
            sort={state.sort}
            onSort={(sort) => update({ sort })}
            pagination={listPagination({ page: state.page, size: state.size, total: data?.total ?? 0, update }, t)}
            regionName={regionName}
            empty={
              screening.isLoading ? null : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={narrowed ? t('reports.screening.noMatch') : t('reports.screening.none')}
                  data-testid="screening-empty"
                />
              )
            }
          />
        </>
      )}
    </section>
  );
}

/** Capacity from–to in kWp, applied when a box is left or Enter pressed; an upside-down range is explained. */
function CapacityRange({
  min,
  max,
  onApply,
}: {
  min: number | undefined;
  max: number | undefined;
  onApply: (min: number | null, max: number | null) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [from, setFrom] = useState<number | null>(min ?? null);
  const [to, setTo] = useState<number | null>(max ?? null);
  useEffect(() => {
    setFrom(min ?? null);
    setTo(max ?? null);
  }, [min, max]);
  const apply = (): void => {
    if (from === (min ?? null) && to === (max ?? null)) return;
    onApply(from, to);
  };
  const box = (end: 'Min' | 'Max', value: number | null, set: (v: number | null) => void) => (
    <InputNumber<number>
      min={0}
      max={PLANT_CAPACITY_MAX_KW}
      precision={1}
      controls={false}
      suffix="kWp"
      className="hg-screening-capacity-input"
      placeholder={t(`reports.screening.capacity${end}`)}
      aria-label={t(`reports.screening.capacity${end}Label`)}
      value={value}
      onChange={set}
      onBlur={apply}
      onPressEnter={apply}
      data-testid={`screening-capacity-${end.toLowerCase()}`}
    />
  );
  return (
    <div className="hg-screening-capacity" role="group" aria-label={t('reports.screening.capacity')}>
      {box('Min', from, setFrom)}
      <span aria-hidden="true">–</span>
      {box('Max', to, setTo)}
    </div>
  );
}

/** The headline figures of the filtered fleet; the under-performers' card turns the under-only filter on and off. */
function Figures({
  summary,
  underOnly,
  onUnder,
}: {
  summary: ScreeningAnswer['summary'] | undefined;
  underOnly: boolean;
  onUnder: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { locale } = useDisplay();
  if (!summary)
    return (
      <div className="hg-screening-figures" aria-busy="true">
        <Skeleton active paragraph={{ rows: 2 }} />
      </div>
    );
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const kwp = (v: number | null) => formatFigure(v, locale).text;
  const cards: { key: string; title: string; value: string; unit?: string }[] = [
    { key: 'plants', title: t('reports.screening.kpi.plants'), value: count(summary.plants) },
    { key: 'capacity', title: t('reports.screening.kpi.capacity'), value: kwp(summary.capacityKwp), unit: 'kWp' },
    { key: 'pv', title: t('reports.screening.kpi.pv'), value: formatEnergy(summary.pv, locale) },
    {
      key: 'specificYield',
      title: t('reports.screening.kpi.specificYield'),
      value: kwp(summary.specificYield),
      unit: summary.specificYield === null ? undefined : 'kWh/kWp',
    },
    {
      key: 'median',
      title: t('reports.screening.kpi.median'),
      value: kwp(summary.medianSpecificYield),
      unit: summary.medianSpecificYield === null ? undefined : 'kWh/kWp',
    },
  ];
  const stat = (title: string, value: string, unit?: string) => (
    <Statistic title={title} valueRender={() => <Quantity value={value} unit={unit} />} />
  );
  return (
    <div className="hg-screening-figures" data-testid="screening-figures">
      {cards.map((c) => (
        <Card key={c.key} size="small" className="hg-screening-figure" data-testid={`screening-kpi-${c.key}`}>
          {stat(c.title, c.value, c.unit)}
        </Card>
      ))}
      <Card
        size="small"
        className={`hg-screening-figure hg-screening-figure-under${summary.under > 0 ? ' hg-screening-alert' : ''}`}
        data-testid="screening-kpi-under"
      >
        <button
          type="button"
          className="hg-screening-figure-button"
          aria-pressed={underOnly}
          onClick={onUnder}
          data-testid="screening-kpi-under-button"
        >
          {stat(t('reports.screening.kpi.under'), count(summary.under))}
          <span className="hg-screening-figure-note">
            {underOnly ? t('reports.screening.kpi.underShowAll') : t('reports.screening.kpi.underShow')}
          </span>
        </button>
      </Card>
      <Card size="small" className="hg-screening-figure" data-testid="screening-kpi-noData">
        {stat(t('reports.screening.kpi.noData'), count(summary.noData))}
      </Card>
    </div>
  );
}

/** Plants per band of their kWh/kWp against the peers' median; the under-performing bands in warning colours. */
function Histogram({ bands }: { bands: readonly number[] | undefined }): React.JSX.Element {
  const { t } = useTranslation();
  const { locale, rtl, compact, chartLocale } = useDisplay();
  const labels = useMemo(
    () =>
      bandLabels(locale, {
        below: (to) => t('reports.screening.band.below', { to }),
        between: (from, to) => t('reports.screening.band.between', { from, to }),
        above: (from) => t('reports.screening.band.above', { from }),
      }),
    [locale, t],
  );
  const option = useMemo(
    () =>
      bands ? screeningChartOption(bands, labels, { rtl, compact, name: t('reports.screening.chartSeries') }) : null,
    [bands, labels, rtl, compact, t],
  );
  return (
    <Card size="small" title={t('reports.screening.chartTitle')} className="hg-report-chart">
      {option && bands ? (
        <LazyEChart
          option={option}
          height={compact ? 200 : 240}
          label={t('reports.screening.chartLabel', { bands: bandSummary(bands, labels, locale) })}
          locale={chartLocale}
          testId="screening-chart"
          points={bands.length}
        />
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}

const ORDER: Record<'asc' | 'desc', SortOrder> = { asc: 'ascend', desc: 'descend' };

/** The ranked plants: sorted on the server over the whole filtered fleet, a page at a time. */
function ScreeningTable({
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
