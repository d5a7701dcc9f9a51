import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceListView } from '../device-common/DeviceListView';
import { deviceColumns, readingColumn } from '../device-common/deviceColumns';
import type { DeviceRow } from '../device-common/deviceApi';
import { reading } from '../device-common/figures';
import { useFigureLocale } from '../../components/plant/useFigureLocale';

export const stationPath = (sn: string) => `/device/meteorological/${encodeURIComponent(sn)}`;

/** /device/meteorological — weather stations with irradiance, temperatures and wind now. */
export default function WeatherStationsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const common = deviceColumns<DeviceRow>(t, stationPath);
  const num = (key: string, title: string, unit: string, digits: number, md = false) =>
    readingColumn<DeviceRow>(key, title, (d) => reading(d.metrics[key], unit, digits, locale), md);
  const columns: TableColumnsType<DeviceRow> = [
    common.sn,
    common.plant,
    common.status,
    num('irradiance', t('weatherStations.irradiance'), 'W/m²', 0),
    num('t_ambient', t('weatherStations.ambient'), '°C', 1),
    num('t_module', t('weatherStations.module'), '°C', 1, true),
    num('wind_speed', t('weatherStations.wind'), 'm/s', 1, true),
    common.updated,
  ];
  return (
    <DeviceListView
      kind="weather-stations"
      catalogue="weatherStations"
      route="GET /weather-stations"
      columns={columns}
    />
  );
}
