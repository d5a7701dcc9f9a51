import { CloudUploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Progress, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/fileFormat';
import { useScrollRegion } from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { protocolApi, protocolKeys, type ProtocolPushStatus, type ProtocolRow } from './api';

type Row = ProtocolPushStatus['gateways'][number];
const STATE_COLOR: Record<Row['state'], string> = {
  waiting: 'default',
  sent: 'processing',
  acknowledged: 'success',
  failed: 'error',
};

/**
 * Protocol updates (issue 14 item 5): per config, the gateways whose devices use this protocol and how many
 * acknowledged its newest version; each gateway with what it was sent and what it acknowledged; "Push now".
 */
export function PushPanel({ protocol }: { protocol: ProtocolRow }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: protocolKeys.push(protocol.id),
    queryFn: () => protocolApi.pushStatus(protocol.id),
    // While updates are on their way, look again every few seconds.
    refetchInterval: (q) =>
      q.state.data?.gateways.some((g) => g.state === 'waiting' || g.state === 'sent') ? 5000 : false,
  });
  const push = useMutation({
    mutationFn: () => protocolApi.pushNow(protocol.id),
    onSuccess: ({ queued }) => {
      void message.success(t('protocols.push.queued', { n: queued }));
      void queryClient.invalidateQueries({ queryKey: protocolKeys.push(protocol.id) });
    },
  });
  const configs = status.data?.configs ?? [];
  const box = useScrollRegion('protocol-push-title');
  return (
    <section className="hg-pc-push" aria-labelledby="protocol-push-title" data-testid="protocol-push">
      <header className="hg-pc-columns-bar">
        <h3 id="protocol-push-title" className="hg-pc-subtitle">
          {t('protocols.push.title')}
        </h3>
        <Button
          icon={<CloudUploadOutlined />}
          loading={push.isPending}
          onClick={() => push.mutate()}
          data-testid="protocol-push-now"
        >
          {t('protocols.push.now')}
        </Button>
      </header>
      <p className="hg-page-hint">{t('protocols.push.hint', { code: protocol.code })}</p>
      <Space wrap size="large" style={{ marginBlockEnd: 12 }}>
        {configs.map((c) => (
          <div key={c.name} className="hg-pc-push-config" data-testid="protocol-push-config">
            <div>
              <strong>
                <bdi>{c.name}</bdi>
              </strong>{' '}
              {t('protocols.versionN', { version: c.version })}
            </div>
            <Progress
              size="small"
              percent={c.gateways === 0 ? 0 : Math.round((100 * c.current) / c.gateways)}
              format={() => t('protocols.push.current', { current: c.current, total: c.gateways })}
              aria-label={`${c.name}: ${t('protocols.push.current', { current: c.current, total: c.gateways })}`}
              style={{ minWidth: 220 }}
            />
          </div>
        ))}
      </Space>
      <div ref={box}>
        <Table<Row>
          rowKey={(r) => `${r.gatewaySn}/${r.config}`}
          size="small"
          loading={status.isLoading}
          dataSource={status.data?.gateways ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          data-testid="protocol-push-gateways"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('protocols.push.none')} /> }}
          columns={[
            {
              key: 'sn',
              title: t('protocols.push.gateway'),
              render: (_, r) => (
                <span>
                  <bdi>{r.gatewaySn}</bdi>
                  {r.gatewayAlias ? <> · {r.gatewayAlias}</> : null}{' '}
                  <Tag color={r.online ? 'green' : 'default'}>
                    {t(r.online ? 'protocols.discover.online' : 'protocols.discover.offlineTag')}
                  </Tag>
                </span>
              ),
            },
            { key: 'config', title: t('protocols.config'), render: (_, r) => <bdi>{r.config}</bdi> },
            { key: 'version', title: t('protocols.push.sent'), render: (_, r) => <Quantity>{r.version}</Quantity> },
            {
              key: 'state',
              title: t('protocols.push.state'),
              render: (_, r) => (
                <Tag color={STATE_COLOR[r.state]} title={r.error ?? undefined}>
                  {t(`protocols.push.states.${r.state}`)}
                </Tag>
              ),
            },
            {
              key: 'acked',
              title: t('protocols.push.acked'),
              render: (_, r) => <Quantity>{r.ackedVersion ?? '--'}</Quantity>,
            },
            {
              key: 'at',
              title: t('protocols.push.ackedAt'),
              render: (_, r) => <Quantity>{r.ackedAt === null ? '--' : formatTime(r.ackedAt)}</Quantity>,
            },
          ]}
        />
      </div>
    </section>
  );
}
