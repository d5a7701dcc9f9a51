import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { inverterApi, inverterKeys } from './api';
import { SettingsForm } from './SettingsForm';
import './inverters.css';

/**
 * /device/setting?sn=… — the hidden inverter settings page of spec §2.2: the settings form on its own route
 * (linked from the inverter's page). Without a serial number it asks for one.
 */
export default function InverterSettingsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sn = (params.get('sn') ?? '').trim();
  const detail = useQuery({ queryKey: inverterKeys.detail(sn), queryFn: () => inverterApi.detail(sn), enabled: !!sn });

  return (
    <section className="hg-page-card hg-inverter" aria-labelledby="inverter-settings-title">
      <header className="hg-inv-detail-header">
        <div className="hg-inv-heading">
          {sn && (
            <Link
              to={`/device/inverter/${encodeURIComponent(sn)}`}
              className="hg-inv-back"
              aria-label={t('inverters.backToInverter')}
            >
              <ArrowLeftOutlined className="hg-flip-rtl" />
            </Link>
          )}
          <h1 id="inverter-settings-title" className="hg-inv-title">
            {t('page.inverterSetting')}
          </h1>
          {sn && <span className="hg-inv-sn-sub">{detail.data?.alias ? `${detail.data.alias} · ${sn}` : sn}</span>}
          {detail.data && <PlantStatusTag status={detail.data.status} />}
        </div>
      </header>
      {sn ? (
        <SettingsForm sn={sn} />
      ) : (
        <Empty description={t('inverters.pickInverter')}>
          <Input.Search
            className="hg-inv-pick"
            placeholder={t('inverters.sn')}
            aria-label={t('inverters.sn')}
            enterButton={t('inverters.open')}
            maxLength={64}
            onSearch={(v) => v.trim() && setParams({ sn: v.trim() })}
          />
          <div>
            <Link to="/device/inverter">
              <Button type="link">{t('inverters.backToList')}</Button>
            </Link>
          </div>
        </Empty>
      )}
    </section>
  );
}
