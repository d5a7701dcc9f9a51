import { CloudUploadOutlined } from '@ant-design/icons';
import {
  ERROR_CODES,
  type PlantSettingDevice,
  type PlantSettingDeviceResult,
  type PlantSettingKind,
  type PlantSettingResult,
  type PlantSettingsWriteAnswer,
  type SettingField,
  type SettingValue,
} from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Form, Popconfirm, Result, Segmented, Skeleton, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useScrollRegion } from '../../components/list';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { LoadFailed } from '../device-common/LoadFailed';
import { OnlineTag } from '../device-common/OnlineTag';
import { OperationLogTable } from '../device-common/OperationLogTable';
import { PlantSelect } from '../device-common/PlantSelect';
import { SettingFields } from '../inverters';
import { chooseGroup, defaultSelection, filledValues, orderGroups, selectable, type FormValues } from './plantSettings';
import { plantSettingsApi, plantSettingsKeys } from './plantSettingsApi';
import './plantSettings.css';

const TITLE: Record<PlantSettingKind, string> = {
  inverter: 'page.plantSetting',
  battery: 'page.plantBatterySetting',
  comm: 'page.plantCommSetting',
};

const RESULT_COLOUR: Record<PlantSettingResult, string> = {
  succeeded: 'success',
  failed: 'error',
  skipped: 'default',
};

/** A device's own page, where its settings can be read one by one. */
const devicePath = (kind: PlantSettingKind, d: PlantSettingDevice) =>
  kind === 'comm' ? `/device/gateway/${encodeURIComponent(d.sn)}` : `/device/inverter/${encodeURIComponent(d.sn)}`;

/** A box whose sideways-scrolling table keyboard users can scroll (its rows hold no control). */
function ScrollRegion({ labelledBy, children }: { labelledBy: string; children: React.ReactNode }) {
  const box = useScrollRegion(labelledBy);
  return <div ref={box}>{children}</div>;
}

/**
 * /plants/setting, /plants/batt-setting, /plants/comm-setting (?plant=…): pick a plant, see its devices of the
 * kind with their status, choose all or some, fill the form they share, confirm, and see how the write ended on
 * each device; below, the operation log of those settings on the plant's devices.
 */
export function PlantSettingsView({ kind }: { kind: PlantSettingKind }): React.JSX.Element {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const plantId = params.get('plant') ?? '';
  const groupId = params.get('form');
  const pickPlant = (id: string | undefined) => setParams(id ? { plant: id } : {});

  const q = useQuery({
    queryKey: plantSettingsKeys.devices(plantId, kind),
    queryFn: () => plantSettingsApi.devices(plantId, kind),
    enabled: !!plantId,
    retry: false,
  });
  const missing = q.error instanceof ApiError && q.error.code === ERROR_CODES.plantNotFound;
  const groups = useMemo(() => orderGroups(q.data?.groups ?? []), [q.data]);
  const group = chooseGroup(groups, groupId);

  let body: React.ReactNode;
  if (!plantId)
    body = (
      <section className="hg-page-card">
        <Empty description={t('plantSettings.pickPlant')} data-testid="plant-settings-pick" />
      </section>
    );
  else if (q.isLoading)
    body = (
      <section className="hg-page-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </section>
    );
  else if (missing)
    body = (
      <section className="hg-page-card">
        <Result status="404" title={t('plantSettings.notFound')} data-testid="plant-settings-missing" />
      </section>
    );
  else if (!q.data)
    body = (
      <LoadFailed card title={t('plantSettings.loadFailed')} retry={q.refetch} retryText={t('plantSettings.retry')} />
    );
  else
    body = (
      <>
        {q.data.unsupported.length > 0 ? (
          <Alert
            type="info"
            showIcon
            title={t('plantSettings.unsupported', { count: q.data.unsupported.length })}
            description={q.data.unsupported.map((d) => d.sn).join(', ')}
            data-testid="plant-settings-unsupported"
          />
        ) : null}
        {!group ? (
          <section className="hg-page-card">
            <Empty description={t(`plantSettings.empty.${kind}`)} data-testid="plant-settings-empty" />
          </section>
        ) : (
          <>
            {groups.length > 1 ? (
              <section className="hg-page-card hg-pset-forms">
                <span id="plant-settings-forms">{t('plantSettings.forms')}</span>
                <Segmented
                  aria-labelledby="plant-settings-forms"
                  value={group.id}
                  onChange={(v) => setParams({ plant: plantId, form: String(v) })}
                  options={groups.map((g) => ({
                    value: g.id,
                    label: t('plantSettings.formOption', { protocol: g.protocol, count: g.devices.length }),
                  }))}
                  data-testid="plant-settings-forms"
                />
              </section>
            ) : null}
            <GroupWriter
              key={`${plantId}:${group.id}`}
              kind={kind}
              plantId={plantId}
              fields={group.fields}
              devices={group.devices}
              canWrite={q.data.canWrite}
            />
          </>
        )}
        <section className="hg-page-card" aria-labelledby="plant-settings-log">
          <h2 id="plant-settings-log" className="hg-page-title hg-pset-subtitle">
            {t('plantSettings.log')}
          </h2>
          <ScrollRegion labelledBy="plant-settings-log">
            <OperationLogTable
              target={plantId}
              source={{
                key: plantSettingsKeys.log(plantId, kind),
                fetch: (page, size) => plantSettingsApi.log(plantId, kind, page, size),
              }}
              describe={(op) => t(`plantSettings.operation.${op}`, { defaultValue: op })}
            />
          </ScrollRegion>
        </section>
      </>
    );

  return (
    <div className="hg-pset" data-testid="plant-settings" data-kind={kind}>
      <section className="hg-page-card" aria-labelledby="plant-settings-title">
        <h1 id="plant-settings-title" className="hg-page-title">
          {t(TITLE[kind])}
        </h1>
        <p className="hg-page-hint">{t(`plantSettings.hint.${kind}`)}</p>
        <div className="hg-pset-plant">
          <PlantSelect
            value={plantId || undefined}
            onChange={pickPlant}
            testId="plant-settings-plant"
            placeholder={t('plantSettings.pickPlaceholder')}
          />
        </div>
      </section>
      {body}
    </div>
  );
}

