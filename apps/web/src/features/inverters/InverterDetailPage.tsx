import { ArrowLeftOutlined, SettingOutlined } from '@ant-design/icons';
import { ERROR_CODES } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { CustomParamsCard } from '../device-common/CustomParamsCard';
import { OperationLogTable } from '../device-common/OperationLogTable';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { inverterApi, inverterKeys } from './api';
import { ChartsPanel } from './ChartsPanel';
import { ControlBar } from './ControlBar';
import { DebugPanel } from './DebugPanel';
import { EventsPanel } from './EventsPanel';
import { IvCurveCard } from './IvCurveCard';
import { RealtimePanel } from './RealtimePanel';
import { SettingsForm } from './SettingsForm';
import { useInverterControl } from './useInverterControl';
import './inverters.css';
import { LoadFailed } from '../device-common/LoadFailed';
import { DeviceUpgradeCard } from '../device-common/upgrade/DeviceUpgradeCard';
import { UpgradeButton } from '../device-common/upgrade/UpgradeButton';

const TABS = ['realtime', 'charts', 'iv', 'settings', 'debug', 'events', 'log'] as const;
type Tab = (typeof TABS)[number];

/**
 * /device/inverter/:sn — one inverter: realtime input and output, charts, the PV I-V curve scan, settings,
 * remote debug, events and the operation log, with alias, boot, shutdown and delete where the person may use them. The tab is
 * kept in the address so a reload or a shared link opens the same view.
 */
export default function InverterDetailPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { sn = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'realtime';
  const { permitted } = useInverterControl(sn);
  const detail = useQuery({
    queryKey: inverterKeys.detail(sn),
    queryFn: () => inverterApi.detail(sn),
    refetchInterval: 60_000,
    retry: (n, e) => !(e instanceof ApiError && e.code === ERROR_CODES.inverterNotFound) && n < 2,
  });
  const describe = (op: string) => t(`inverters.operations.${op.replace('.', '_')}`, { defaultValue: op });

  if (detail.error instanceof ApiError && detail.error.code === ERROR_CODES.inverterNotFound)
    return (
      <section className="hg-page-card">
        <Result
          status="404"
          title={t('inverters.notFound')}
          subTitle={t('inverters.notFoundHint')}
          extra={
            <Link to="/device/inverter">
              <Button type="primary">{t('inverters.backToList')}</Button>
            </Link>
          }
        />
      </section>
    );
  if (detail.isError)
    return (
      <LoadFailed card title={t('inverters.loadFailed')} retry={detail.refetch} retryText={t('inverters.retry')} />
    );
  const inv = detail.data;
  if (!inv)
    return (
      <section className="hg-page-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </section>
    );

  const items = [
    { key: 'realtime', label: t('inverters.tabs.realtime'), children: <RealtimePanel inverter={inv} /> },
    {
      key: 'charts',
      label: t('inverters.tabs.charts'),
      children: (
        <div className="hg-inv-charts-tab">
          <ChartsPanel inverter={inv} />
          <CustomParamsCard kind="inverter" sn={sn} tz={inv.timezone} />
        </div>
      ),
    },
    ...(permitted.ivScan ? [{ key: 'iv', label: t('inverters.tabs.iv'), children: <IvCurveCard sn={sn} /> }] : []),
    ...(permitted.settings
      ? [{ key: 'settings', label: t('inverters.tabs.settings'), children: <SettingsForm sn={sn} /> }]
      : []),
    ...(permitted.debug ? [{ key: 'debug', label: t('inverters.tabs.debug'), children: <DebugPanel sn={sn} /> }] : []),
    { key: 'events', label: t('inverters.tabs.events'), children: <EventsPanel sn={sn} /> },
    { key: 'log', label: t('inverters.tabs.log'), children: <OperationLogTable target={sn} describe={describe} /> },
  ];

  return (
    <section className="hg-page-card hg-inverter" aria-labelledby="inverter-title" data-testid="inverter-detail">
      <header className="hg-inv-detail-header">
        <div className="hg-inv-heading">
          <Link to="/device/inverter" className="hg-inv-back" aria-label={t('inverters.backToList')}>
            <ArrowLeftOutlined className="hg-flip-rtl" />
          </Link>
          <h1 id="inverter-title" className="hg-inv-title">
            {inv.alias ?? inv.sn}
          </h1>
          {inv.alias && <span className="hg-inv-sn-sub">{inv.sn}</span>}
          <PlantStatusTag status={inv.status} />
        </div>
        <div className="hg-inv-header-actions">
          <ControlBar inverter={inv} />
          <UpgradeButton sn={sn} kind="inverter" />
          {permitted.settings && (
            <Link to={`/device/setting?sn=${encodeURIComponent(sn)}`} data-testid="inverter-settings-page">
              <Button type="link" icon={<SettingOutlined />} tabIndex={-1}>
                {t('inverters.settingsPage')}
              </Button>
            </Link>
          )}
        </div>
      </header>
      <DeviceUpgradeCard sn={sn} refresh={inverterKeys.detail(sn)} />
      <Tabs
        activeKey={items.some((i) => i.key === tab) ? tab : 'realtime'}
        onChange={(key) =>
          setParams(
            (p) => {
              const next = new URLSearchParams(p);
              if (key === 'realtime') next.delete('tab');
              else next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        items={items}
        destroyOnHidden
      />
    </section>
  );
}
