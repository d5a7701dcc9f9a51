import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatClock, zoneLabel } from '../../components/plant/plantTime';

/** The plant's local time and zone offset ("11:44 GMT+8"). */
export function PlantClock({ now, tz, locale }: { now: number; tz: string; locale: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <span className="hg-ov-meta-item" title={tz}>
      <ClockCircleOutlined aria-hidden="true" />
      <span>
        {t('overview.localTime')}{' '}
        <bdi className="hg-num">
          {formatClock(now, tz)} {zoneLabel(now, tz, locale)}
        </bdi>
      </span>
    </span>
  );
}