interface GroupWriterProps {
  kind: PlantSettingKind;
  plantId: string;
  fields: SettingField[];
  devices: PlantSettingDevice[];
  canWrite: boolean;
}

/** The devices of one form with a choice of each, the form, and how the last write ended on each device. */
function GroupWriter({ kind, plantId, fields, devices, canWrite }: GroupWriterProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [chosen, setChosen] = useState<string[]>(() => defaultSelection(devices));
  const [answer, setAnswer] = useState<PlantSettingsWriteAnswer | null>(null);
  const [empty, setEmpty] = useState(false);
  useEffect(() => setAnswer(null), [plantId, kind]);

  const write = useMutation({
    mutationFn: (values: Record<string, SettingValue>) => plantSettingsApi.write(plantId, kind, chosen, values),
    onSuccess: (a) => {
      setAnswer(a);
      void queryClient.invalidateQueries({ queryKey: plantSettingsKeys.devices(plantId, kind) });
      void queryClient.invalidateQueries({ queryKey: plantSettingsKeys.log(plantId, kind) });
    },
    onError: (error) => {
      // A code-4 answer names the fields the server refused: show them on the form.
      if (error instanceof ApiError && error.fields.length > 0)
        form.setFields(error.fields.map((f) => ({ name: f.field, errors: [f.message] })));
    },
  });

  const submit = async () => {
    await form.validateFields();
    const values = filledValues(fields, form.getFieldsValue(true));
    setEmpty(Object.keys(values).length === 0);
    if (Object.keys(values).length === 0) return;
    write.mutate(values);
  };

  const columns: ColumnsType<PlantSettingDevice> = [
    {
      title: t('plantSettings.device'),
      dataIndex: 'sn',
      render: (_: string, d) => <Link to={devicePath(kind, d)}>{d.alias ? `${d.alias} · ${d.sn}` : d.sn}</Link>,
    },
    {
      title: t('plantSettings.status'),
      dataIndex: 'status',
      render: (s: string) => (kind === 'comm' ? <OnlineTag online={s === 'online'} /> : <PlantStatusTag status={s} />),
    },
    ...(kind === 'battery'
      ? [{ title: t('plantSettings.battery'), dataIndex: 'batterySn', render: (v: string | null) => v ?? '--' }]
      : []),
    { title: t('plantSettings.model'), dataIndex: 'model', render: (v: string) => v || '--', responsive: ['md'] },
    ...(kind === 'comm'
      ? []
      : [{ title: t('plantSettings.gateway'), dataIndex: 'gatewaySn', responsive: ['lg' as const] }]),
  ];

  const busy = write.isPending;
  return (
    <>
      <Card
        size="small"
        title={t('plantSettings.devices', { count: devices.length })}
        data-testid="plant-settings-devices"
        extra={
          <Space wrap>
            <Button
              size="small"
              onClick={() => setChosen(devices.filter(selectable).map((d) => d.sn))}
              disabled={busy}
              data-testid="plant-settings-all"
            >
              {t('plantSettings.chooseAll')}
            </Button>
            <Button size="small" onClick={() => setChosen([])} disabled={busy} data-testid="plant-settings-none">
              {t('plantSettings.chooseNone')}
            </Button>
          </Space>
        }
      >
        <Table<PlantSettingDevice>
          className="hg-pset-table"
          size="small"
          rowKey="sn"
          columns={columns}
          dataSource={devices}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: chosen,
            onChange: (keys) => setChosen(keys.map(String)),
            getCheckboxProps: (d) => ({
              disabled: !selectable(d) || busy,
              'aria-label': t('plantSettings.choose', { sn: d.sn }),
            }),
          }}
        />
      </Card>
      <Card size="small" title={t('plantSettings.values')} data-testid="plant-settings-form">
        {!canWrite ? (
          <Alert type="info" showIcon title={t('plantSettings.readOnly')} className="hg-pset-alert" />
        ) : null}
        <p className="hg-page-hint">{t('plantSettings.valuesHint')}</p>
        <Form form={form} layout="vertical" className="hg-inv-settings-form" disabled={!canWrite || busy}>
          <SettingFields
            fields={fields}
            groupTitle={kind === 'comm' ? () => t('plantSettings.commGroup') : undefined}
            fieldLabel={(f) => (kind === 'comm' ? t(`plantSettings.commField.${f.key}`) : undefined)}
          />
        </Form>
        {empty ? (
          <Alert type="warning" showIcon title={t('plantSettings.nothingFilled')} className="hg-pset-alert" />
        ) : null}
        <Popconfirm
          title={t('plantSettings.confirmTitle')}
          description={t('plantSettings.confirmBody', { count: chosen.length })}
          okText={t('plantSettings.write')}
          cancelText={t('plantSettings.cancel')}
          onConfirm={() => void submit().catch(() => undefined)}
          disabled={!canWrite || chosen.length === 0}
        >
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={busy}
            disabled={!canWrite || chosen.length === 0}
            data-testid="plant-settings-write"
          >
            {t('plantSettings.writeTo', { count: chosen.length })}
          </Button>
        </Popconfirm>
      </Card>
      {answer ? <Results answer={answer} devices={devices} /> : null}
    </>
  );
}

