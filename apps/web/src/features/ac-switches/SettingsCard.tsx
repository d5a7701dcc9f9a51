import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connPasswordProblem, DEVICE_LIMITS } from '@heliograph/shared';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { Num } from '../batteries/Num';
import { operationLogKey } from '../device-common/commandApi';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { useCommand } from '../device-common/useCommand';
import { switchApi, switchKeys, type SwitchInfo } from './acSwitchApi';
import { AssociateUserModal, MeshCheckModal, ServerAddressModal } from './BatchSettingModals';

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
      value: <Num>{sw.serverAddress ? `${sw.serverAddress}:${sw.serverPort ?? ''}` : '--'}</Num>,
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
  return (
    <Card size="small" title={t('acSwitches.settingsTitle')} data-testid="switch-settings">
      <div className="hg-switch-settings">
        <ReportFrequency sn={sw.sn} minutes={sw.settings.reportMinutes} canEdit={canEdit} />
        {rows.map((r) => (
          <div className="hg-switch-setting" key={r.key} data-testid={`setting-row-${r.key}`}>
            <div>
              <div className="hg-switch-setting-label">{r.label}</div>
              <div className="hg-switch-setting-value">{r.value}</div>
            </div>
            {r.action}
          </div>
        ))}
      </div>
      <AssociateUserModal
        sns={[sw.sn]}
        open={dialog === 'user'}
        onClose={() => setDialog(null)}
        current={{ account: sw.associatedUser }}
      />
      <ServerAddressModal
        sns={[sw.sn]}
        open={dialog === 'server'}
        onClose={() => setDialog(null)}
        current={{ host: sw.serverAddress, port: sw.serverPort }}
      />
      <MeshCheckModal
        sns={[sw.sn]}
        open={dialog === 'mesh'}
        onClose={() => setDialog(null)}
        current={{ mesh: sw.meshCheck }}
      />
      <PasswordModal sn={sw.sn} open={dialog === 'password'} onClose={() => setDialog(null)} />
    </Card>
  );
}

function ReportFrequency({ sn, minutes, canEdit }: { sn: string; minutes: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | null>(minutes);
  const valid =
    value !== null &&
    Number.isInteger(value) &&
    value >= DEVICE_LIMITS.reportMinutesMin &&
    value <= DEVICE_LIMITS.reportMinutesMax;
  const command = useCommand<number>(sn, async (m) => {
    try {
      return await switchApi.setReportMinutes(sn, m);
    } finally {
      void queryClient.invalidateQueries({ queryKey: switchKeys.detail(sn) });
    }
  });
  return (
    <div className="hg-switch-setting" data-testid="setting-row-frequency">
      <div>
        <label className="hg-switch-setting-label" htmlFor="switch-report-minutes">
          {t('acSwitches.frequency.label')}
        </label>
        <div className="hg-switch-setting-value">
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
            {command.isPending ? (
              <CommandStatusTag status="sent" />
            ) : command.data ? (
              <CommandStatusTag status={command.data.status} />
            ) : null}
          </Space>
          <div id="switch-report-help" className={valid ? 'hg-storage-sub' : 'ant-form-item-explain-error'}>
            {t(valid ? 'acSwitches.frequency.help' : 'acSwitches.frequency.range', {
              min: DEVICE_LIMITS.reportMinutesMin,
              max: DEVICE_LIMITS.reportMinutesMax,
            })}
          </div>
        </div>
      </div>
      {canEdit ? (
        <Button
          size="small"
          disabled={!valid || value === minutes}
          loading={command.isPending}
          onClick={() => value !== null && command.mutate(value)}
          data-testid="frequency-send"
        >
          {t('acSwitches.send')}
        </Button>
      ) : null}
    </div>
  );
}

function PasswordModal({ sn, open, onClose }: { sn: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ password: string; again: string }>();
  const save = useMutation({
    mutationFn: (v: { password: string }) => switchApi.setConnPassword(sn, v.password),
    onSuccess: async () => {
      void message.success(t('acSwitches.connPassword.saved'));
      onClose();
      await queryClient.invalidateQueries({ queryKey: operationLogKey(sn) });
    },
    onError: (err) => applyServerErrors(form, err, ['password']),
  });
  return (
    <Modal
      open={open}
      title={t('acSwitches.connPassword.title')}
      okText={t('acSwitches.save')}
      cancelText={t('batteries.common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={save.mutate}>
        <Form.Item
          name="password"
          label={t('acSwitches.connPassword.new')}
          extra={t('acSwitches.connPassword.help')}
          rules={[
            {
              validator: async (_, v: string | undefined) => {
                const p = connPasswordProblem(v ?? '');
                if (p)
                  throw new Error(t(p === 'required' ? 'acSwitches.rule.required' : 'acSwitches.connPassword.weak'));
              },
            },
          ]}
        >
          <Input.Password autoFocus autoComplete="new-password" maxLength={24} data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="again"
          label={t('acSwitches.connPassword.again')}
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, v: string | undefined) => {
                if (v !== getFieldValue('password')) throw new Error(t('acSwitches.connPassword.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={24} data-testid="password-again" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
