import type { DeviceStatus } from '@heliograph/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<DeviceStatus, string> = {
  normal: 'success',
  warning: 'warning',
  fault: 'error',
  offline: 'default',
  upgrading: 'processing',
  protect: 'purple',
};

/** A plant's or device's status (spec §4) as a coloured tag with its word, never colour alone. */
export function PlantStatusTag({ status }: { status: DeviceStatus | string }): React.JSX.Element {
  const { t } = useTranslation();
  const known = status in COLOR;
  return (
    <Tag color={known ? COLOR[status as DeviceStatus] : 'default'} className="hg-status-tag" data-status={status}>
      {known ? t(`plants.status.${status}`) : status}
    </Tag>
  );
}
