import { ApiOutlined, DeleteOutlined, EditOutlined, PoweroffOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { LIMITS, utf8Length } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import type { CommandOutcome } from '@heliograph/shared';
import { operationLogKey } from '../device-common/commandApi';
import { useCommand } from '../device-common/useCommand';
import { useFollowUp } from '../device-common/useFollowUp';
import type { DeviceDetail as InverterDetail } from '@heliograph/shared';
import { inverterApi, inverterKeys } from './api';
import { controlKey, useInverterControl } from './useInverterControl';

/** A button that says why it is disabled (a tooltip on a wrapper, since a disabled button gets no events). */
function Guarded({ why, children }: { why: string | null; children: React.ReactElement }) {
  const { t } = useTranslation();
  if (!why) return children;
  return (
    <Tooltip title={t(why)}>
      <span className="hg-inv-guard" tabIndex={0} aria-label={t(why)}>
        {children}
      </span>
    </Tooltip>
  );
}

/**
 * The protocol an inverter is bound to (GET dict/protocols: the built-in ones and every protocol code): a
 * register map's `settings` config then makes its settings form (docs/protocols.md).
 */
function ProtocolDialog({ inverter, onClose }: { inverter: InverterDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { sn } = inverter;
  const [value, setValue] = useState(inverter.protocol);
  const protocols = useQuery({ queryKey: inverterKeys.protocols, queryFn: inverterApi.protocols });
  const save = useMutation({
    mutationFn: () => inverterApi.protocol(sn, value),
    onSuccess: () => {
      void message.success(t('inverters.protocolSaved'));
      void queryClient.invalidateQueries({ queryKey: inverterKeys.detail(sn) });
      void queryClient.invalidateQueries({ queryKey: inverterKeys.settings(sn) });
      void queryClient.invalidateQueries({ queryKey: controlKey(sn) });
      void queryClient.invalidateQueries({ queryKey: operationLogKey(sn) });
      onClose();
    },
  });
  return (
    <Modal
      open
      title={t('inverters.editProtocol')}
      okText={t('inverters.save')}
      cancelText={t('inverters.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !value || value === inverter.protocol, id: 'inverter-protocol-save' }}
      onCancel={onClose}
      onOk={() => save.mutate()}
    >
      <p className="hg-muted">{t('inverters.protocolHint')}</p>
      <Select
        showSearch
        style={{ width: '100%' }}
        value={value}
        onChange={setValue}
        loading={protocols.isLoading}
        aria-label={t('inverters.editProtocol')}
        data-testid="inverter-protocol-select"
        options={(protocols.data ?? []).map((p) => {
          // The built-in ones by the dictionaries' names; a protocol of the table by its code.
          const name = t(`dictionaries.protocol.${p.value}`, { defaultValue: p.value });
          return { value: p.value, label: p.settings ? name : `${name} (${t('inverters.protocolNoSettings')})` };
        })}
      />
    </Modal>
  );
}

/** Alias, protocol, boot, shutdown and delete of one inverter, each behind the permission and state rules. */
export function ControlBar({ inverter }: { inverter: InverterDetail }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { sn } = inverter;
  const { why } = useInverterControl(sn);
  const [aliasOpen, setAliasOpen] = useState(false);
  const [protocolOpen, setProtocolOpen] = useState(false);
  const [last, setLast] = useState<CommandOutcome | null>(null);
  const [form] = Form.useForm<{ alias: string }>();

  const followUp = useFollowUp();
  const refresh = () =>
    followUp(() => {
      void queryClient.invalidateQueries({ queryKey: controlKey(sn) });
      void queryClient.invalidateQueries({ queryKey: inverterKeys.detail(sn) });
    });
  const power = useCommand<'boot' | 'shutdown'>(sn, (action) =>
    action === 'boot' ? inverterApi.boot(sn) : inverterApi.shutdown(sn),
  );
  const run = (action: 'boot' | 'shutdown') =>
    power.mutate(action, {
      onSuccess: (outcome) => setLast(outcome),
      onSettled: refresh,
    });
  // Shutting down is the dangerous one: red, and its confirmation says so.
  const powerButton = (action: 'boot' | 'shutdown', icon: React.ReactNode) => (
    <Guarded why={why(action)}>
      <Popconfirm
        title={t(`inverters.${action}Title`)}
        description={t(`inverters.${action}Body`)}
        okText={t(`inverters.${action}`)}
        okButtonProps={action === 'shutdown' ? { danger: true } : undefined}
        cancelText={t('inverters.cancel')}
        onConfirm={() => run(action)}
        disabled={!!why(action)}
      >
        <Button
          danger={action === 'shutdown'}
          icon={icon}
          disabled={!!why(action)}
          loading={power.isPending && power.variables === action}
          data-testid={`inverter-${action}`}
        >
          {t(`inverters.${action}`)}
        </Button>
      </Popconfirm>
    </Guarded>
  );

  const alias = useMutation({
    mutationFn: (value: string) => inverterApi.alias(sn, value),
    onSuccess: () => {
      void message.success(t('inverters.aliasSaved'));
      setAliasOpen(false);
      void queryClient.invalidateQueries({ queryKey: inverterKeys.detail(sn) });
      void queryClient.invalidateQueries({ queryKey: operationLogKey(sn) });
    },
  });
  const remove = useMutation({
    mutationFn: () => inverterApi.remove(sn),
    onSuccess: () => {
      void message.success(t('inverters.deleted'));
      void queryClient.invalidateQueries({ queryKey: ['inverters'] });
      void navigate('/device/inverter');
    },
  });

  const confirmDelete = () =>
    modal.confirm({
      title: t('inverters.deleteTitle', { sn }),
      content: t('inverters.deleteBody'),
      okText: t('inverters.delete'),
      okButtonProps: { danger: true, id: 'inverter-delete-confirm' },
      cancelText: t('inverters.cancel'),
      onOk: () => remove.mutateAsync(),
    });

  return (
    <div className="hg-inv-actions">
      <Space wrap>
        <Guarded why={why('alias')}>
          <Button
            icon={<EditOutlined />}
            disabled={!!why('alias')}
            onClick={() => {
              form.setFieldsValue({ alias: inverter.alias ?? '' });
              setAliasOpen(true);
            }}
            data-testid="inverter-alias"
          >
            {t('inverters.editAlias')}
          </Button>
        </Guarded>
        <Guarded why={why('alias')}>
          <Button
            icon={<ApiOutlined />}
            disabled={!!why('alias')}
            onClick={() => setProtocolOpen(true)}
            data-testid="inverter-protocol"
          >
            {t('inverters.editProtocol')}
          </Button>
        </Guarded>
        {powerButton('boot', <PlayCircleOutlined />)}
        {powerButton('shutdown', <PoweroffOutlined />)}
        <Guarded why={why('delete')}>
          <Button
            danger
            type="text"
            icon={<DeleteOutlined />}
            disabled={!!why('delete')}
            onClick={confirmDelete}
            data-testid="inverter-delete"
          >
            {t('inverters.delete')}
          </Button>
        </Guarded>
        {last && (
          <span className="hg-inv-last" aria-live="polite" data-testid="inverter-last-command">
            {t('inverters.lastCommand')} <CommandStatusTag status={last.status} />
          </span>
        )}
      </Space>
      {protocolOpen && <ProtocolDialog inverter={inverter} onClose={() => setProtocolOpen(false)} />}
      <Modal
        open={aliasOpen}
        title={t('inverters.editAlias')}
        okText={t('inverters.save')}
        cancelText={t('inverters.cancel')}
        confirmLoading={alias.isPending}
        onCancel={() => setAliasOpen(false)}
        onOk={() => void form.validateFields().then((v) => alias.mutate(v.alias.trim()))}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => alias.mutate(v.alias.trim())}>
          <Form.Item
            name="alias"
            label={t('inverters.alias')}
            extra={t('inverters.aliasHint')}
            rules={[
              {
                validator: (_r, v: string | undefined) =>
                  utf8Length((v ?? '').trim()) <= LIMITS.aliasBytes
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('inverters.aliasTooLong'))),
              },
            ]}
          >
            <Input autoFocus data-testid="inverter-alias-input" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
