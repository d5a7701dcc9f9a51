import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connPasswordProblem, DEVICE_LIMITS } from '@heliograph/shared';
import { App, Button, Card, Form, Input, InputNumber, Modal, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { Num } from '../batteries/Num';
import { operationLogKey } from '../device-common/commandApi';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { useCommand } from '../device-common/useCommand';
import { gatewayApi, gatewayKeys, type GatewayInfo } from './gatewayApi';
import '../ac-switches/acSwitches.css';

/**
 * Communication settings of one gateway: upload interval, mesh check, server address and the connection
 * password. Shared by the gateway page and the communication-setting page so both say and do the same.
 */
export function GatewaySettingsCard({ gw, canEdit }: { gw: GatewayInfo; canEdit: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const [passwordOpen, setPasswordOpen] = useState(false);
  return (
    <Card size="small" title={t('gateways.settings.title')} data-testid="gateway-settings">
      <div className="hg-switch-settings">
        <UploadInterval sn={gw.sn} seconds={gw.uploadIntervalS} canEdit={canEdit} />
        <MeshCheck sn={gw.sn} enabled={gw.meshCheck} canEdit={canEdit} />
        <div className="hg-switch-setting">
          <div>
            <div className="hg-switch-setting-label">{t('gateways.field.server')}</div>
            <div className="hg-switch-setting-value">
              <Num>{gw.serverAddress ? `${gw.serverAddress}:${gw.serverPort ?? ''}` : '--'}</Num>
            </div>
          </div>
        </div>
        <div className="hg-switch-setting">
          <div>
            <div className="hg-switch-setting-label">{t('acSwitches.connPassword.label')}</div>
            <div className="hg-switch-setting-value">{t('gateways.settings.passwordHidden')}</div>
          </div>
          {canEdit ? (
            <Button size="small" onClick={() => setPasswordOpen(true)} data-testid="gateway-password-change">
              {t('gateways.settings.change')}
            </Button>
          ) : null}
        </div>
      </div>
      <PasswordModal sn={gw.sn} open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Card>
  );
}

function Outcome({ pending, status }: { pending: boolean; status: string | undefined }) {
  if (pending) return <CommandStatusTag status="sent" />;
  return status ? <CommandStatusTag status={status as 'sent'} /> : null;
}

function UploadInterval({ sn, seconds, canEdit }: { sn: string; seconds: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | null>(seconds);
  const { uploadIntervalMin: min, uploadIntervalMax: max } = DEVICE_LIMITS;
  // No min/max on the input: it would silently drop an out-of-range figure instead of saying why.
  const valid = value !== null && Number.isInteger(value) && value >= min && value <= max;
  const command = useCommand<number>(sn, async (s) => {
    try {
      return await gatewayApi.setUploadCycle(sn, s);
    } finally {
      void queryClient.invalidateQueries({ queryKey: gatewayKeys.all });
    }
  });
  const read = useMutation({
    mutationFn: () => gatewayApi.readUploadCycle(sn),
    onSuccess: (r) => setValue(r.seconds),
  });
  return (
    <div className="hg-switch-setting" data-testid="gateway-interval">
      <div>
        <label className="hg-switch-setting-label" htmlFor="gateway-interval-input">
          {t('gateways.field.interval')}
        </label>
        <div className="hg-switch-setting-value">
          <Space wrap>
            <InputNumber
              id="gateway-interval-input"
              precision={0}
              value={value}
              onChange={(v) => setValue(v)}
              disabled={!canEdit}
              status={valid ? undefined : 'error'}
              suffix={t('gateways.seconds')}
              style={{ width: 150 }}
              aria-describedby="gateway-interval-help"
              data-testid="gateway-interval-input"
            />
            <Outcome pending={command.isPending} status={command.data?.status} />
          </Space>
          <div id="gateway-interval-help" className={valid ? 'hg-storage-sub' : 'ant-form-item-explain-error'}>
            {t(valid ? 'gateways.settings.intervalHelp' : 'gateways.settings.intervalRange', { min, max })}
          </div>
        </div>
      </div>
      <Space wrap>
        <Button size="small" loading={read.isPending} onClick={() => read.mutate()} data-testid="gateway-interval-read">
          {t('gateways.settings.read')}
        </Button>
        {canEdit ? (
          <Button
            size="small"
            type="primary"
            disabled={!valid || value === seconds}
            loading={command.isPending}
            onClick={() => value !== null && command.mutate(value)}
            data-testid="gateway-interval-send"
          >
            {t('gateways.settings.send')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}

function MeshCheck({ sn, enabled, canEdit }: { sn: string; enabled: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(enabled);
  const command = useCommand<boolean>(sn, async (on) => {
    try {
      const outcome = await gatewayApi.setMeshCheck(sn, on);
      if (outcome.status === 'succeeded') setShown(on);
      return outcome;
    } finally {
      void queryClient.invalidateQueries({ queryKey: gatewayKeys.all });
    }
  });
  const read = useMutation({
    mutationFn: () => gatewayApi.readMeshCheck(sn),
    onSuccess: (r) => setShown(r.enabled),
  });
  return (
    <div className="hg-switch-setting" data-testid="gateway-mesh">
      <div>
        <div className="hg-switch-setting-label" id="gateway-mesh-label">
          {t('acSwitches.mesh.title')}
        </div>
        <div className="hg-switch-setting-value">
          <Space wrap>
            <Switch
              checked={shown}
              disabled={!canEdit}
              loading={command.isPending}
              onChange={(on) => command.mutate(on)}
              aria-labelledby="gateway-mesh-label"
              checkedChildren={t('acSwitches.mesh.on')}
              unCheckedChildren={t('acSwitches.mesh.off')}
              data-testid="gateway-mesh-switch"
            />
            <Outcome pending={command.isPending} status={command.data?.status} />
          </Space>
          <div className="hg-storage-sub">{t('gateways.settings.meshHelp')}</div>
        </div>
      </div>
      <Button size="small" loading={read.isPending} onClick={() => read.mutate()} data-testid="gateway-mesh-read">
        {t('gateways.settings.read')}
      </Button>
    </div>
  );
}

function PasswordModal({ sn, open, onClose }: { sn: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ password: string; again: string }>();
  const save = useMutation({
    mutationFn: (v: { password: string }) => gatewayApi.setConnPassword(sn, v.password),
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
      okText={t('gateways.save')}
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
          <Input.Password autoFocus autoComplete="new-password" maxLength={24} data-testid="gateway-password-new" />
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
          <Input.Password autoComplete="new-password" maxLength={24} data-testid="gateway-password-again" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
