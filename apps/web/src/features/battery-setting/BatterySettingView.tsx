import { ArrowLeftOutlined } from '@ant-design/icons';
import { BATTERY_SETTINGS_GROUP, ERROR_CODES } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { batteryPath } from '../batteries';
import { batteryKey } from '../batteries';
import { Figures } from '../device-common/Figures';
import { reading } from '../device-common/figures';
import { SettingsForm } from '../inverters';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import { BatteryPicker } from './BatteryPicker';
import { batteryInverterKey, fetchBatteryForSetting, fetchBatteryInverter } from './batterySettingApi';
import '../device-common/storage.css';
import './batterySetting.css';

const BATTERY_GROUP = [BATTERY_SETTINGS_GROUP] as const;

/**
 * /device/batt-setting?sn=… — a battery's parameters, set through the hybrid inverter it sits behind: the
 * battery group of that inverter's settings form, with the outcome of each read and write. Without a serial
 * number (or with one that is not the caller's) it asks for a battery.
 */
export function BatterySettingView(): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const [params, setParams] = useSearchParams();
  const sn = (params.get('sn') ?? '').trim();
  const pick = (next: string) => setParams({ sn: next });

  const battery = useQuery({
    queryKey: batteryKey(sn),
    queryFn: () => fetchBatteryForSetting(sn),
    enabled: !!sn,
    retry: false,
  });
  const inverter = useQuery({
    queryKey: batteryInverterKey(sn),
    queryFn: () => fetchBatteryInverter(sn),
    enabled: !!battery.data,
    retry: false,
  });
  const b = battery.data;
  const missing = battery.error instanceof ApiError && battery.error.code === ERROR_CODES.batteryNotFound;

  const picker = (
    <div className="hg-bset-pick">
      <BatteryPicker value={b?.sn} onPick={pick} />
    </div>
  );

  let body: React.ReactNode;
  if (!sn) body = <Empty description={t('batterySetting.pick')}>{picker}</Empty>;
  else if (battery.isLoading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!b)
    body = (
      <Result
        status={missing ? '404' : 'warning'}
        title={missing ? t('batterySetting.notFound') : t('batterySetting.loadFailed')}
        extra={picker}
        data-testid="battery-setting-missing"
      />
    );
  else
    body = (
      <>
        <div className="hg-bset-grid">
          <Card size="small" title={t('batterySetting.battery')} data-testid="battery-setting-battery" extra={picker}>
            <div className="hg-bset-device">
              <Link to={batteryPath(b.sn)}>{b.alias ? `${b.alias} · ${b.sn}` : b.sn}</Link>
              <PlantStatusTag status={b.status} />
            </div>
            <Figures
              items={[
                { key: 'plant', label: t('batteries.common.plant'), value: <span>{b.plantName ?? '--'}</span> },
                { key: 'model', label: t('batteries.common.model'), value: b.model || '--' },
                { key: 'soc', label: t('batteries.soc'), value: reading(b.soc, '%', 0, locale) },
                { key: 'gateway', label: t('batteries.common.gateway'), value: b.gatewaySn },
              ]}
            />
          </Card>
          <Card size="small" title={t('batterySetting.inverter')} data-testid="battery-setting-inverter">
            {inverter.isLoading ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : inverter.data ? (
              <>
                <div className="hg-bset-device">
                  <Link to={`/device/inverter/${encodeURIComponent(inverter.data.sn)}`}>
                    {inverter.data.alias ? `${inverter.data.alias} · ${inverter.data.sn}` : inverter.data.sn}
                  </Link>
                  <PlantStatusTag status={inverter.data.status} />
                </div>
                <p className="hg-page-hint">
                  {t('batterySetting.viaInverter', { model: inverter.data.model || '--' })}
                </p>
              </>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={inverter.isError ? t('batterySetting.loadFailed') : t('batterySetting.noInverter')}
                data-testid="battery-setting-no-inverter"
              />
            )}
          </Card>
        </div>
        {inverter.data ? (
          <Card size="small" title={t('batterySetting.parameters')}>
            <SettingsForm sn={inverter.data.sn} groups={BATTERY_GROUP} emptyText={t('batterySetting.noBatteryGroup')} />
          </Card>
        ) : null}
      </>
    );

  return (
    <section className="hg-page-card hg-bset" aria-labelledby="battery-setting-title" data-testid="battery-setting">
      <header className="hg-page-header">
        <div>
          {b ? (
            <Link to={batteryPath(b.sn)} className="hg-storage-back" data-testid="back-to-battery">
              <ArrowLeftOutlined className="hg-flip-rtl" /> {t('batterySetting.backToBattery')}
            </Link>
          ) : null}
          <h1 id="battery-setting-title" className="hg-page-title hg-storage-title">
            {t('page.batterySetting')}
          </h1>
          <p className="hg-page-hint">{t('batterySetting.hint')}</p>
        </div>
      </header>
      {body}
    </section>
  );
}
