import { DEVICE_LIMITS, type SwitchInfo } from '@heliograph/shared';
import { Button, Card, InputNumber, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import { CommandOutcomeTag } from '../device-common/CommandStatusTag';
import { ConnPasswordModal } from '../device-common/ConnPasswordModal';
import { SettingRow } from '../device-common/SettingRow';
import { useCommand } from '../device-common/useCommand';
import { switchApi, switchKeys } from './acSwitchApi';
import { SWITCH_SETTING_DIALOGS } from './BatchSettingModals';

type Dialog = 'user' | 'server' | 'mesh' | 'password' | null;

/** Report frequency, associated user, server address, mesh check and the connection password. */
export function SettingsCard({ sw, canEdit }: { sw: SwitchInfo; canEdit: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const change = (d: Dialog, testId: string) =>
    canEdit ? (
      <Button size="small" onClick={() => setDialog(d)} data-testid={testId}>
        {t('acSwitches.change')}
      </Button>
    ) : null;
  const rows: { key: string; label: string; value: React.ReactNode; action: React.ReactNode }[] = [
    {
      key: 'user',
      label: t('acSwitches.user.label'),
      value: sw.associatedUser ?? t('acSwitches.user.none'),
      action: change('user', 'setting-user'),
    },
    {
      key: 'server',
      label: t('acSwitches.server.title'),
      value: <Quantity>{sw.serverAddress ? `${sw.serverAddress}:${sw.serverPort ?? ''}` : '--'}</Quantity>,
      action: change('server', 'setting-server'),
    },
    {
      key: 'mesh',
      label: t('acSwitches.mesh.title'),
      value: (
        <Tag color={sw.meshCheck ? 'success' : 'default'}>
          {t(sw.meshCheck ? 'acSwitches.mesh.on' : 'acSwitches.mesh.off')}
        </Tag>
      ),
      action: change('mesh', 'setting-mesh'),
    },
    {
      key: 'password',
      label: t('acSwitches.connPassword.label'),
      value: '••••••••',
      action: change('password', 'setting-password'),
    },
  ];
  const current = { account: sw.associatedUser, host: sw.serverAddress, port: sw.serverPort, mesh: sw.meshCheck };
  return (
    <Card size="small" title={t('acSwitches.settingsTitle')} data-testid="switch-settings">
      <div className="hg-switch-settings">
        <ReportFrequency sn={sw.sn} minutes={sw.settings.reportMinutes} canEdit={canEdit} />
        {rows.map((r) => (
          <SettingRow
            key={r.key}
            label={r.label}
            value={r.value}
            action={r.action}
            data-testid={`setting-row-${r.key}`}
          />
        ))}
      </div>
      {SWITCH_SETTING_DIALOGS.map(([key, Dialog]) => (
        <Dialog key={key} sns={[sw.sn]} open={dialog === key} onClose={() => setDialog(null)} current={current} />
      ))}
      <ConnPasswordModal
        sn={sw.sn}
        open={dialog === 'password'}
        onClose={() => setDialog(null)}
        save={switchApi.setConnPassword}
        okText={t('acSwitches.save')}
        testIdPrefix="password"
      />
    </Card>
  );
}

function ReportFrequency({ sn, minutes, canEdit }: { sn: string; minutes: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(minutes);
  const valid =
    value !== null &&
    Number.isInteger(value) &&
    value >= DEVICE_LIMITS.reportMinutesMin &&
    value <= DEVICE_LIMITS.reportMinutesMax;
  const command = useCommand<number>(sn, (m) => switchApi.setReportMinutes(sn, m), switchKeys.detail(sn));
  return (
    <SettingRow
      data-testid="setting-row-frequency"
      label={t('acSwitches.frequency.label')}
      labelFor="switch-report-minutes"
      value={
        <>
          <Space wrap>
            <InputNumber
              id="switch-report-minutes"
              min={DEVICE_LIMITS.reportMinutesMin}
              max={DEVICE_LIMITS.reportMinutesMax}
              precision={0}
              value={value}
              onChange={(v) => setValue(v)}
              disabled={!canEdit}
              status={valid ? undefined : 'error'}
              suffix={t('acSwitches.frequency.minutes')}
              style={{ width: 140 }}
              aria-describedby="switch-report-help"
              data-testid="frequency-input"
            />
            <CommandOutcomeTag pending={command.isPending} status={command.data?.status} />
          </Space>
          <div id="switch-report-help" className={valid ? 'hg-storage-sub' : 'ant-form-item-explain-error'}>
            {t(valid ? 'acSwitches.frequency.help' : 'acSwitches.frequency.range', {
              min: DEVICE_LIMITS.reportMinutesMin,
              max: DEVICE_LIMITS.reportMinutesMax,
            })}
          </div>
        </>
      }
      action={
        canEdit ? (
          <Button
            size="small"
            disabled={!valid || value === minutes}
            loading={command.isPending}
            onClick={() => value !== null && command.mutate(value)}
            data-testid="frequency-send"
          >
            {t('acSwitches.send')}
          </Button>
        ) : null
      }
    />
  );
}
