import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DayChartCard } from '../device-common/DayChartCard';
import type { ChartLine } from '../device-common/dayChart';
import { DetailFrame } from '../device-common/DetailFrame';
import { useDeviceDetail } from '../device-common/useDeviceDetail';
import { Figures } from '../device-common/Figures';
import { reading } from '../device-common/figures';
import { FIGURE_COLORS } from '../../components/chart/palette';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import { fetchStation, fetchStationDay, stationKey } from './weatherApi';
import { FigureLegend } from '../device-common/FigureLegend';
import { DETAIL_REFRESH_MS } from '../device-common/deviceApi';

/** /device/meteorological/:sn — what the station measures now and over a day, with the day's insolation. */
export default function WeatherStationPage(): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const { sn = '' } = useParams();
  const q = useDeviceDetail(stationKey(sn), () => fetchStation(sn), DETAIL_REFRESH_MS);
  const s = q.data;
  const lines: ChartLine[] = [
    { key: 'irradiance', label: t('weatherStations.irradiance'), unit: 'W/m²', color: FIGURE_COLORS.pv },
    { key: 't_ambient', label: t('weatherStations.ambient'), unit: '°C', color: FIGURE_COLORS.grid },
    { key: 't_module', label: t('weatherStations.module'), unit: '°C', color: FIGURE_COLORS.load },
  ];
  const m = s?.metrics ?? {};
  return (
    <DetailFrame listPath="/device/meteorological" query={q} testId="weather-detail">
      {s && (
        <>
          <Card size="small" title={t('batteries.common.realtime')} data-testid="weather-realtime">
            <Figures
              items={[
                {
                  key: 'irradiance',
                  label: t('weatherStations.irradiance'),
                  value: reading(m.irradiance, 'W/m²', 0, locale),
                },
                { key: 'ambient', label: t('weatherStations.ambient'), value: reading(m.t_ambient, '°C', 1, locale) },
                { key: 'module', label: t('weatherStations.module'), value: reading(m.t_module, '°C', 1, locale) },
                { key: 'wind', label: t('weatherStations.wind'), value: reading(m.wind_speed, 'm/s', 1, locale) },
                ...(m.humidity === undefined
                  ? []
                  : [
                      {
                        key: 'humidity',
                        label: t('weatherStations.humidity'),
                        value: reading(m.humidity, '%', 0, locale),
                      },
                    ]),
              ]}
            />
          </Card>
          <DayChartCard
            title={t('batteries.common.dayChart')}
            queryKey={stationKey(sn)}
            load={(date) => fetchStationDay(sn, date)}
            points={(d) => d.series}
            lines={lines}
            tz={s.timezone}
            testId="weather-day"
            footer={(d) => (
              <FigureLegend
                items={[
                  {
                    key: 'insolation',
                    label: t('weatherStations.insolation'),
                    value: reading(d.insolationKwhM2, 'kWh/m²', 2, locale),
                  },
                ]}
              />
            )}
          />
        </>
      )}
    </DetailFrame>
  );
}
