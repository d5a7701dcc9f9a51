import { EditOutlined, LockOutlined, PoweroffOutlined, DisconnectOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { aliasProblem, type GatewayInfo } from '@heliograph/shared';
import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../kit/permissions';
import { operationLogKey } from '../device-common/commandApi';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { useCommand } from '../device-common/useCommand';
import { gatewayApi, gatewayKeys } from './gatewayApi';
import { FormModal, useFormSave } from '../device-common/FormModal';

/** Rename, restart, lock or unlock and unbind — each shown only when the person's role allows it. */
export function GatewayActions({ gw }: { gw: GatewayInfo }): React.JSX.Element | null {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: gatewayKeys.all });
    await queryClient.invalidateQueries({ queryKey: operationLogKey(gw.sn) });
  };
  const restart = useCommand<void>(gw.sn, () => gatewayApi.restart(gw.sn));
  const lock = useMutation({
    mutationFn: (locked: boolean) => gatewayApi.lock(gw.sn, locked),
    onSuccess: async (_, locked) => {
      void message.success(t(locked ? 'gateways.lock.done' : 'gateways.lock.undone'));
      await refresh();
    },
  });
  const unbind = useMutation({
    mutationFn: () => gatewayApi.unbind(gw.sn),
    onSuccess: async () => {
      void message.success(t('gateways.unbind.done'));
      await refresh();
    },
  });
  const control = held.has('gateway.control');
  const canUnbind = held.has('gateway.unbind') && gw.plantId !== null;
  if (!control && !canUnbind) return null;
  return (
    <Space wrap data-testid="gateway-actions">
      {control ? (
        <>
          <Button icon={<EditOutlined />} onClick={() => setRenaming(true)} data-testid="gateway-rename">
            {t('gateways.rename.action')}
          </Button>
          <Button
            icon={<PoweroffOutlined />}
            loading={restart.isPending}
            data-testid="gateway-restart"
            onClick={() =>
              modal.confirm({
                title: t('gateways.restart.confirm', { sn: gw.sn }),
                content: t('gateways.restart.explain'),
                okText: t('gateways.restart.action'),
                cancelText: t('batteries.common.cancel'),
                onOk: () => restart.mutate(),
              })
            }
          >
            {t('gateways.restart.action')}
          </Button>
          {restart.isPending ? (
            <CommandStatusTag status="sent" />
          ) : restart.data ? (
            <CommandStatusTag status={restart.data.status} />
          ) : null}
          <Button
            icon={gw.locked ? <UnlockOutlined /> : <LockOutlined />}
            loading={lock.isPending}
            danger={!gw.locked}
            data-testid="gateway-lock"
            onClick={() =>
              modal.confirm({
                title: t(gw.locked ? 'gateways.lock.confirmUnlock' : 'gateways.lock.confirmLock', { sn: gw.sn }),
                content: t(gw.locked ? 'gateways.lock.explainUnlock' : 'gateways.lock.explainLock'),
                okText: t(gw.locked ? 'gateways.lock.unlock' : 'gateways.lock.lock'),
                okButtonProps: { danger: !gw.locked },
                cancelText: t('batteries.common.cancel'),
                onOk: () => lock.mutateAsync(!gw.locked),
              })
            }
          >
            {t(gw.locked ? 'gateways.lock.unlock' : 'gateways.lock.lock')}
          </Button>
        </>
      ) : null}
      {canUnbind ? (
        <Button
          danger
          icon={<DisconnectOutlined />}
          loading={unbind.isPending}
          data-testid="gateway-unbind"
          onClick={() =>
            modal.confirm({
              title: t('gateways.unbind.confirm', { sn: gw.sn, plant: gw.plantName ?? '' }),
              content: t('gateways.unbind.explain'),
              okText: t('gateways.unbind.action'),
              okButtonProps: { danger: true },
              cancelText: t('batteries.common.cancel'),
              onOk: () => unbind.mutateAsync(),
            })
          }
        >
          {t('gateways.unbind.action')}
        </Button>
      ) : null}
      <RenameModal gw={gw} open={renaming} onClose={() => setRenaming(false)} onSaved={refresh} />
    </Space>
  );
}

function RenameModal({
  gw,
  open,
  onClose,
  onSaved,
}: {
  gw: GatewayInfo;
  open: boolean;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const editor = useFormSave<{ alias: string }>(
    ['alias'],
    (v) => gatewayApi.setAlias(gw.sn, v.alias.trim()),
    async () => {
      onClose();
      await onSaved();
    },
  );
  return (
    <FormModal
      open={open}
      title={t('gateways.rename.title')}
      okText={t('gateways.save')}
      editor={editor}
      onClose={onClose}
    >
      <Form
        form={editor.form}
        layout="vertical"
        initialValues={{ alias: gw.alias ?? '' }}
        onFinish={editor.save.mutate}
      >
        <Form.Item
          name="alias"
          label={t('gateways.field.alias')}
          extra={t('gateways.rename.help')}
          rules={[
            {
              validator: async (_, v: string | undefined) => {
                if (aliasProblem((v ?? '').trim())) throw new Error(t('gateways.rename.tooLong'));
              },
            },
          ]}
        >
          <Input autoFocus maxLength={64} data-testid="gateway-alias-input" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
