import { useTranslation } from 'react-i18next';
import { DetailGate, type DetailQuery } from './DetailStates';
import { DetailHead } from './DetailHead';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { formatDateTime } from '../../components/plant/plantTime';
import type { DeviceRow } from './deviceApi';
import { Quantity } from '../../components/Quantity';
import './storage.css';

interface Props {
  listPath: string;
  /** The device's detail query (useDeviceDetail). */
  query: DetailQuery<DeviceRow>;
  actions?: React.ReactNode;
  testId: string;
  children?: React.ReactNode;
}

/**
 * The frame of a device detail page: back to the list, the serial number with alias and status, where it
 * sits (plant, gateway) and when it last reported; a device that does not exist (or is not the caller's)
 * gets a clear page instead of an empty one.
 */
export function DetailFrame({ listPath, query, actions, testId, children }: Props) {
  const { t } = useTranslation();
  return (
    <DetailGate query={query} listPath={listPath} data-testid={`${testId}-missing`}>
      {(device) => (
        <div className="hg-storage-detail" data-testid={testId}>
          <DetailHead
            listPath={listPath}
            titleId={`${testId}-title`}
            device={device}
            tags={<PlantStatusTag status={device.status} />}
            below={
              <div className="hg-storage-detail-meta">
                <span>
                  {t('batteries.common.plant')}: {device.plantName ?? '--'}
                </span>
                <span>
                  {t('batteries.common.gateway')}: {device.gatewaySn}
                </span>
                <span>
                  {t('batteries.common.brand')}: {device.brand || '--'}
                </span>
                <span>
                  {t('batteries.common.model')}: {device.model || '--'}
                </span>
                <span>
                  {t('batteries.common.firmware')}: {device.firmware || '--'}
                </span>
                <span>
                  {t('batteries.common.updated')}:{' '}
                  <Quantity>{formatDateTime(device.lastSeen, device.timezone)}</Quantity>
                </span>
              </div>
            }
            actions={actions}
          />
          {children}
        </div>
      )}
    </DetailGate>
  );
}
