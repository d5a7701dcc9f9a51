import { CloudDownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GatewayLog, GatewayLogLine } from '@heliograph/shared';
import { Alert, Button, Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useScrollRegion } from '../../components/list';
import { Quantity } from '../../components/Quantity';

const LINES = 200;
const LEVEL_COLOUR: Record<GatewayLogLine['level'], string> = { info: 'default', warn: 'warning', error: 'error' };

const logKey = (sn: string) => ['gatewayLog', sn] as const;

/**
 * The gateway's own log (spec §7 "Loggers: logger/*"): the lines it answered when last asked, and a button that
 * asks it again (command logRead; an offline gateway is refused with the console's usual message).
 */
export function GatewayLogCard({ sn, online }: { sn: string; online: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const client = useQueryClient();
  const box = useScrollRegion('gateway-log-title');
  const kept = useQuery({
    queryKey: logKey(sn),
    queryFn: () => call('GET /logger/:sn/log', { params: { sn } }),
  });
  const read = useMutation({
    mutationFn: () => call('POST /logger/:sn/log/read', { params: { sn }, body: { lines: LINES } }),
    onSuccess: (answer) => {
      if (answer.status === 'succeeded')
        client.setQueryData<GatewayLog>(logKey(sn), { at: answer.at, lines: answer.lines });
    },
  });
  const columns: ColumnsType<GatewayLogLine> = [
    {
      title: t('gateways.log.time'),
      dataIndex: 'at',
      width: 110,
      // The date above the time, so the column stays narrow on a phone.
      render: (at: number) => (
        <Quantity>
          {dayjs(at).format('YYYY-MM-DD')}
          <br />
          {dayjs(at).format('HH:mm:ss')}
        </Quantity>
      ),
    },
    {
      title: t('gateways.log.level'),
      dataIndex: 'level',
      width: 100,
      responsive: ['sm'],
      render: (level: GatewayLogLine['level']) => <Tag color={LEVEL_COLOUR[level]}>{t(`gateways.log.${level}`)}</Tag>,
    },
    // What the gateway wrote, as it wrote it (its firmware's language).
    {
      title: t('gateways.log.message'),
      dataIndex: 'message',
      // On a phone the level shows as the message's colour; the message wraps rather than scrolling away.
      render: (m: string, r) => (
        <bdi dir="ltr" className={`hg-gateway-log-${r.level}`} style={{ overflowWrap: 'anywhere' }}>
          {m}
        </bdi>
      ),
    },
  ];
  const failed = read.data && read.data.status !== 'succeeded' ? (read.data.error ?? read.data.status) : null;
  // Newest first, as the other logs of the console read.
  const lines = [...(kept.data?.lines ?? [])].reverse();
  return (
    <Card
      size="small"
      title={<span id="gateway-log-title">{t('gateways.log.title')}</span>}
      data-testid="gateway-log"
      extra={
        <Button
          size="small"
          icon={<CloudDownloadOutlined aria-hidden />}
          loading={read.isPending}
          disabled={!online}
          onClick={() => read.mutate()}
          data-testid="gateway-log-read"
        >
          {t('gateways.log.read')}
        </Button>
      }
    >
      <p className="hg-muted" data-testid="gateway-log-when">
        {kept.data?.at
          ? t('gateways.log.readAt', { at: dayjs(kept.data.at).format('YYYY-MM-DD HH:mm:ss') })
          : online
            ? t('gateways.log.never')
            : t('gateways.log.offline')}
      </p>
      {failed ? <Alert type="error" showIcon title={t('gateways.log.failed', { reason: failed })} /> : null}
      {kept.isError ? <Alert type="error" showIcon title={t('gateways.log.loadFailed')} /> : null}
      <div ref={box}>
        <Table<GatewayLogLine>
          size="small"
          rowKey={(r) => `${r.at}-${r.message}`}
          columns={columns}
          dataSource={lines}
          loading={kept.isLoading}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: t('gateways.log.none') }}
          data-testid="gateway-log-lines"
        />
      </div>
    </Card>
  );
}
