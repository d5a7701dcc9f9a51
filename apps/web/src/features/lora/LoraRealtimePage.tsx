import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import type { LoraRealtimeNode, LoraRealtimeView } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { call } from '../../api/call';
import { Quantity } from '../../components/Quantity';
import { StandalonePage } from '../../kit/StandalonePage';
import { formatLastSeen } from '../device-common/lastSeen';
import { metricColumns, REALTIME_PATHS, REALTIME_VIEWS, realtimeViewOf, unitOf } from './realtime';
import './lora.css';

/** Read again every ten seconds, as long as the page is open (the nodes report every few minutes). */
const REFRESH_MS = 10_000;

const fetchRealtime = (view: LoraRealtimeView, token: string) =>
  call('GET /lora/realtime', { query: { view } }, { silent: true, bearer: token });

/**
 * /lora-realtime, /lora-meter-realtime, /lora-switch-realtime?token=… (spec §2.1): a master node's sub-nodes,
 * its meters or its switches with their readings now, read-only, with the node's share link and no account.
 */
export default function LoraRealtimePage(): React.JSX.Element {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const view = realtimeViewOf(pathname);
  const q = useQuery({
    queryKey: ['loraRealtime', view, token],
    queryFn: () => fetchRealtime(view, token),
    enabled: token !== '',
    refetchInterval: (query) => (query.state.error ? false : REFRESH_MS),
    retry: (count, err) => !(err instanceof ApiError && err.status === 401) && count < 3,
  });

  let body: React.ReactNode;
  if (!token || (q.error instanceof ApiError && q.error.status === 401))
    body = (
      <div className="hg-embed-notice hg-lora-rt-notice" data-testid="lora-realtime-revoked">
        <h1>{t('lora.realtime.revoked')}</h1>
        <p>{t('lora.realtime.revokedHint')}</p>
      </div>
    );
  else if (q.error)
    body = (
      <div className="hg-embed-notice hg-lora-rt-notice" role="alert">
        <h1>{t('lora.realtime.failed')}</h1>
      </div>
    );
  else if (!q.data)
    body = (
      <div className="hg-embed-notice hg-lora-rt-notice" aria-busy="true">
        <h1>{t('lora.realtime.loading')}</h1>
      </div>
    );
  else {
    const { master, nodes } = q.data;
    const cols = metricColumns(nodes);
    body = (
      <section aria-labelledby="lora-rt-title" data-testid="lora-realtime">
        <h1 id="lora-rt-title" className="hg-page-title">
          {t(`lora.realtime.title.${view}`, { name: master.alias ?? master.sn })}
        </h1>
        <p className="hg-page-hint">
          {master.plantName ? `${master.plantName} · ` : ''}
          <Tag color={master.online ? 'green' : 'default'}>
            {t(master.online ? 'lora.realtime.online' : 'lora.realtime.offline')}
          </Tag>
          <span data-testid="lora-realtime-updated">
            {t('lora.realtime.updated')} <Quantity>{formatLastSeen(q.data.at)}</Quantity>
          </span>
        </p>
        <nav aria-label={t('lora.realtime.views')} className="hg-lora-rt-views">
          {REALTIME_VIEWS.map((v) => (
            <Link
              key={v}
              to={`${REALTIME_PATHS[v]}?${new URLSearchParams({ token }).toString()}`}
              aria-current={v === view ? 'page' : undefined}
              className={v === view ? 'hg-lora-rt-view hg-lora-rt-view-current' : 'hg-lora-rt-view'}
            >
              {t(`lora.realtime.view.${v}`)}
            </Link>
          ))}
        </nav>
        <Table<LoraRealtimeNode>
          rowKey="sn"
          size="small"
          data-testid="lora-realtime-nodes"
          dataSource={nodes}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t(`lora.realtime.empty.${view}`) }}
          columns={[
            { key: 'sn', title: t('lora.sn'), render: (_, n) => <span data-testid="lora-realtime-sn">{n.sn}</span> },
            { key: 'alias', title: t('lora.alias'), render: (_, n) => n.alias ?? '--' },
            {
              key: 'kind',
              title: t('lora.kind'),
              render: (_, n) => t(`lora.kinds.${n.kind}`, { defaultValue: n.kind }),
            },
            {
              key: 'status',
              title: t('lora.realtime.status'),
              render: (_, n) => t(`lora.realtime.statuses.${n.status}`, { defaultValue: n.status }),
            },
            ...cols.map((key) => ({
              key,
              title: t(`lora.realtime.metric.${key}`, { defaultValue: key }),
              render: (_: unknown, n: LoraRealtimeNode) => {
                const v = n.metrics[key];
                if (v === undefined || v === null) return '--';
                if (key === 'on') return t(v > 0 ? 'lora.realtime.on' : 'lora.realtime.off');
                return <Quantity value={v} unit={unitOf(n.kind, key)} testId={`lora-realtime-${key}`} />;
              },
            })),
            {
              key: 'lastSeen',
              title: t('lora.lastSeen'),
              render: (_, n) => <Quantity>{formatLastSeen(n.lastSeen)}</Quantity>,
            },
          ]}
        />
      </section>
    );
  }
  return <StandalonePage wide>{body}</StandalonePage>;
}
