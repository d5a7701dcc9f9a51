import {
  DEVICE_STATUSES,
  PLANT_CAPACITY_MAX_KW,
  PLANT_TYPES,
  REPORT_PERIODS,
  type ReportPeriod,
} from '@heliograph/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, InputNumber, Radio, Result, Switch } from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplay } from '../../components/chart/useDisplay';
import { FilterSelect, ListToolbar, listPagination, useListState } from '../../components/list';
import { LoadFailed } from '../device-common/LoadFailed';
import { reportApi, reportKeys } from './api';
import { PICKER, anchorDate, defaultAnchor } from './period';
import { SCREENING_SPEC, capacityUpsideDown, screeningNarrowed, screeningPeriod, screeningParams } from './screening';
import { ScreeningFigures, ScreeningHistogram } from './ScreeningFigures';
import { ScreeningTable } from './ScreeningTable';
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
          <ScreeningFigures
            summary={data?.summary}
            underOnly={state.filters.under === 'true'}
            onUnder={() => update({ filters: { under: state.filters.under === 'true' ? undefined : 'true' } })}
          />
          <ScreeningHistogram bands={data?.summary.bands} />
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
