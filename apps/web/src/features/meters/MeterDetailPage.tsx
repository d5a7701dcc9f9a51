import { Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePermissions } from '../../kit/permissions';
import { DayChartCard } from '../device-common/DayChartCard';
import type { ChartLine } from '../device-common/dayChart';
import { DeleteDeviceButton } from '../device-common/DeleteDeviceButton';
import { DetailFrame } from '../device-common/DetailFrame';
import { useDeviceDetail } from '../device-common/useDeviceDetail';
import { Figures } from '../device-common/Figures';
import { reading } from '../device-common/figures';
import { CustomParamsCard } from '../device-common/CustomParamsCard';
import { OperationLogTable } from '../device-common/OperationLogTable';
import { FIGURE_COLORS } from '../../components/chart/palette';
import { formatEnergy, formatPower } from '../../components/plant/figures';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import { AliasButton } from './AliasButton';
import { deleteMeter, fetchMeter, fetchMeterDay, meterKey } from './meterApi';
import { MeterParamsCard } from './MeterParamsCard';
import { Quantity } from '../../components/Quantity';
import { DETAIL_REFRESH_MS } from '../device-common/deviceApi';
import { DeviceUpgradeCard } from '../device-common/upgrade/DeviceUpgradeCard';
import { UpgradeButton } from '../device-common/upgrade/UpgradeButton';

const LIST = '/device/meter';

/** /device/meter/:sn — readings now and per phase, parameters, a day chart and the operation log. */
export default function MeterDetailPage(): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const { sn = '' } = useParams();
  const { held } = usePermissions();
  const q = useDeviceDetail(meterKey(sn), () => fetchMeter(sn), DETAIL_REFRESH_MS);
  const m = q.data;
  const canEdit = held.has('meter.control');
  const grid = m?.metrics.p_grid ?? null;
  const lines: ChartLine[] = [
    { key: 'p_grid', label: t('meters.gridPower'), unit: 'W', color: FIGURE_COLORS.grid },
    { key: 'p_load', label: t('meters.loadPower'), unit: 'W', color: FIGURE_COLORS.load },
  ];
  return (
    <DetailFrame
      listPath={LIST}
      query={q}
      testId="meter-detail"
      actions={
        m ? (
          <>
            <UpgradeButton sn={m.sn} kind="meter" />
            {canEdit ? (
              <>
                <AliasButton sn={m.sn} alias={m.alias} />
                <DeleteDeviceButton
                  sn={m.sn}
                  invalidate={['meters']}
                  listPath={LIST}
                  remove={() => deleteMeter(m.sn)}
                />
              </>
            ) : null}
          </>
        ) : null
      }
    >
      {m && (
        <>
          <DeviceUpgradeCard sn={m.sn} refresh={meterKey(sn)} />
          <div className="hg-storage-grid">
            <Card
              size="small"
              title={t('batteries.common.realtime')}
              data-testid="meter-realtime"
              extra={m.master ? <Tag color="gold">{t('meters.masterTag')}</Tag> : null}
            >
              <Figures
                items={[
                  {
                    key: 'grid',
                    label: grid !== null && grid < 0 ? t('meters.selling') : t('meters.buying'),
                    value: formatPower(grid === null ? null : Math.abs(grid), locale),
                  },
                  { key: 'load', label: t('meters.loadPower'), value: formatPower(m.metrics.p_load, locale) },
                  { key: 'freq', label: t('meters.frequency'), value: reading(m.metrics.freq, 'Hz', 2, locale) },
                  { key: 'bought', label: t('meters.bought'), value: formatEnergy(m.metrics.e_import_total, locale) },
                  { key: 'sold', label: t('meters.sold'), value: formatEnergy(m.metrics.e_export_total, locale) },
                  {
                    key: 'loadTotal',
                    label: t('meters.loadTotal'),
                    value: formatEnergy(m.metrics.e_load_total, locale),
                  },
                  { key: 'ct', label: t('meters.params.ctRatio'), value: reading(m.settings.ctRatio, '', 0, locale) },
                  { key: 'pt', label: t('meters.params.ptRatio'), value: reading(m.settings.ptRatio, '', 0, locale) },
                ]}
              />
            </Card>
            <Card size="small" title={t('meters.phases')} data-testid="meter-phases">
              <Table
                size="small"
                rowKey="index"
                pagination={false}
                dataSource={m.phases}
                scroll={{ x: 'max-content' }}
                locale={{ emptyText: t('meters.noPhases') }}
                columns={[
                  { key: 'ph', title: t('meters.phase'), render: (_, p) => `L${p.index}` },
                  {
                    key: 'v',
                    title: t('batteries.voltage'),
                    align: 'end',
                    className: 'hg-num',
                    render: (_, p) => <Quantity>{reading(p.values.v, 'V', 1, locale)}</Quantity>,
                  },
                  {
                    key: 'i',
                    title: t('batteries.current'),
                    align: 'end',
                    className: 'hg-num',
                    render: (_, p) => <Quantity>{reading(p.values.i, 'A', 2, locale)}</Quantity>,
                  },
                  {
                    key: 'p',
                    title: t('batteries.power'),
                    align: 'end',
                    className: 'hg-num',
                    render: (_, p) => <Quantity>{formatPower(p.values.p, locale)}</Quantity>,
                  },
                ]}
              />
            </Card>
          </div>
          <MeterParamsCard sn={m.sn} settings={m.settings} canEdit={canEdit} />
          <DayChartCard
            title={t('batteries.common.dayChart')}
            queryKey={meterKey(sn)}
            load={(date) => fetchMeterDay(sn, date)}
            points={(p) => p}
            lines={lines}
            tz={m.timezone}
            testId="meter-day"
          />
          <CustomParamsCard kind="meter" sn={m.sn} tz={m.timezone} />
          <Card size="small" title={t('batteries.common.operationLog')}>
            <OperationLogTable target={m.sn} describe={(op) => t(`meters.ops.${op}`, { defaultValue: op })} />
          </Card>
        </>
      )}
    </DetailFrame>
  );
}
