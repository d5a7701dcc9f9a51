import { Card } from 'antd';
import type { LoraMasterDetail } from '@heliograph/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePermissions } from '../../kit/permissions';
import { Quantity } from '../../components/Quantity';
import { OperationLogTable } from '../device-common/OperationLogTable';
import { DetailGate } from '../device-common/DetailStates';
import { useDeviceDetail } from '../device-common/useDeviceDetail';
import { DetailHead } from '../device-common/DetailHead';
import { DeviceUpgradeCard } from '../device-common/upgrade/DeviceUpgradeCard';
import { UpgradeButton } from '../device-common/upgrade/UpgradeButton';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { ChildNodesTable } from './ChildNodesTable';
import { DeleteMasterButton } from './DeleteMasterButton';
import { formatLastSeen } from '../device-common/lastSeen';
import { fetchLoraMaster, LIST_PATH, loraKeys } from './loraApi';
import { OnlineTag } from '../device-common/OnlineTag';
import { PlantLink } from './LoraNodesPage';
import { RenameButton } from './RenameButton';
import { ShareRealtimeButton } from './ShareRealtimeButton';
import { SignalBars } from './SignalBars';
import { FieldList, type Field } from '../device-common/FieldList';
import '../device-common/storage.css';
import './lora.css';

const REFRESH_MS = 60_000;

/** What a master node is and where: the facts under its name. */
function masterFields(t: TFunction, m: LoraMasterDetail): Field[] {
  return [
    { key: 'sn', label: t('lora.sn'), value: m.sn },
    { key: 'alias', label: t('lora.alias'), value: m.alias ?? '--' },
    { key: 'model', label: t('batteries.common.model'), value: m.model || '--' },
    { key: 'plant', label: t('batteries.common.plant'), value: <PlantLink m={m} /> },
    { key: 'firmware', label: t('batteries.common.firmware'), value: m.firmId ?? '--' },
    { key: 'online', label: t('lora.connection'), value: <OnlineTag online={m.online} /> },
    { key: 'rssi', label: t('lora.rssi'), value: <SignalBars rssi={m.rssi} /> },
    { key: 'lastSeen', label: t('lora.lastSeen'), value: <Quantity>{formatLastSeen(m.lastSeen)}</Quantity> },
  ];
}

/** /device/lora/:sn — a master node: where it is, its radio, its child nodes, rename, delete, the operation log. */
export default function LoraNodeDetailPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { sn = '' } = useParams();
  const { held } = usePermissions();
  const q = useDeviceDetail(loraKeys.detail(sn), () => fetchLoraMaster(sn), REFRESH_MS);

  const mayChange = (m: LoraMasterDetail) => m.writable && held.has('masterNode.view');

  return (
    <DetailGate
      query={q}
      listPath={LIST_PATH}
      data-testid="lora-detail-missing"
      notFound={t('lora.notFound')}
      loadFailed={t('lora.loadFailed')}
    >
      {(m) => (
        <div className="hg-storage-detail" data-testid="lora-detail">
          <DetailHead
            listPath={LIST_PATH}
            titleId="lora-detail-title"
            device={m}
            tags={
              <>
                <OnlineTag online={m.online} />
                <PlantStatusTag status={m.status} />
              </>
            }
            below={<p className="hg-page-hint">{t('lora.detailHint')}</p>}
            actions={
              <>
                <UpgradeButton sn={m.sn} kind="lora" />
                {mayChange(m) ? (
                  <>
                    <ShareRealtimeButton sn={m.sn} />
                    <RenameButton sn={m.sn} alias={m.alias} />
                    <DeleteMasterButton m={m} />
                  </>
                ) : null}
              </>
            }
          />
          <DeviceUpgradeCard sn={m.sn} refresh={loraKeys.detail(sn)} />
          <Card size="small" title={t('lora.master')} data-testid="lora-master">
            <FieldList fields={masterFields(t, m)} testIdPrefix="lora-field" />
          </Card>
          <Card size="small" title={t('lora.childNodes', { n: m.children.length })}>
            <ChildNodesTable nodes={m.children} testId="lora-children" />
          </Card>
          <Card size="small" title={t('batteries.common.operationLog')}>
            <OperationLogTable target={m.sn} describe={(op) => t(`lora.ops.${op}`, { defaultValue: op })} />
          </Card>
        </div>
      )}
    </DetailGate>
  );
}