/** How the write ended on each device: succeeded, failed (the device's words) or skipped (why). */
function Results({ answer, devices }: { answer: PlantSettingsWriteAnswer; devices: PlantSettingDevice[] }) {
  const { t } = useTranslation();
  const alias = new Map(devices.map((d) => [d.sn, d.alias]));
  const columns: ColumnsType<PlantSettingDeviceResult> = [
    {
      title: t('plantSettings.device'),
      dataIndex: 'sn',
      render: (sn: string) => {
        const a = alias.get(sn);
        return a ? `${a} · ${sn}` : sn;
      },
    },
    {
      title: t('plantSettings.result'),
      dataIndex: 'result',
      render: (r: PlantSettingResult) => (
        <Tag color={RESULT_COLOUR[r]} data-testid="plant-settings-result-tag" data-result={r}>
          {t(`plantSettings.results.${r}`)}
        </Tag>
      ),
    },
    {
      title: t('plantSettings.reason'),
      key: 'reason',
      render: (_: unknown, r) => (
        <Space wrap size={4}>
          {r.reason ? <span>{t(`plantSettings.reasons.${r.reason}`)}</span> : null}
          {r.error ? <span className="hg-pset-error">{r.error}</span> : null}
          {r.commandStatus && r.result !== 'succeeded' ? <CommandStatusTag status={r.commandStatus} /> : null}
          {!r.reason && !r.error ? '--' : null}
        </Space>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('plantSettings.resultTitle')}
      data-testid="plant-settings-results"
      extra={
        <span aria-live="polite">
          {t('plantSettings.summary', { succeeded: answer.succeeded, failed: answer.failed, skipped: answer.skipped })}
        </span>
      }
    >
      <ScrollRegion labelledBy="plant-settings-title">
        <Table<PlantSettingDeviceResult>
          size="small"
          rowKey="sn"
          columns={columns}
          dataSource={answer.results}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </ScrollRegion>
    </Card>
  );
}
