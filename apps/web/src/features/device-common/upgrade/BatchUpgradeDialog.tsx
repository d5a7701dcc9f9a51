import { CloudUploadOutlined } from '@ant-design/icons';
import { UPGRADE_LIMITS, UPGRADE_PERMISSION, type FirmwareKind } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Modal, Result, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../../components/Quantity';
import { usePermissions } from '../../../kit/permissions';
import { upgradeApi, upgradeKeys } from './api';
import { UpgradeStateTag } from './UpgradeStateTag';
import './upgrade.css';

type Answer = Awaited<ReturnType<typeof upgradeApi.batchUpgrade>>;

interface Plan {
  firmwareId?: string;
  staged: boolean;
  wavePercent: number;
  haltPercent: number;
}

interface Props {
  kind: FirmwareKind;
  /** The selected devices' serial numbers (at most UPGRADE_LIMITS.batchMax, the selection sees to it). */
  sns: readonly string[];
  /** After a batch went out: the list clears its selection and reloads (statuses turn "upgrading"). */
  onDone: () => void;
}

/**
 * "Batch upgrade (n)" above a device list, for whoever may upgrade the kind: pick a released, enabled firmware
 * of the kind, optionally a staged rollout (first wave %, halt when failures pass %), confirm, then read which
 * devices started and which were refused and why (each device's own spec code and message).
 */
export function BatchUpgradeButton({ kind, sns, onDone }: Props): React.JSX.Element | null {
  const { t } = useTranslation();
  const { held } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!held.has(UPGRADE_PERMISSION[kind])) return null;
  return (
    <>
      <Button
        icon={<CloudUploadOutlined />}
        disabled={sns.length === 0}
        onClick={() => setOpen(true)}
        data-testid="batch-upgrade"
      >
        {t('deviceCommon.upgrade.batch.action', { n: sns.length })}
      </Button>
      <Modal
        open={open}
        title={t('deviceCommon.upgrade.batch.title', { n: sns.length })}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
        width={640}
        data-testid="batch-upgrade-dialog"
      >
        {open ? <BatchForm kind={kind} sns={sns} onDone={onDone} onClose={() => setOpen(false)} /> : null}
      </Modal>
    </>
  );
}

