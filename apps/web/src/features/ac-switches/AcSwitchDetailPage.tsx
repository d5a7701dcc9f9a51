import { SyncOutlined } from '@ant-design/icons';
import type { SwitchInfo } from '@heliograph/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePermissions } from '../../kit/permissions';
import { Quantity } from '../../components/Quantity';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { OperationLogTable } from '../device-common/OperationLogTable';
import { useCommand } from '../device-common/useCommand';
import { DetailGate } from '../device-common/DetailStates';
import { useDeviceDetail } from '../device-common/useDeviceDetail';
import { DetailHead } from '../device-common/DetailHead';
import { formatLastSeen } from '../device-common/lastSeen';
import { OnlineTag } from '../device-common/OnlineTag';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { LIST_PATH, switchApi, switchKeys } from './acSwitchApi';
import { BindButton } from './BindButton';
import { LimitsCard } from './LimitsCard';
import { SelfCheckCard } from './SelfCheckCard';
import { SettingsCard } from './SettingsCard';
import { SocRuleCard } from './SocRuleCard';
import { DeleteSwitchButton, RenameSwitchButton } from './SwitchAdminButtons';
import { PowerButtons, PowerTag } from './SwitchPower';
import { TimingTasksCard } from './TimingTasksCard';
import { FieldList, type Field } from '../device-common/FieldList';
import { DeviceUpgradeCard } from '../device-common/upgrade/DeviceUpgradeCard';
import { UpgradeButton } from '../device-common/upgrade/UpgradeButton';
import '../device-common/storage.css';
import './acSwitches.css';

/** The simulated switch reports every few seconds; a command's effect shows within one refresh. */
const REFRESH_MS = 10_000;

/** /device/acSwitch/:sn — a switch's state and readings, its limits, timers and rules, and what was done to it. */
export default function AcSwitchDetailPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { sn = '' } = useParams();
  const { held } = usePermissions();
  const q = useDeviceDetail(switchKeys.detail(sn), () => switchApi.info(sn), REFRESH_MS);

  const canEdit = held.has('switch.control');
  return (
    <DetailGate query={q} listPath={LIST_PATH} data-testid="switch-detail-missing">
      {(sw) => (
        <div className="hg-storage-detail" data-testid="switch-detail">
          <DetailHead
            listPath={LIST_PATH}
            titleId="switch-detail-title"
            device={sw}
            tags={
              <>
                <OnlineTag online={sw.online} />
                <PowerTag on={sw.on} localOff={sw.localOff} />
                <PlantStatusTag status={sw.status} />
              </>
            }
            below={<p className="hg-page-hint">{t('acSwitches.detailHint')}</p>}
            actions={
              <>
                <UpgradeButton sn={sw.sn} kind="switch" />
                {canEdit ? (
                  <>
                    <RenameSwitchButton sn={sw.sn} alias={sw.alias} />
                    <BindButton target={sw} />
                    <DeleteSwitchButton sn={sw.sn} />
                  </>
                ) : null}
              </>
            }
          >
            {canEdit ? <PowerButtons target={sw} /> : null}
          </DetailHead>
          <DeviceUpgradeCard sn={sw.sn} refresh={switchKeys.detail(sn)} />
          <Realtime sw={sw} canAsk={canEdit} />
          <div className="hg-storage-grid">
            <LimitsCard
              key={JSON.stringify(sw.settings.limits)}
              sn={sw.sn}
              limits={sw.settings.limits}
              canEdit={canEdit}
            />
            <SelfCheckCard sn={sw.sn} canRun={canEdit} />
          </div>
          <div className="hg-storage-grid">
            <TimingTasksCard sn={sw.sn} tasks={sw.settings.timingTasks} canEdit={canEdit} />
            <SocRuleCard
              key={JSON.stringify(sw.settings.socRule) + (sw.plantId ?? '')}
              sn={sw.sn}
              plantId={sw.plantId}
              rule={sw.settings.socRule}
              canEdit={canEdit}
            />
          </div>
          <SettingsCard sw={sw} canEdit={canEdit} />
          <Card size="small" title={t('batteries.common.operationLog')}>
            <OperationLogTable target={sw.sn} describe={(op) => t(`acSwitches.ops.${op}`, { defaultValue: op })} />
          </Card>
        </div>
      )}
    </DetailGate>
  );
}

function Realtime({ sw, canAsk }: { sw: SwitchInfo; canAsk: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ask = useCommand<void>(sw.sn, async () => {
    const answer = await switchApi.readState(sw.sn);
    await queryClient.invalidateQueries({ queryKey: switchKeys.detail(sw.sn) });
    return answer.outcome;
  });
  const fields: Field[] = [
    { key: 'state', label: t('acSwitches.stateTitle'), value: <PowerTag on={sw.on} localOff={sw.localOff} /> },
    {
      key: 'power',
      label: t('acSwitches.power.title'),
      value: <Quantity>{sw.powerW === null ? '--' : `${sw.powerW.toLocaleString()} W`}</Quantity>,
    },
    {
      key: 'leakage',
      label: t('acSwitches.leakage'),
      value: <Quantity>{sw.leakageMa === null ? '--' : `${sw.leakageMa} mA`}</Quantity>,
    },
    { key: 'online', label: t('acSwitches.connection'), value: <OnlineTag online={sw.online} /> },
    { key: 'lastSeen', label: t('acSwitches.lastSeen'), value: <Quantity>{formatLastSeen(sw.lastSeen)}</Quantity> },
    { key: 'plant', label: t('batteries.common.plant'), value: sw.plantName ?? t('acSwitches.unbound') },
    { key: 'phases', label: t('acSwitches.phases'), value: <Quantity>{sw.settings.limits.phases.length}</Quantity> },
    { key: 'model', label: t('batteries.common.model'), value: sw.model || '--' },
    { key: 'firmware', label: t('batteries.common.firmware'), value: sw.firmware ?? '--' },
    { key: 'area', label: t('acSwitches.areaCode'), value: sw.localAreaCode ?? '--' },
  ];
  return (
    <Card
      size="small"
      title={t('batteries.common.realtime')}
      data-testid="switch-realtime"
      extra={
        canAsk ? (
          <span>
            {ask.data && !ask.isPending ? <CommandStatusTag status={ask.data.status} /> : null}
            <Button
              size="small"
              icon={<SyncOutlined />}
              loading={ask.isPending}
              onClick={() => ask.mutate()}
              data-testid="switch-read-state"
            >
              {t('acSwitches.readState')}
            </Button>
          </span>
        ) : null
      }
    >
      <FieldList fields={fields} className="hg-switch-fields" testIdPrefix="switch-field" />
      <p className="hg-page-hint" style={{ marginBlockEnd: 0, marginBlockStart: 12 }}>
        {t('acSwitches.readingsNote')}
      </p>
    </Card>
  );
}
