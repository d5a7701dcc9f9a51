import { CrownOutlined } from '@ant-design/icons';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceListView } from '../device-common/DeviceListView';
import { deviceColumns, readingColumn } from '../device-common/deviceColumns';
import { formatEnergy, formatPower } from '../../components/plant/figures';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import type { MeterRow } from './meterApi';

export const meterPath = (sn: string) => `/device/meter/${encodeURIComponent(sn)}`;

/** /device/meter — energy meters with grid power, bought and sold totals and the master flag. */
export default function MetersPage(): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const common = deviceColumns<MeterRow>(t, meterPath);
  const columns: TableColumnsType<MeterRow> = [
    common.sn,
    common.plant,
    {
      key: 'master',
      title: t('meters.master'),
      render: (_, d) =>
        d.master ? (
          <Tag color="gold" icon={<CrownOutlined />}>
            {t('meters.masterTag')}
          </Tag>
        ) : (
          '--'
        ),
    },
    common.status,
    readingColumn('grid', t('meters.gridPower'), (d) => formatPower(d.metrics.p_grid, locale)),
    readingColumn('import', t('meters.bought'), (d) => formatEnergy(d.metrics.e_import_total, locale), true),
    readingColumn('export', t('meters.sold'), (d) => formatEnergy(d.metrics.e_export_total, locale), true),
    common.updated,
  ];
  return <DeviceListView kind="meters" catalogue="meters" route="GET /meters" columns={columns} />;
}
