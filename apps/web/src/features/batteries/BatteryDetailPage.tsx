import { SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { OperationLogTable } from '../device-common/OperationLogTable';
import { FIGURE_COLORS } from '../../components/chart/palette';
import { formatEnergy, formatPower } from '../../components/plant/figures';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import { usePermissions } from '../../kit/permissions';
import { batteryPath } from './BatteriesPage';
import {
  batteryKey,
  deleteBattery,
  fetchBatteryInfo,
  fetchCells,
  fetchWorkData,
  type LinkedBattery,
} from './batteryApi';
import { CustomParamsCard } from '../device-common/CustomParamsCard';
import { CellGrid } from './CellGrid';
import { DayChartCard } from '../device-common/DayChartCard';
import type { ChartLine } from '../device-common/dayChart';
import { DeleteDeviceButton } from '../device-common/DeleteDeviceButton';
import { DetailFrame } from '../device-common/DetailFrame';
import { useDeviceDetail } from '../device-common/useDeviceDetail';
import { Figures } from '../device-common/Figures';
import { reading } from '../device-common/figures';
import { FigureLegend } from '../device-common/FigureLegend';
import { DETAIL_REFRESH_MS } from '../device-common/deviceApi';
import { DeviceUpgradeCard } from '../device-common/upgrade/DeviceUpgradeCard';
import { UpgradeButton } from '../device-common/upgrade/UpgradeButton';

const LIST = '/device/battery';

function Relay({ closed, label }: { closed: boolean | null; label: string }) {
  const { t } = useTranslation();
  const state = closed === null ? 'unknown' : closed ? 'closed' : 'open';
  return (
    <div className="hg-storage-figure" data-testid={`relay-${label}`} data-state={state}>
      <span className="hg-storage-figure-label">{t(`batteries.relays.${label}`)}</span>
      <Tag color={closed === null ? 'default' : closed ? 'success' : 'warning'}>{t(`batteries.relays.${state}`)}</Tag>
    </div>
  );
}

function LinkedRow({ b, locale }: { b: LinkedBattery; locale: string }) {
  return (
    <List.Item extra={<PlantStatusTag status={b.status} />}>
      <Link to={batteryPath(b.sn)}>{b.alias ? `${b.alias} · ${b.sn}` : b.sn}</Link>
      <span className="hg-storage-sub" style={{ marginInlineStart: 8 }}>
        SOC {reading(b.soc, '%', 0, locale)}
      </span>
    </List.Item>
  );
}

/** /device/battery/:sn — BMS values, cells, relays, master and slaves, a day of work, the operation log. */
export default function BatteryDetailPage(): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const { sn = '' } = useParams();
  const { held } = usePermissions();
  const info = useDeviceDetail(batteryKey(sn), () => fetchBatteryInfo(sn), DETAIL_REFRESH_MS);
  const cells = useQuery({
    queryKey: [...batteryKey(sn), 'cells'],
    queryFn: () => fetchCells(sn),
    enabled: !!info.data,
  });
  const b = info.data;
  const lines: ChartLine[] = [
    { key: 'p_bat', label: t('batteries.power'), unit: 'W', color: FIGURE_COLORS.battery },
    { key: 'soc', label: t('batteries.soc'), unit: '%', color: FIGURE_COLORS.soc },
  ];

  return (
    <DetailFrame
      listPath={LIST}
      query={info}
      testId="battery-detail"
      actions={
        b ? (
          <>
            <UpgradeButton sn={b.sn} kind="battery" />
            {held.has('battery.control') ? (
              <>
                <Link to={`/device/batt-setting?sn=${encodeURIComponent(b.sn)}`} data-testid="battery-settings-link">
                  <Button icon={<SettingOutlined />}>{t('batterySetting.open')}</Button>
                </Link>
                <DeleteDeviceButton
                  sn={b.sn}
                  invalidate={['batteries']}
                  listPath={LIST}
                  remove={() => deleteBattery(b.id)}
                />
              </>
            ) : null}
          </>
        ) : null
      }
    >
      {b && (
        <>
          <DeviceUpgradeCard sn={b.sn} refresh={batteryKey(sn)} />
          <div className="hg-storage-grid">
            <Card size="small" title={t('batteries.bms')} data-testid="battery-bms">
              <Figures
                items={[
                  { key: 'soc', label: t('batteries.soc'), value: reading(b.soc, '%', 1, locale) },
                  { key: 'soh', label: t('batteries.soh'), value: reading(b.soh, '%', 1, locale) },
                  { key: 'power', label: t('batteries.power'), value: formatPower(b.metrics.p_bat, locale) },
                  { key: 'voltage', label: t('batteries.voltage'), value: reading(b.metrics.v_bat, 'V', 1, locale) },
                  { key: 'current', label: t('batteries.current'), value: reading(b.metrics.i_bat, 'A', 2, locale) },
                  { key: 'temp', label: t('batteries.temperature'), value: reading(b.metrics.temp, '°C', 1, locale) },
                  { key: 'cycles', label: t('batteries.cycles'), value: reading(b.cycles, '', 0, locale) },
                  { key: 'fullAh', label: t('batteries.fullCapacity'), value: reading(b.fullAh, 'Ah', 1, locale) },
                  {
                    key: 'residualAh',
                    label: t('batteries.residualCapacity'),
                    value: reading(b.residualAh, 'Ah', 1, locale),
                  },
                  { key: 'rated', label: t('batteries.ratedCapacity'), value: formatEnergy(b.capacityKwh, locale) },
                  { key: 'bmsSn', label: t('batteries.bmsSn'), value: b.bmsSn ?? '--' },
                  { key: 'firmware', label: t('batteries.common.firmware'), value: b.firmware ?? '--' },
                ]}
              />
            </Card>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
              <Card size="small" title={t('batteries.relays.title')}>
                <div className="hg-storage-figures">
                  <Relay closed={b.relays.charge} label="charge" />
                  <Relay closed={b.relays.discharge} label="discharge" />
                </div>
              </Card>
              <Card
                size="small"
                title={t('batteries.role.title')}
                data-testid="battery-role"
                extra={<Tag color="blue">{t(`batteries.role.${b.role}`)}</Tag>}
              >
                {b.role === 'slave' ? (
                  b.master ? (
                    <List size="small" header={t('batteries.role.masterIs')}>
                      <LinkedRow b={b.master} locale={locale} />
                    </List>
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batteries.role.masterHidden')} />
                  )
                ) : b.slaves.length > 0 ? (
                  <List size="small" header={t('batteries.role.slaves', { n: b.slaves.length })}>
                    {b.slaves.map((s) => (
                      <LinkedRow key={s.sn} b={s} locale={locale} />
                    ))}
                  </List>
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('batteries.role.noSlaves')} />
                )}
              </Card>
            </div>
          </div>
          <CellGrid cells={cells.data} locale={locale} />
          <DayChartCard
            title={t('batteries.workData')}
            queryKey={batteryKey(sn)}
            load={(date) => fetchWorkData(sn, date)}
            points={(w) => w.series}
            lines={lines}
            tz={b.timezone}
            testId="battery-day"
            footer={(w) => (
              <FigureLegend
                items={[
                  { key: 'charged', label: t('batteries.charged'), value: formatEnergy(w.chargeKwh, locale) },
                  { key: 'discharged', label: t('batteries.discharged'), value: formatEnergy(w.dischargeKwh, locale) },
                ]}
              />
            )}
          />
          <CustomParamsCard kind="battery" sn={b.sn} tz={b.timezone} />
          <Card size="small" title={t('batteries.common.operationLog')}>
            <OperationLogTable target={b.sn} describe={(op) => t(`batteries.ops.${op}`, { defaultValue: op })} />
          </Card>
        </>
      )}
    </DetailFrame>
  );
}
