import { HistoryOutlined, SettingOutlined } from '@ant-design/icons';
import type { GatewayDevice, GatewayInfo } from '@heliograph/shared';
import { Alert, Card, Descriptions, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePermissions } from '../../kit/permissions';
import { Quantity } from '../../components/Quantity';
import { OperationLogTable } from '../device-common/OperationLogTable';
import { BackToList, DetailGate } from '../device-common/DetailStates';
import { useDeviceDetail } from '../device-common/useDeviceDetail';
import { formatLastSeen } from '../device-common/lastSeen';
import { OnlineTag } from '../device-common/OnlineTag';
import { GatewayActions } from './GatewayActions';
import { commLogPath } from '../comm-log';
import { COMM_SETTING_PATH, gatewayApi, gatewayKeys, LIST_PATH } from './gatewayApi';
import { GatewayLogCard } from './GatewayLogCard';
import { GatewaySettingsCard } from './GatewaySettingsCard';
import { deviceLink } from './gatewaySignal';
import { GatewaySignal } from './SignalBars';
import { DeviceUpgradeCard } from '../device-common/upgrade/DeviceUpgradeCard';
import { UpgradeButton } from '../device-common/upgrade/UpgradeButton';
import '../device-common/storage.css';

const REFRESH_MS = 15_000;

/** Describes an operation key of the log ('gateway.restart') in the person's language. */
export function useDescribeOperation(): (op: string) => string {
  const { t } = useTranslation();
  return (op) => t(`gateways.op.${op.replace(/^gateway\./, '')}`, { defaultValue: op });
}

/** The registration key with all but its last four characters hidden. */
const maskKey = (key: string) =>
  key.length <= 4 ? '••••' : `${'•'.repeat(Math.min(8, key.length - 4))}${key.slice(-4)}`;

/** /device/gateway/:sn — every field of a gateway, its devices, its settings, its actions and its log. */
export default function GatewayDetailPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { sn = '' } = useParams();
  const { held } = usePermissions();
  const describe = useDescribeOperation();
  const q = useDeviceDetail(gatewayKeys.detail(sn), () => gatewayApi.info(sn), REFRESH_MS);
  const canControl = held.has('gateway.control');
  const canReadLog = held.has('logger.communcation.management');
  return (
    <DetailGate query={q} listPath={LIST_PATH} data-testid="gateway-missing">
      {(gw) => (
        <div className="hg-storage-detail" data-testid="gateway-detail">
          <section className="hg-page-card" aria-labelledby="gateway-title">
            <BackToList to={LIST_PATH} />
            <div className="hg-storage-detail-head">
              <div>
                <h1 id="gateway-title" className="hg-page-title hg-storage-title">
                  {gw.alias ? `${gw.alias} · ${gw.sn}` : gw.sn}
                </h1>
                <div>
                  <OnlineTag online={gw.online} />
                  {gw.locked ? <Tag color="error">{t('gateways.locked')}</Tag> : null}
                  {gw.plantId ? null : <Tag>{t('gateways.unbound')}</Tag>}
                </div>
              </div>
              <div className="hg-storage-actions">
                <GatewayActions gw={gw} />
                <UpgradeButton sn={gw.sn} kind="gateway" />
              </div>
            </div>
            {!gw.online ? (
              <Alert type="warning" showIcon title={t('gateways.offlineNote')} data-testid="gateway-offline" />
            ) : null}
          </section>
          <DeviceUpgradeCard sn={gw.sn} refresh={gatewayKeys.detail(sn)} />
          <Card size="small" title={t('gateways.fieldsTitle')}>
            <Fields gw={gw} />
          </Card>
          <GatewaySettingsCard gw={gw} canEdit={canControl} />
          {canControl || canReadLog ? (
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 24px' }}>
              {canControl ? (
                <Link to={`${COMM_SETTING_PATH}?sn=${encodeURIComponent(gw.sn)}`} data-testid="gateway-comm-link">
                  <SettingOutlined /> {t('gateways.commSetting.open')}
                </Link>
              ) : null}
              {canReadLog ? (
                <Link to={commLogPath(gw.sn)} data-testid="gateway-comm-log">
                  <HistoryOutlined /> {t('gateways.commLog')}
                </Link>
              ) : null}
            </div>
          ) : null}
          <Card
            size="small"
            title={t('gateways.devicesTitle', { n: gw.devices.length })}
            extra={
              gw.plantId ? (
                <Link to={`/device/event/list?plant=${encodeURIComponent(gw.plantId)}`} data-testid="gateway-events">
                  {t('gateways.events')}
                </Link>
              ) : null
            }
          >
            <DevicesTable devices={gw.devices} />
          </Card>
          {held.has('logger.management') ? <GatewayLogCard sn={gw.sn} online={gw.online} /> : null}
          <Card size="small" title={t('gateways.protocolUpdates.title')}>
            <ProtocolUpdatesTable rows={gw.protocolUpdates} />
          </Card>
          <Card size="small" title={t('deviceCommon.log.title')}>
            <OperationLogTable target={gw.sn} describe={describe} />
          </Card>
        </div>
      )}
    </DetailGate>
  );
}