function BatchForm({ kind, sns, onDone, onClose }: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Plan>();
  const staged = Form.useWatch('staged', form) ?? false;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const firmware = useQuery({ queryKey: upgradeKeys.firmware(kind), queryFn: () => upgradeApi.firmware(kind) });
  const rows = firmware.data?.rows ?? [];

  const send = useMutation({
    mutationFn: (plan: Plan) =>
      upgradeApi.batchUpgrade({
        firmwareId: plan.firmwareId ?? '',
        sns: [...sns],
        // The confirmation has warned that offline devices may fail (spec §4).
        confirmOffline: true,
        ...(plan.staged ? { rollout: { wavePercent: plan.wavePercent, haltPercent: plan.haltPercent } } : {}),
      }),
    onSuccess: (a) => {
      setAnswer(a);
      void queryClient.invalidateQueries({ queryKey: upgradeKeys.all });
      onDone();
    },
  });

  const confirm = (plan: Plan) => {
    const version = rows.find((r) => r.id === plan.firmwareId)?.softwareVersion ?? '';
    modal.confirm({
      title: t('deviceCommon.upgrade.batch.confirmTitle', { n: sns.length, version }),
      content: t('deviceCommon.upgrade.batch.confirmBody'),
      okText: t('deviceCommon.upgrade.batch.start'),
      cancelText: t('deviceCommon.upgrade.back'),
      onOk: () => send.mutate(plan),
    });
  };

  if (answer) return <BatchResult answer={answer} onClose={onClose} />;
  return (
    <Form<Plan>
      form={form}
      layout="vertical"
      initialValues={{
        firmwareId: undefined,
        staged: false,
        wavePercent: UPGRADE_LIMITS.wavePercent.default,
        haltPercent: UPGRADE_LIMITS.haltPercent.default,
      }}
      onFinish={confirm}
      data-testid="batch-upgrade-form"
    >
      <p>{t('deviceCommon.upgrade.batch.selected', { n: sns.length, max: UPGRADE_LIMITS.batchMax })}</p>
      <Form.Item
        name="firmwareId"
        label={t('deviceCommon.upgrade.batch.firmware')}
        rules={[{ required: true, message: t('deviceCommon.upgrade.batch.pickFirmware') }]}
      >
        <Select
          loading={firmware.isLoading}
          placeholder={t('deviceCommon.upgrade.batch.pickFirmware')}
          notFoundContent={t('deviceCommon.upgrade.batch.noFirmware')}
          options={rows.map((r) => ({
            value: r.id,
            label: `${r.softwareVersion} · ${r.product}${r.upgradeMode === 'local' ? ` (${t('deviceCommon.upgrade.modes.local')})` : ''}`,
          }))}
          data-testid="batch-upgrade-firmware"
        />
      </Form.Item>
      <Form.Item
        name="staged"
        label={t('deviceCommon.upgrade.batch.staged')}
        extra={t('deviceCommon.upgrade.batch.stagedHint')}
        valuePropName="checked"
      >
        <Switch data-testid="batch-upgrade-staged" />
      </Form.Item>
      {staged ? (
        <div className="hg-upg-summary">
          <Form.Item
            name="wavePercent"
            label={t('deviceCommon.upgrade.batch.wavePercent')}
            rules={[{ required: true }]}
          >
            <InputNumber
              min={UPGRADE_LIMITS.wavePercent.min}
              max={UPGRADE_LIMITS.wavePercent.max}
              precision={0}
              suffix="%"
            />
          </Form.Item>
          <Form.Item
            name="haltPercent"
            label={t('deviceCommon.upgrade.batch.haltPercent')}
            rules={[{ required: true }]}
          >
            <InputNumber
              min={UPGRADE_LIMITS.haltPercent.min}
              max={UPGRADE_LIMITS.haltPercent.max}
              precision={0}
              suffix="%"
            />
          </Form.Item>
        </div>
      ) : null}
      <div className="hg-upg-summary" style={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>{t('deviceCommon.upgrade.close')}</Button>
        <Button type="primary" htmlType="submit" loading={send.isPending} data-testid="batch-upgrade-submit">
          {t('deviceCommon.upgrade.batch.start')}
        </Button>
      </div>
    </Form>
  );
}

interface Outcome {
  sn: string;
  started: boolean;
  detail: React.ReactNode;
}

function BatchResult({ answer, onClose }: { answer: Answer; onClose: () => void }) {
  const { t } = useTranslation();
  const outcomes: Outcome[] = [
    ...answer.started.map((r) => ({ sn: r.sn, started: true, detail: <UpgradeStateTag state={r.state} /> })),
    ...answer.refused.map((r) => ({ sn: r.sn, started: false, detail: r.msg })),
  ];
  return (
    <div data-testid="batch-upgrade-result">
      <Result
        status={answer.refused.length === 0 ? 'success' : answer.started.length === 0 ? 'error' : 'warning'}
        title={t('deviceCommon.upgrade.batch.result', {
          started: answer.started.length,
          refused: answer.refused.length,
        })}
        subTitle={
          answer.rollout ? t('deviceCommon.upgrade.batch.rolloutStarted', { waves: answer.rollout.waves }) : undefined
        }
      />
      {answer.rollout === null && answer.started.some((r) => r.state === 'waiting') ? (
        <Alert type="info" showIcon title={t('deviceCommon.upgrade.waitingGateway')} />
      ) : null}
      <Table<Outcome>
        size="small"
        rowKey="sn"
        dataSource={outcomes}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          { key: 'sn', title: t('deviceCommon.upgrade.batch.device'), render: (_, o) => <Quantity>{o.sn}</Quantity> },
          {
            key: 'outcome',
            title: t('deviceCommon.upgrade.batch.outcome'),
            render: (_, o) =>
              o.started ? (
                <Tag color="success">{t('deviceCommon.upgrade.batch.startedTag')}</Tag>
              ) : (
                <Tag color="error">{t('deviceCommon.upgrade.batch.refusedTag')}</Tag>
              ),
          },
          { key: 'detail', title: t('deviceCommon.upgrade.batch.detail'), render: (_, o) => o.detail },
        ]}
        data-testid="batch-upgrade-outcomes"
      />
      <div className="hg-upg-summary" style={{ justifyContent: 'flex-end', marginBlockStart: 12 }}>
        <Button type="primary" onClick={onClose}>
          {t('deviceCommon.upgrade.batch.done')}
        </Button>
      </div>
    </div>
  );
}
