import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEVICE_KINDS } from '@heliograph/shared';
import { DatePicker, Select, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_STATUS, useListState, type ListSpec } from '../../components/list';
import { plantIdOrNothing } from '../device-common/deviceApi';
import { DeviceListLayout } from '../device-common/DeviceListLayout';
import { formatDateTime } from '../../components/plant/plantTime';
import '../device-common/storage.css';
import type { EventLevel, EventListRow as EventRow } from '@heliograph/shared';
import { fetchEvents, type EventQuery } from './eventApi';
import { Quantity } from '../../components/Quantity';

const LEVELS: readonly EventLevel[] = ['fault', 'warning', 'info'];
const STATES = ['open', 'cleared'] as const;
type Filter = 'plant' | 'kind' | 'level' | 'state' | 'from' | 'to';
const SPEC: ListSpec<Filter, never> = {
  filters: { plant: 'text', kind: DEVICE_KINDS, level: LEVELS, state: STATES, from: 'text', to: 'text' },
  defaultSize: 20,
  pageSizes: [20, 50, 100],
};
const LEVEL_COLOUR: Record<EventLevel, string> = { fault: 'error', warning: 'warning', info: 'processing' };
/** A filter chosen from a list in the toolbar. */
interface Choice {
  filter: 'kind' | 'state';
  width: number;
  placeholder: string;
  label: string;
  options: { value: string; label: string }[];
}
const isDay = (s: string | undefined): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && dayjs(s).isValid();

/** The list's filters as the API wants them: days become the local start of `from` to the end of `to`. */
function toQuery(filters: Partial<Record<Filter, string>>, search: string): EventQuery {
  return {
    plantId: plantIdOrNothing(filters.plant),
    device: search || undefined,
    kind: filters.kind,
    level: filters.level,
    state: filters.state,
    from: isDay(filters.from) ? dayjs(filters.from).startOf('day').valueOf() : undefined,
    to: isDay(filters.to) ? dayjs(filters.to).add(1, 'day').startOf('day').valueOf() : undefined,
  };
}

/**
 * /device/event/list — the events of every device the caller may see: type statistics, filters by plant,
 * device, kind, state and days (kept in the address), what each code means and what to do, and an export.
 */
export default function EventsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const list = useListState(SPEC);
  const { state, update } = list;
  const query = useMemo(() => toQuery(state.filters, state.search), [state.filters, state.search]);
  const events = useQuery({
    queryKey: ['events', 'list', state.page, state.size, query],
    queryFn: () => fetchEvents({ page: state.page, size: state.size, ...query }),
    placeholderData: keepPreviousData,
  });
  const data = events.data;

  const stats = [
    { key: ALL_STATUS, label: t('events.level.all'), count: data?.counts.all },
    ...LEVELS.map((l) => ({
      key: l,
      label: t(`events.level.${l}`),
      tone: l === 'info' ? 'upgrading' : l,
      count: data?.counts[l],
    })),
  ];

  const columns: TableColumnsType<EventRow> = [
    {
      key: 'time',
      title: t('events.time'),
      className: 'hg-num',
      render: (_, e) => <Quantity>{formatDateTime(e.raisedAt, e.timezone)}</Quantity>,
    },
    {
      key: 'level',
      title: t('events.type'),
      render: (_, e) => <Tag color={LEVEL_COLOUR[e.level]}>{t(`events.level.${e.level}`)}</Tag>,
    },
    { key: 'code', title: t('events.code'), responsive: ['sm'], render: (_, e) => <code>{e.code}</code> },
    {
      key: 'plant',
      title: t('batteries.common.plant'),
      responsive: ['md'],
      render: (_, e) => e.plantName ?? '--',
    },
    {
      key: 'device',
      title: t('events.device'),
      render: (_, e) => (
        <div className="hg-storage-name">
          <span>{e.deviceAlias ? `${e.deviceAlias} · ${e.deviceSn}` : e.deviceSn}</span>
          <span className="hg-storage-sub">{t(`events.kind.${e.deviceKind}`, { defaultValue: e.deviceKind })}</span>
        </div>
      ),
    },
    {
      key: 'meaning',
      title: t('events.meaning'),
      responsive: ['md'],
      render: (_, e) => (
        <span style={{ display: 'inline-block', maxWidth: 360 }}>{e.meaning ?? e.message ?? '--'}</span>
      ),
    },
    {
      key: 'state',
      title: t('events.state.title'),
      render: (_, e) =>
        e.clearedAt === null ? (
          <Tag color="red">{t('events.state.open')}</Tag>
        ) : (
          <div className="hg-storage-name">
            <Tag color="green">{t('events.state.cleared')}</Tag>
            <span className="hg-storage-sub hg-num">
              <Quantity>{formatDateTime(e.clearedAt, e.timezone)}</Quantity>
            </span>
          </div>
        ),
    },
  ];

  // The device kind and the event's state are chosen from lists; the days from a range picker.
  const choices: Choice[] = [
    {
      filter: 'kind',
      width: 150,
      placeholder: t('events.allKinds'),
      label: t('events.kindLabel'),
      options: DEVICE_KINDS.map((k) => ({ value: k, label: t(`events.kind.${k}`) })),
    },
    {
      filter: 'state',
      width: 140,
      placeholder: t('events.state.any'),
      label: t('events.state.title'),
      options: STATES.map((s) => ({ value: s, label: t(`events.state.${s}`) })),
    },
  ];
  const from = isDay(state.filters.from) ? dayjs(state.filters.from) : null;
  const to = isDay(state.filters.to) ? dayjs(state.filters.to) : null;

  return (
    <DeviceListLayout
      page={{ name: 'events', ids: 'events', catalogue: 'events' }}
      source={{
        list,
        query: events,
        stats: { items: stats, filter: 'level', label: t('events.typeGroup'), 'data-testid': 'event-stats' },
      }}
      filters={
        <>
          {choices.map((c) => (
            <Select
              key={c.filter}
              allowClear
              style={{ minWidth: c.width }}
              value={state.filters[c.filter]}
              placeholder={c.placeholder}
              aria-label={c.label}
              data-testid={`events-${c.filter}`}
              onChange={(v?: string) => update({ filters: { [c.filter]: v } })}
              options={c.options}
            />
          ))}
          <DatePicker.RangePicker
            value={[from, to]}
            maxDate={dayjs()}
            allowEmpty={[true, true]}
            aria-label={t('events.range')}
            placeholder={[t('events.from'), t('events.to')]}
            data-testid="events-range"
            onChange={(range) =>
              update({
                filters: {
                  from: range?.[0]?.format('YYYY-MM-DD'),
                  to: range?.[1]?.format('YYYY-MM-DD'),
                },
              })
            }
          />
        </>
      }
      download={{ path: '/api/v1/events/download', query: { ...query }, fileName: 'events.xlsx' }}
      loadFailed={t('events.loadFailed')}
      pageSizes={SPEC.pageSizes}
      table={{
        rowKey: 'id',
        columns,
        expandable: {
          expandedRowRender: (e) => (
            <div data-testid="event-solution" className="hg-event-detail">
              <p className="hg-event-phone-only">
                <code>{e.code}</code> · {e.plantName ?? '--'}
                <br />
                {e.meaning ?? e.message ?? '--'}
              </p>
              <strong>{t('events.solution')}</strong>
              <p className="hg-event-solution">{e.solution ?? t('events.noSolution')}</p>
              {e.message && e.meaning ? (
                <p className="hg-storage-sub">
                  {t('events.deviceMessage')}: {e.message}
                </p>
              ) : null}
            </div>
          ),
        },
      }}
    />
  );
}
