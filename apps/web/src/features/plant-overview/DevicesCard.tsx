import { Empty, Skeleton } from 'antd';
import { formatFigure, type PlantDevice } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { plantApi, plantKeys } from '../../api/plants';
import { formatPower, formatRatio } from '../../components/plant/figures';
import { StampedTime } from './StampedTime';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { CardError } from './CardError';
import { DeviceKindIcon } from './DeviceKindIcon';
import { keyReading, sortDevices } from './deviceReading';
import { OverviewCard } from './OverviewCard';
import { Quantity } from '../../components/Quantity';

function Reading({ device, locale }: { device: PlantDevice; locale: string }): React.JSX.Element | null {
  const { t } = useTranslation();
  const r = keyReading(device);
  if (!r) return null;
  let label: string;
  let value: string;
  switch (r.kind) {
    case 'power':
      label = t('overview.devices.reading.power');
      value = formatPower(r.watts, locale);
      break;
    case 'soc':
      label = t('overview.devices.reading.soc');
      value =
        formatRatio(r.percent / 100, locale) +
        (r.watts !== null && Math.abs(r.watts) >= 10 ? ` · ${formatPower(Math.abs(r.watts), locale)}` : '');
      break;
    case 'grid':
      label =
        r.watts < -10
          ? t('overview.devices.reading.gridSelling')
          : r.watts > 10
            ? t('overview.devices.reading.gridBuying')
            : t('overview.devices.reading.grid');
      value = formatPower(Math.abs(r.watts), locale);
      break;
    case 'irradiance':
      label = t('overview.devices.reading.irradiance');
      value = `${formatFigure(r.wm2, locale).text} W/m²`;
      break;
  }
  return (
    <div className="hg-device-reading">
      <span className="hg-device-reading-label">{label}</span>
      <Quantity className="hg-device-reading-value hg-num">{value}</Quantity>
    </div>
  );
}

/** The plant's devices: kind, serial, model, status, last seen (plant time) and one key reading each. */
export function DevicesCard({
  plantId,
  tz,
  locale,
  className,
}: {
  plantId: string;
  tz: string;
  locale: string;
  className?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: plantKeys.devices(plantId),
    queryFn: () => plantApi.devices(plantId),
    refetchInterval: 60_000,
  });
  const devices = query.data ? sortDevices(query.data) : [];

  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton active avatar title={false} paragraph={{ rows: 4 }} />;
  else if (query.isError && !query.data) body = <CardError onRetry={() => void query.refetch()} />;
  else if (devices.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('overview.devices.none')} />;
  else
    body = (
      // The list scrolls on its own: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
      <ul className="hg-device-list" data-testid="device-list" tabIndex={0} aria-labelledby="ov-devices-title">
        {devices.map((d) => {
          const kindName = t(`overview.devices.kind.${d.kind}`, { defaultValue: d.kind });
          return (
            <li key={d.id} className="hg-device" data-testid="device-row" data-kind={d.kind}>
              <DeviceKindIcon kind={d.kind} />
              <div className="hg-device-main">
                <div className="hg-device-title">
                  <span className="hg-device-name">{d.alias || kindName}</span>
                  <PlantStatusTag status={d.status} />
                </div>
                <div className="hg-device-meta">
                  <span>
                    <span className="hg-visually-hidden">{t('overview.devices.serial')} </span>
                    <bdi className="hg-device-sn">{d.sn}</bdi>
                  </span>
                  <span>{d.model}</span>
                  {d.alias ? <span>{kindName}</span> : null}
                </div>
                <div className="hg-device-seen">
                  <StampedTime label={t('overview.devices.lastSeen')} at={d.lastSeen} tz={tz} />
                </div>
              </div>
              <Reading device={d} locale={locale} />
            </li>
          );
        })}
      </ul>
    );

  return (
    <OverviewCard
      card="devices"
      className={className}
      extra={
        query.data ? <span className="hg-ov-count">{t('overview.count', { n: String(devices.length) })}</span> : null
      }
    >
      {body}
    </OverviewCard>
  );
}