function Fields({ gw }: { gw: GatewayInfo }) {
  const { t } = useTranslation();
  const dash = (v: string | number | null) => (v === null || v === '' ? '--' : v);
  const items = [
    { key: 'sn', label: t('gateways.field.sn'), children: <Typography.Text copyable>{gw.sn}</Typography.Text> },
    { key: 'id', label: t('gateways.field.id'), children: <Quantity>{gw.id}</Quantity> },
    { key: 'alias', label: t('gateways.field.alias'), children: dash(gw.alias) },
    { key: 'customer', label: t('gateways.field.customer'), children: dash(gw.customerAccount) },
    ...(gw.registrationKey === undefined
      ? []
      : [{ key: 'key', label: t('gateways.field.key'), children: <Quantity>{maskKey(gw.registrationKey)}</Quantity> }]),
    { key: 'protocol', label: t('gateways.field.protocol'), children: dash(gw.protocol) },
    { key: 'rssi', label: t('gateways.field.rssi'), children: <GatewaySignal rssi={gw.rssi} /> },
    {
      key: 'interval',
      label: t('gateways.field.interval'),
      children: <Quantity>{`${gw.uploadIntervalS} s`}</Quantity>,
    },
    { key: 'hw', label: t('gateways.field.hardware'), children: dash(gw.hardwareVersion) },
    { key: 'sw', label: t('gateways.field.software'), children: dash(gw.firmware) },
    { key: 'comm', label: t('gateways.field.commType'), children: gw.commType },
    { key: 'iccid', label: t('gateways.field.iccid'), children: <Quantity>{dash(gw.iccid)}</Quantity> },
    { key: 'seen', label: t('gateways.field.lastSeen'), children: <Quantity>{formatLastSeen(gw.lastSeen)}</Quantity> },
    {
      key: 'server',
      label: t('gateways.field.server'),
      children: <Quantity>{gw.serverAddress ? `${gw.serverAddress}:${gw.serverPort ?? ''}` : '--'}</Quantity>,
    },
    { key: 'password', label: t('acSwitches.connPassword.label'), children: t('gateways.settings.passwordHidden') },
    {
      key: 'lock',
      label: t('gateways.field.lock'),
      children: gw.locked ? <Tag color="error">{t('gateways.locked')}</Tag> : t('gateways.notLocked'),
    },
    {
      key: 'plant',
      label: t('batteries.common.plant'),
      children: gw.plantId ? (
        <Link to={`/plants/overview/${encodeURIComponent(gw.plantId)}/1`}>{gw.plantName}</Link>
      ) : (
        t('gateways.unbound')
      ),
    },
    { key: 'battery', label: t('gateways.field.batteryType'), children: dash(gw.batteryType) },
  ];
  return <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={items} data-testid="gateway-fields" />;
}

/** The protocol configs pushed to the gateway and the version it acknowledged (issue 14 item 5). */
function ProtocolUpdatesTable({ rows }: { rows: GatewayInfo['protocolUpdates'] }) {
  const { t } = useTranslation();
  return (
    <Table<GatewayInfo['protocolUpdates'][number]>
      rowKey={(r) => `${r.protocol}/${r.config}`}
      size="small"
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      data-testid="gateway-protocol-updates"
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gateways.protocolUpdates.none')} />,
      }}
      columns={[
        { key: 'protocol', title: t('gateways.protocolUpdates.protocol'), render: (_, r) => <bdi>{r.protocol}</bdi> },
        { key: 'config', title: t('gateways.protocolUpdates.config'), render: (_, r) => <bdi>{r.config}</bdi> },
        {
          key: 'version',
          title: t('gateways.protocolUpdates.version'),
          render: (_, r) => <Quantity>{r.version}</Quantity>,
        },
        {
          key: 'at',
          title: t('gateways.protocolUpdates.ackedAt'),
          render: (_, r) => <Quantity>{formatLastSeen(r.ackedAt)}</Quantity>,
        },
      ]}
    />
  );
}

function DevicesTable({ devices }: { devices: GatewayDevice[] }) {
  const { t } = useTranslation();
  return (
    <Table<GatewayDevice>
      rowKey="sn"
      size="small"
      dataSource={devices}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      data-testid="gateway-devices"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gateways.noDevices')} /> }}
      columns={[
        {
          key: 'sn',
          title: t('gateways.field.sn'),
          render: (_, d) => {
            const to = deviceLink(d.kind, d.sn);
            const name = d.alias ? `${d.alias} · ${d.sn}` : d.sn;
            return to ? <Link to={to}>{name}</Link> : name;
          },
        },
        {
          key: 'kind',
          title: t('gateways.field.kind'),
          render: (_, d) => t(`gateways.kind.${d.kind}`, { defaultValue: d.kind }),
        },
        { key: 'model', title: t('gateways.field.model'), dataIndex: 'model' },
        {
          key: 'status',
          title: t('gateways.field.status'),
          render: (_, d) => t(`listKit.status.${d.status}`, { defaultValue: d.status }),
        },
        {
          key: 'seen',
          title: t('gateways.field.lastSeen'),
          render: (_, d) => <Quantity>{formatLastSeen(d.lastSeen)}</Quantity>,
        },
      ]}
    />
  );
}
