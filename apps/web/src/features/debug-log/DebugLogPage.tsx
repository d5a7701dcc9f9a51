import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEBUG_LOG_KINDS, hexWord, type CommandStatus, type DebugLogRow } from '@heliograph/shared';
import { Button, DatePicker, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  FilterSelect,
  listEmpty,
  listPagination,
  ListToolbar,
  type ListSpec,
  useListState,
  useScrollRegion,
} from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { devicePagePath } from '../device-common/devicePages';
import { LoadFailed } from '../device-common/LoadFailed';
import { debugLogApi, debugLogKeys } from './api';
import './debugLog.css';

/** The log's address: ?kind=read&from=…&to=…&q=…&page=2. */
const SPEC: ListSpec<'kind' | 'from' | 'to', never> = {
  filters: { kind: DEBUG_LOG_KINDS, from: 'number', to: 'number' },
  defaultSize: 20,
};

/** Registers as the debug panel shows them: hex, then decimal. */
function Registers({ values }: { values: number[] }): React.JSX.Element {
  return (
    <span className="hg-debug-log-registers" dir="ltr">
      {values.map((v, i) => (
        <span key={i}>{`${hexWord(v)} (${v})`}</span>
      ))}
    </span>
  );
}

/**
 * /log/debug — the debug log (spec §2.3 "Logging: … debug logs"; issue 14 item 6): every register read and
 * write sent through remote debug to the caller's devices, newest first, with the request, the device's reply
 * and who sent it; searchable by serial number, narrowed by kind and time.
 */
export default function DebugLogPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const tableBox = useScrollRegion('debug-log-title');
  const f = state.filters;
  const query = {
    ...(f.kind ? { kind: f.kind as DebugLogRow['kind'] } : {}),
    ...(f.from ? { from: Number(f.from) } : {}),
    ...(f.to ? { to: Number(f.to) } : {}),
    ...(state.search ? { q: state.search } : {}),
    page: state.page,
    size: state.size,
  };
  const list = useQuery({
    queryKey: debugLogKeys.list(query),
    queryFn: () => debugLogApi.list(query),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<DebugLogRow> = [
    {
      title: t('debugLog.time'),
      key: 'at',
      render: (_, r) => <Quantity>{dayjs(r.at).format('YYYY-MM-DD HH:mm:ss')}</Quantity>,
    },
    {
      title: t('debugLog.device'),
      key: 'device',
      render: (_, r) => {
        const to = devicePagePath(r.deviceKind, r.deviceSn);
        return (
          <div className="hg-debug-log-device">
            {to ? <Link to={to}>{r.deviceSn}</Link> : <bdi>{r.deviceSn}</bdi>}
            <span className="hg-debug-log-sub">{r.plantName ?? r.gatewaySn}</span>
          </div>
        );
      },
    },
    {
      title: t('debugLog.kind'),
      key: 'kind',
      render: (_, r) => (
        <Tag color={r.kind === 'read' ? 'blue' : 'orange'} data-kind={r.kind}>
          {t(`debugLog.${r.kind}`)}
        </Tag>
      ),
    },
    {
      title: t('debugLog.request'),
      key: 'request',
      render: (_, r) => (
        <span className="hg-debug-log-mono" dir="ltr">
          {r.fc === null ? '--' : hexWord(r.fc).slice(2)} @ {r.address === null ? '--' : hexWord(r.address)}
          {r.count !== null ? ` × ${r.count}` : ''}
          {r.written.length > 0 ? (
            <>
              {' ← '}
              <Registers values={r.written} />
            </>
          ) : null}
        </span>
      ),
    },
    {
      title: t('debugLog.reply'),
      key: 'reply',
      render: (_, r) => (r.registers.length > 0 ? <Registers values={r.registers} /> : <bdi>{r.error ?? '--'}</bdi>),
    },
    {
      title: t('debugLog.status'),
      key: 'status',
      render: (_, r) => <CommandStatusTag status={r.status as CommandStatus} />,
    },
    {
      title: t('debugLog.by'),
      key: 'by',
      responsive: ['lg'],
      render: (_, r) => <bdi>{r.by ?? '--'}</bdi>,
    },
  ];

  const range: [Dayjs, Dayjs] | null = f.from && f.to ? [dayjs(Number(f.from)), dayjs(Number(f.to))] : null;
  return (
    <section className="hg-page-card hg-debug-log" aria-labelledby="debug-log-title" data-testid="debug-log">
      <header className="hg-page-header">
        <div>
          <h1 id="debug-log-title" className="hg-page-title">
            {t('page.debugLog')}
          </h1>
          <p className="hg-debug-log-sub">{t('debugLog.hint')}</p>
        </div>
      </header>
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('debugLog.search')}
        searchLabel={t('debugLog.search')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <>
            <DatePicker.RangePicker
              value={range}
              showTime
              aria-label={t('debugLog.range')}
              data-testid="debug-log-range"
              onChange={(v) =>
                update({
                  filters: {
                    from: v?.[0] ? String(v[0].valueOf()) : '',
                    to: v?.[1] ? String(v[1].valueOf()) : '',
                  },
                })
              }
            />
            <FilterSelect
              label={t('debugLog.kind')}
              minWidth={140}
              value={f.kind}
              onChange={(v?: string) => update({ filters: { kind: v } })}
              options={DEBUG_LOG_KINDS.map((k) => ({ value: k, label: t(`debugLog.${k}`) }))}
              testId="debug-log-kind"
            />
          </>
        }
        actions={
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void list.refetch()}
            loading={list.isFetching}
            data-testid="debug-log-refresh"
          >
            {t('debugLog.refresh')}
          </Button>
        }
      />
      {list.isError && !list.data ? (
        <LoadFailed title={t('debugLog.loadFailed')} retry={list.refetch} retryText={t('debugLog.retry')} />
      ) : (
        <div ref={tableBox}>
          <Table<DebugLogRow>
            rowKey="id"
            columns={columns}
            dataSource={list.data?.rows ?? []}
            loading={list.isLoading}
            scroll={{ x: 'max-content' }}
            pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
            locale={listEmpty(narrowed, t('debugLog.noMatch'), t('debugLog.none'))}
            data-testid="debug-log-table"
          />
        </div>
      )}
    </section>
  );
}
