import { useMutation } from '@tanstack/react-query';
import { DEVICE_LIMITS, type GatewayInfo } from '@heliograph/shared';
import { Button, Card, InputNumber, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import { CommandOutcomeTag } from '../device-common/CommandStatusTag';
import { ConnPasswordModal } from '../device-common/ConnPasswordModal';
import { SettingRow } from '../device-common/SettingRow';
import { useCommand } from '../device-common/useCommand';
import { gatewayApi, gatewayKeys } from './gatewayApi';

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
        <SettingRow
          label={t('gateways.field.server')}
          value={<Quantity>{gw.serverAddress ? `${gw.serverAddress}:${gw.serverPort ?? ''}` : '--'}</Quantity>}
        />
        <SettingRow
          label={t('acSwitches.connPassword.label')}
          value={t('gateways.settings.passwordHidden')}
          action={
            canEdit ? (
              <Button size="small" onClick={() => setPasswordOpen(true)} data-testid="gateway-password-change">
                {t('gateways.settings.change')}
              </Button>
            ) : null
          }
        />
      </div>
      <ConnPasswordModal
        sn={gw.sn}
        open={passwordOpen}
        onClose={() => setPasswordOpen(false)}
        save={gatewayApi.setConnPassword}
        okText={t('gateways.save')}
        testIdPrefix="gateway-password"
      />
    </Card>
  );
}

function UploadInterval({ sn, seconds, canEdit }: { sn: string; seconds: number; canEdit: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | null>(seconds);
  const { uploadIntervalMin: min, uploadIntervalMax: max } = DEVICE_LIMITS;
  // No min/max on the input: it would silently drop an out-of-range figure instead of saying why.
  const valid = value !== null && Number.isInteger(value) && value >= min && value <= max;
  const command = useCommand<number>(sn, (s) => gatewayApi.setUploadCycle(sn, s), gatewayKeys.all);
  const read = useMutation({
    mutationFn: () => gatewayApi.readUploadCycle(sn),
    onSuccess: (r) => setValue(r.seconds),
  });
  return (
    <SettingRow
      data-testid="gateway-interval"
      label={t('gateways.field.interval')}
      labelFor="gateway-interval-input"
      value={
        <>
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
            <CommandOutcomeTag pending={command.isPending} status={command.data?.status} />
          </Space>
          <div id="gateway-interval-help" className={valid ? 'hg-storage-sub' : 'ant-form-item-explain-error'}>
            {t(valid ? 'gateways.settings.intervalHelp' : 'gateways.settings.intervalRange', { min, max })}
          </div>
        </>
      }
      action={
        <Space wrap>
          <Button
            size="small"
            loading={read.isPending}
            onClick={() => read.mutate()}
            data-testid="gateway-interval-read"
          >
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
      }
    />
  );
}

function MeshCheck({ sn, enabled, canEdit }: { sn: string; enabled: boolean; canEdit: boolean }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(enabled);
  const command = useCommand<boolean>(
    sn,
    async (on) => {
      const outcome = await gatewayApi.setMeshCheck(sn, on);
      if (outcome.status === 'succeeded') setShown(on);
      return outcome;
    },
    gatewayKeys.all,
  );
  const read = useMutation({
    mutationFn: () => gatewayApi.readMeshCheck(sn),
    onSuccess: (r) => setShown(r.enabled),
  });
  return (
    <SettingRow
      data-testid="gateway-mesh"
      label={t('acSwitches.mesh.title')}
      labelId="gateway-mesh-label"
      value={
        <>
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
            <CommandOutcomeTag pending={command.isPending} status={command.data?.status} />
          </Space>
          <div className="hg-storage-sub">{t('gateways.settings.meshHelp')}</div>
        </>
      }
      action={
        <Button size="small" loading={read.isPending} onClick={() => read.mutate()} data-testid="gateway-mesh-read">
          {t('gateways.settings.read')}
        </Button>
      }
    />
  );
}
