import { ArrowDownOutlined, ArrowUpOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COMM_DIRECTIONS, type CommMessageRow, type CommSummary } from '@heliograph/shared';
import { Alert, Button, DatePicker, Empty, Select, Skeleton, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
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
import { LoadFailed } from '../device-common/LoadFailed';
import { commLogApi, commLogKeys, prettyPayload } from './api';
import { Recording } from './Recording';
import './commLog.css';

/** The channels a gateway and the server use (docs/gateway-protocol.md "Topics"). */
const CHANNELS = ['up/telemetry', 'up/event', 'up/ack', 'status', 'down/cmd', 'down/ack'] as const;

/** The log's address: ?sn=…&direction=down&channel=down/cmd&from=…&to=…&q=…&page=2 (sn is kept by reset). */
const SPEC: ListSpec<'direction' | 'channel' | 'from' | 'to', never> = {
  filters: { direction: COMM_DIRECTIONS, channel: CHANNELS, from: 'number', to: 'number' },
  defaultSize: 20,
};

/** A message's summary in the reader's language. */
function useSummary(): (s: CommSummary) => string {
  const { t } = useTranslation();
  // A state the console knows is worded in the reader's language; anything else a gateway said, as it said it.
  const state = (w: string | undefined) => (w ? t(`commLog.states.${w}`, { defaultValue: w }) : '--');
  return (s) =>
    t(`commLog.summary.${s.kind}`, {
      ...s,
      device: s.device ?? '--',
      ref: s.ref ?? '--',
      code: s.code ?? '--',
      type: s.type ?? '--',
      state: state(s.state),
    });
}

/**
 * /log/commu — the communication log (spec §2.2, §2.3; issue 14 item 6): pick a gateway, then its messages
 * newest first (today unless another range is picked), filtered by direction, channel and text in the payload;
 * a row opens onto its payload, fetched when opened.
 */
export default function CommLogPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sn = params.get('sn') ?? '';
  const { state, update, reset, narrowed } = useListState(SPEC);
  const tableBox = useScrollRegion('comm-log-title');
  const f = state.filters;
  // Today in the viewer's zone unless a range was picked.
  const [today] = useState(() => ({ from: dayjs().startOf('day').valueOf(), to: dayjs().endOf('day').valueOf() }));
  const from = f.from ? Number(f.from) : today.from;
  const to = f.to ? Number(f.to) : today.to;
  const query = {
    from,
    to,
    ...(f.direction ? { direction: f.direction as CommMessageRow['direction'] } : {}),
    ...(f.channel ? { channel: f.channel } : {}),
    ...(state.search ? { q: state.search } : {}),
    page: state.page,
    size: state.size,
  };
  const list = useQuery({
    queryKey: commLogKeys.messages(sn, query),
    queryFn: () => commLogApi.messages(sn, query),
    placeholderData: keepPreviousData,
    enabled: sn !== '',
  });
  const summary = useSummary();

  const pickGateway = (next: string | undefined) => {
    const p = new URLSearchParams(params);
    if (next) p.set('sn', next);
    else p.delete('sn');
    p.delete('page');
    setParams(p);
  };

  const columns: ColumnsType<CommMessageRow> = [
    {
      title: t('commLog.time'),
      key: 'at',
      render: (_, r) => <Quantity>{dayjs(r.at).format('YYYY-MM-DD HH:mm:ss')}</Quantity>,
    },
    {
      title: t('commLog.direction'),
      key: 'direction',
      render: (_, r) =>
        r.direction === 'up' ? (
          <Tag color="green" icon={<ArrowUpOutlined aria-hidden />} data-direction="up">
            {t('commLog.up')}
          </Tag>
        ) : (
          <Tag color="blue" icon={<ArrowDownOutlined aria-hidden />} data-direction="down">
            {t('commLog.down')}
          </Tag>
        ),
    },
    // On a phone the summary says what the message was; the channel shows from a tablet up.
    {
      title: t('commLog.channel'),
      dataIndex: 'channel',
      responsive: ['sm'],
      render: (v: string) => <bdi dir="ltr">{v}</bdi>,
    },
    {
      title: t('commLog.size'),
      key: 'size',
      responsive: ['sm'],
      render: (_, r) => <Quantity>{t('commLog.bytes', { n: r.size })}</Quantity>,
    },
    { title: t('commLog.summaryTitle'), key: 'summary', render: (_, r) => <bdi>{summary(r.summary)}</bdi> },
  ];

  const range: [Dayjs, Dayjs] = [dayjs(from), dayjs(to)];
  return (
    <section className="hg-page-card hg-comm-log" aria-labelledby="comm-log-title" data-testid="comm-log">
      <header className="hg-page-header">
        <div>
          <h1 id="comm-log-title" className="hg-page-title">
            {t('page.commLog')}
          </h1>
          <p className="hg-comm-log-hint">{t('commLog.hint')}</p>
        </div>
      </header>
      <GatewayPicker value={sn} onChange={pickGateway} />
      {sn === '' ? (
        <Empty description={t('commLog.pickGateway')} data-testid="comm-log-pick" />
      ) : (
        <>
          <Recording sn={sn} />
          <ListToolbar
            search={state.search}
            onSearch={(q) => update({ search: q })}
            searchPlaceholder={t('commLog.search')}
            searchLabel={t('commLog.search')}
            narrowed={narrowed}
            onReset={reset}
            filters={
              <>
                <DatePicker.RangePicker
                  value={range}
                  showTime
                  allowClear={false}
                  aria-label={t('commLog.range')}
                  data-testid="comm-log-range"
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
                  label={t('commLog.direction')}
                  minWidth={140}
                  value={f.direction}
                  onChange={(v?: string) => update({ filters: { direction: v } })}
                  options={COMM_DIRECTIONS.map((d) => ({ value: d, label: t(`commLog.${d}`) }))}
                  testId="comm-log-direction"
                />
                <FilterSelect
                  label={t('commLog.channel')}
                  minWidth={160}
                  value={f.channel}
                  onChange={(v?: string) => update({ filters: { channel: v } })}
                  options={CHANNELS.map((c) => ({ value: c, label: c }))}
                  testId="comm-log-channel"
                />
              </>
            }
            actions={
              <Button
                icon={<ReloadOutlined aria-hidden />}
                onClick={() => void list.refetch()}
                loading={list.isFetching}
                data-testid="comm-log-refresh"
              >
                {t('commLog.refresh')}
              </Button>
            }
          />
          {list.isError && !list.data ? (
            <LoadFailed title={t('commLog.loadFailed')} retry={list.refetch} retryText={t('commLog.retry')} />
          ) : (
            <div ref={tableBox}>
              <Table<CommMessageRow>
                rowKey="id"
                columns={columns}
                dataSource={list.data?.rows ?? []}
                loading={list.isLoading}
                scroll={{ x: 'max-content' }}
                expandable={{
                  expandedRowRender: (r) => <Payload sn={sn} id={r.id} />,
                  columnTitle: <span className="hg-visually-hidden">{t('commLog.payload')}</span>,
                }}
                pagination={listPagination(
                  { page: state.page, size: state.size, total: list.data?.total ?? 0, update },
                  t,
                )}
                locale={listEmpty(narrowed, t('commLog.noMatch'), t('commLog.none'))}
                data-testid="comm-log-table"
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** The caller's gateways, searched on the server as one types. */
function GatewayPicker({ value, onChange }: { value: string; onChange: (sn: string | undefined) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const gateways = useQuery({
    queryKey: commLogKeys.gateways(q),
    queryFn: () => commLogApi.gateways(q),
    placeholderData: keepPreviousData,
  });
  const options = (gateways.data?.rows ?? []).map((g) => ({
    value: g.sn,
    label: [g.sn, g.alias, g.plantName].filter(Boolean).join(' · '),
  }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: value });
  return (
    <div className="hg-comm-log-gateway">
      <label htmlFor="comm-log-gateway">{t('commLog.gateway')}</label>
      <Select
        id="comm-log-gateway"
        showSearch={{ filterOption: false, onSearch: setQ }}
        allowClear
        value={value || undefined}
        placeholder={t('commLog.gatewayPlaceholder')}
        options={options}
        loading={gateways.isFetching}
        onChange={(v?: string) => onChange(v)}
        notFoundContent={gateways.isError ? t('commLog.loadFailed') : t('commLog.noGateway')}
        data-testid="comm-log-gateway"
      />
    </div>
  );
}

/** One message's payload, fetched when its row is opened. */
function Payload({ sn, id }: { sn: string; id: string }): React.JSX.Element {
  const { t } = useTranslation();
  const one = useQuery({ queryKey: commLogKeys.message(sn, id), queryFn: () => commLogApi.message(sn, id) });
  if (one.isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!one.data) return <Alert type="warning" showIcon title={t('commLog.payloadFailed')} />;
  if (!one.data.kept)
    return (
      <p className="hg-comm-log-hint" data-testid="comm-log-not-kept">
        {t('commLog.notKept')}
      </p>
    );
  return (
    <div className="hg-comm-log-payload" data-testid="comm-log-payload">
      {one.data.truncated ? <p className="hg-comm-log-hint">{t('commLog.truncated', { n: one.data.size })}</p> : null}
      <pre dir="ltr" tabIndex={0} aria-label={t('commLog.payload')}>
        {prettyPayload(one.data.payload)}
      </pre>
    </div>
  );
}
