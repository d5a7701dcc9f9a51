import type { PlantSummary } from '@heliograph/shared';
import { CalendarOutlined, EnvironmentOutlined, ThunderboltOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Breadcrumb, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlantAdminActions } from '../plant-form';
import { formatCapacity } from '../../components/plant/figures';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { LiveBadge } from './LiveBadge';
import { PlantClock } from './PlantClock';
import type { LiveStatus } from './usePlantLive';
import { Quantity } from '../../components/Quantity';
import { usePermissions } from '../../kit/permissions';

/** Name, type, status, capacity, address, local time and the live indicator of the plant. */
export function OverviewHeader({
  plant,
  status,
  live,
  now,
  locale,
}: {
  plant: PlantSummary;
  status: PlantSummary['status'];
  live: LiveStatus;
  now: number;
  locale: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { held } = usePermissions();
  return (
    <header className="hg-ov-header">
      <Breadcrumb
        className="hg-ov-breadcrumb"
        items={[{ title: <Link to="/plants">{t('page.plants')}</Link> }, { title: plant.name }]}
      />
      <div className="hg-ov-title-row">
        <h1 className="hg-ov-title" data-testid="plant-name">
          {plant.name}
        </h1>
        <div className="hg-ov-tags">
          <PlantStatusTag status={status} />
          <Tag color="geekblue" className="hg-ov-type-tag">
            {t(`plants.type.${plant.type}`)}
          </Tag>
          <LiveBadge status={live} />
          <Link to={`/plants/layout/${encodeURIComponent(plant.id)}`} data-testid="open-layout">
            {t('plantLayout.open')}
          </Link>
          {held.has('camera.view') ? (
            <Link to={`/plants/cameras/${encodeURIComponent(plant.id)}`} data-testid="open-cameras">
              <VideoCameraOutlined aria-hidden="true" /> {t('cameras.open')}
            </Link>
          ) : null}
        </div>
        <PlantAdminActions plantId={plant.id} />
      </div>
      <div className="hg-ov-meta">
        <span className="hg-ov-meta-item">
          <ThunderboltOutlined aria-hidden="true" />
          <span>
            {t('plants.capacity')} <Quantity className="hg-num">{formatCapacity(plant.capacityKw, locale)}</Quantity>
          </span>
        </span>
        <span className="hg-ov-meta-item">
          <EnvironmentOutlined aria-hidden="true" />
          <span>{plant.address}</span>
        </span>
        <PlantClock now={now} tz={plant.timezone} locale={locale} />
        <span className="hg-ov-meta-item">
          <CalendarOutlined aria-hidden="true" />
          <span>
            {t('overview.commissioned')} <Quantity className="hg-num">{plant.commissionedOn}</Quantity>
          </span>
        </span>
      </div>
    </header>
  );
}
