import { Progress, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPower } from '../../components/plant/figures';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import { DeviceListView } from '../device-common/DeviceListView';
import { deviceColumns, readingColumn } from '../device-common/deviceColumns';
import type { DeviceRow } from '../device-common/deviceApi';
import { reading } from '../device-common/figures';
import { Quantity } from '../../components/Quantity';

export const batteryPath = (sn: string) => `/device/battery/${encodeURIComponent(sn)}`;

/** /device/battery — every battery the caller may see, with its SOC, power and BMS readings. */
export default function BatteriesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const common = deviceColumns<DeviceRow>(t, batteryPath);
  const columns: TableColumnsType<DeviceRow> = [
    common.sn,
    common.plant,
    {
      key: 'role',
      title: t('batteries.role.title'),
      render: (_, d) => <Tag>{t(d.parentId ? 'batteries.role.slave' : 'batteries.role.master')}</Tag>,
    },
    common.status,
    {
      key: 'soc',
      title: t('batteries.soc'),
      render: (_, d) => {
        const soc = d.metrics.soc;
        return soc === null || soc === undefined ? (
          '--'
        ) : (
          <div className="hg-storage-soc">
            <Progress percent={soc} showInfo={false} size="small" aria-hidden="true" />
            <span className="hg-num">
              <Quantity>{reading(soc, '%', 0, locale)}</Quantity>
            </span>
          </div>
        );
      },
    },
    readingColumn('power', t('batteries.power'), (d) => formatPower(d.metrics.p_bat, locale)),
    readingColumn('voltage', t('batteries.voltage'), (d) => reading(d.metrics.v_bat, 'V', 1, locale), true),
    readingColumn('temp', t('batteries.temperature'), (d) => reading(d.metrics.temp, '°C', 1, locale), true),
    common.updated,
  ];
  return <DeviceListView kind="batteries" catalogue="batteries" route="GET /batteries" columns={columns} />;
}
