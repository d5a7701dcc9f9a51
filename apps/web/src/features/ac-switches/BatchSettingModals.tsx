import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMMAND_STATUSES, serverAddressSchema, type CommandStatus, type SwitchBatchOutcome } from '@heliograph/shared';
import { App, Form, type FormInstance, Input, InputNumber, Modal, Radio, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operationLogKey } from '../device-common/commandApi';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { switchApi, switchKeys } from './acSwitchApi';
import { passesRule } from './ruleProblems';
import { FormModal, useFormSave } from '../device-common/FormModal';

/**
 * The settings the API can change on one switch or on several at once (associated user, server address,
 * mesh check). The same dialog serves the detail page (one serial) and the list's selected rows.
 */
interface Props {
  sns: string[];
  open: boolean;
  onClose: () => void;
  /** What the single switch has now (detail page). */
  current?: { account?: string | null; host?: string | null; port?: number | null; mesh?: boolean };
}

function useRefresh(sns: string[]) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: switchKeys.all }),
      ...sns.map((sn) => queryClient.invalidateQueries({ queryKey: operationLogKey(sn) })),
    ]);
  };
}

/** After a setting is saved: say so, close, and refresh the switches and their logs. */
function useSaved(sns: string[], onClose: () => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const refresh = useRefresh(sns);
  return async () => {
    void message.success(t('acSwitches.saved'));
    onClose();
    await refresh();
  };
}

function Targets({ sns }: { sns: string[] }) {
  const { t } = useTranslation();
  if (sns.length < 2) return null;
  return (
    <p className="hg-page-hint" data-testid="batch-targets">
      {t('acSwitches.batch.targets', { n: sns.length, list: sns.slice(0, 6).join(', ') + (sns.length > 6 ? '…' : '') })}
    </p>
  );
}

export function AssociateUserModal({ sns, open, onClose, current }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const saved = useSaved(sns, onClose);
  const editor = useFormSave<{ account: string }>(
    ['account'],
    ({ account }) =>
      sns.length === 1 && sns[0]
        ? switchApi.setAssociatedUser(sns[0], account.trim())
        : switchApi.setAssociatedUserBatch(sns, account.trim()),
    saved,
  );
  return (
    <FormModal
      open={open}
      title={t('acSwitches.user.title')}
      okText={t('acSwitches.save')}
      editor={editor}
      onClose={onClose}
    >
      <Targets sns={sns} />
      <Form
        form={editor.form}
        layout="vertical"
        initialValues={{ account: current?.account ?? '' }}
        onFinish={editor.save.mutate}
      >
        <Form.Item
          name="account"
          label={t('acSwitches.user.label')}
          extra={t('acSwitches.user.help')}
          rules={[{ max: 120, message: t('acSwitches.rule.tooLong') }]}
        >
          <Input autoFocus autoComplete="off" maxLength={120} data-testid="switch-user-input" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function ServerAddressModal({ sns, open, onClose, current }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const saved = useSaved(sns, onClose);
  const editor = useFormSave<{ host: string; port: number }>(
    ['host', 'port'],
    ({ host, port }) =>
      sns.length === 1 && sns[0] ? switchApi.setServer(sns[0], host, port) : switchApi.setServerBatch(sns, host, port),
    saved,
  );
  const { form, save } = editor;
  const submit = (v: { host: string; port: number | null }) => {
    const value = { host: (v.host ?? '').trim(), port: v.port ?? NaN };
    if (passesRule(form as FormInstance, serverAddressSchema, value, (p) => t(`acSwitches.rule.${p.rule}`)))
      save.mutate(value);
  };
  return (
    <FormModal
      open={open}
      title={t('acSwitches.server.title')}
      okText={t('acSwitches.save')}
      editor={editor}
      onClose={onClose}
    >
      <Targets sns={sns} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ host: current?.host ?? '', port: current?.port ?? 1883 }}
        onFinish={submit}
      >
        <Form.Item name="host" label={t('acSwitches.server.host')} extra={t('acSwitches.server.hostHelp')}>
          <Input autoFocus autoComplete="off" maxLength={253} dir="ltr" data-testid="switch-server-host" />
        </Form.Item>
        <Form.Item name="port" label={t('acSwitches.server.port')}>
          <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} data-testid="switch-server-port" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function MeshCheckModal({ sns, open, onClose, current }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState<boolean>(current?.mesh ?? true);
  const [outcomes, setOutcomes] = useState<SwitchBatchOutcome[] | null>(null);
  const refresh = useRefresh(sns);
  const save = useMutation({
    mutationFn: async (on: boolean): Promise<SwitchBatchOutcome[]> => {
      if (sns.length === 1 && sns[0]) {
        const o = await switchApi.setMeshCheck(sns[0], on);
        return [{ sn: sns[0], status: o.status, error: o.error }];
      }
      return switchApi.setMeshCheckBatch(sns, on);
    },
    onSuccess: async (out) => {
      setOutcomes(out);
      await refresh();
    },
  });
  return (
    <Modal
      open={open}
      title={t('acSwitches.mesh.title')}
      okText={outcomes ? t('acSwitches.close') : t('acSwitches.mesh.send')}
      cancelButtonProps={outcomes ? { style: { display: 'none' } } : {}}
      cancelText={t('batteries.common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => (outcomes ? onClose() : save.mutate(enabled))}
      onCancel={onClose}
      destroyOnHidden
    >
      <Targets sns={sns} />
      <p className="hg-page-hint hg-switch-help">{t('acSwitches.mesh.help')}</p>
      <Radio.Group
        value={enabled}
        onChange={(e) => setEnabled(e.target.value === true)}
        disabled={save.isPending || outcomes !== null}
        aria-label={t('acSwitches.mesh.title')}
        options={[
          { value: true, label: t('acSwitches.mesh.on') },
          { value: false, label: t('acSwitches.mesh.off') },
        ]}
      />
      {outcomes ? (
        <Table<SwitchBatchOutcome>
          size="small"
          rowKey="sn"
          style={{ marginBlockStart: 12 }}
          dataSource={outcomes}
          pagination={false}
          data-testid="mesh-outcomes"
          columns={[
            { key: 'sn', title: t('acSwitches.sn'), dataIndex: 'sn' },
            {
              key: 'status',
              title: t('deviceCommon.log.result'),
              render: (_, o) => (
                <>
                  {isStatus(o.status) ? <CommandStatusTag status={o.status} /> : <Tag>{o.status}</Tag>}
                  {o.error ? <span className="hg-storage-sub">{o.error}</span> : null}
                </>
              ),
            },
          ]}
        />
      ) : null}
    </Modal>
  );
}

const STATUSES: readonly string[] = COMMAND_STATUSES;
const isStatus = (s: string): s is CommandStatus => STATUSES.includes(s);

/** The dialogs of the settings one switch or several selected ones share, by the setting they change. */
export const SWITCH_SETTING_DIALOGS = [
  ['user', AssociateUserModal],
  ['server', ServerAddressModal],
  ['mesh', MeshCheckModal],
] as const;
