import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CAMERA_LIMITS,
  fieldMessage,
  RECORDING_MODES,
  type CameraKind,
  type CameraRow,
  type CameraTestResult,
} from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../api/formErrors';
import { currentLang } from '../../i18n';
import { cameraApi, cameraKeys } from './api';
import {
  cameraAddBody,
  cameraEditBody,
  cameraFormOf,
  CHOOSABLE_KINDS,
  emptyCameraForm,
  needsPath,
  passwordProblem,
  portAfterKindChange,
  testResultKey,
  testTarget,
  type CameraFormValues,
} from './logic';

const FIELDS = [
  'kind',
  'name',
  'host',
  'port',
  'path',
  'onvifPort',
  'username',
  'password',
  'channels',
  'recording',
  'storageSpaceId',
];

type TestOutcome = { result: CameraTestResult } | { needPassword: true } | { error: string };

function TestAlert({ outcome }: { outcome: TestOutcome }): React.JSX.Element {
  const { t } = useTranslation();
  if ('needPassword' in outcome) return <Alert type="warning" showIcon message={t('cameras.test.needPassword')} />;
  if ('error' in outcome) return <Alert type="error" showIcon message={outcome.error} />;
  const r = outcome.result;
  const video = r.video
    ? t('cameras.test.video', { codec: r.video.codec, width: r.video.width, height: r.video.height })
    : '';
  return (
    <Alert
      type={r.state === 'online' ? 'success' : 'error'}
      showIcon
      role="status"
      data-testid="camera-test-result"
      message={t(`cameras.test.${testResultKey(r)}`)}
      description={video || undefined}
    />
  );
}

/** Adding or editing a camera of a plant, with a connection test before or after saving. */
export function CameraForm({
  plantId,
  row,
  open,
  onClose,
}: {
  plantId: string;
  /** The camera being edited; null adds one. */
  row: CameraRow | null;
  open: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const qc = useQueryClient();
  const [form] = Form.useForm<CameraFormValues>();
  const editing = row !== null;
  const kind = Form.useWatch('kind', form) ?? 'onvif';
  const [kindWas, setKindWas] = useState<CameraKind>(kind);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A member who may edit cameras but not the company's storage spaces sees only the default.
  const spaces = useQuery({
    queryKey: cameraKeys.spaces,
    queryFn: () => cameraApi.spaces(true),
    enabled: open,
    retry: false,
  });

  const save = useMutation({
    mutationFn: (v: CameraFormValues) =>
      row ? cameraApi.edit(row.id, cameraEditBody(v)) : cameraApi.add(cameraAddBody(plantId, v)),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: cameraKeys.all });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) applyServerErrors(form, err, FIELDS);
      else setRefusal(err instanceof ApiError ? err.message : t('cameras.form.failed'));
    },
  });

  const test = useMutation({
    mutationFn: async (): Promise<TestOutcome> => {
      const v = form.getFieldsValue(true) as CameraFormValues;
      const target = testTarget(editing, v.password);
      if (target === 'needPassword') return { needPassword: true };
      if (target === 'saved' && row) return { result: await cameraApi.test(row.id) };
      await form.validateFields();
      return { result: await cameraApi.probe(cameraAddBody(plantId, v)) };
    },
    onSuccess: async (o) => {
      setOutcome(o);
      if (editing && 'result' in o) await qc.invalidateQueries({ queryKey: cameraKeys.all });
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        if (err.fields.length > 0) applyServerErrors(form, err, FIELDS);
        else setOutcome({ error: err.message });
      }
      // A form that does not validate shows its own messages.
    },
  });

  const initial = row ? cameraFormOf(row) : emptyCameraForm();
  return (
    <Modal
      open={open}
      title={row ? t('cameras.form.editTitle', { name: row.name }) : t('cameras.form.addTitle')}
      onCancel={onClose}
      destroyOnHidden
      width={620}
      afterOpenChange={(visible) => {
        if (visible) setKindWas(initial.kind);
        setOutcome(null);
        setRefusal(null);
      }}
      footer={
        <Space wrap className="hg-cam-form-footer">
          <Button onClick={() => test.mutate()} loading={test.isPending} data-testid="camera-test">
            {t('cameras.test.run')}
          </Button>
          <Button onClick={onClose}>{t('cameras.form.cancel')}</Button>
          <Button type="primary" onClick={() => form.submit()} loading={save.isPending} data-testid="camera-save">
            {t('cameras.form.save')}
          </Button>
        </Space>
      }
    >
      <Form<CameraFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => {
          setRefusal(null);
          save.mutate({ ...initial, ...v });
        }}
        onValuesChange={(changed: Partial<CameraFormValues>) => {
          setOutcome(null);
          if (changed.kind) {
            form.setFieldValue(
              'port',
              portAfterKindChange(kindWas, changed.kind, form.getFieldValue('port') as number),
            );
            setKindWas(changed.kind);
          }
        }}
        className="hg-cam-form"
      >
        <Form.Item name="kind" label={t('cameras.form.kind')} rules={[{ required: true }]}>
          <Select
            data-testid="camera-kind"
            options={CHOOSABLE_KINDS.map((k) => ({ value: k, label: t(`cameras.kinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('cameras.form.name')}
          rules={[
            { required: true, whitespace: true, message: fieldMessage('required', lang) },
            { max: CAMERA_LIMITS.nameMax, message: fieldMessage('tooLong', lang) },
          ]}
        >
          <Input maxLength={CAMERA_LIMITS.nameMax} data-testid="camera-name" />
        </Form.Item>
        <div className="hg-cam-form-row">
          <Form.Item
            name="host"
            label={t('cameras.form.host')}
            className="hg-cam-form-grow"
            rules={[{ required: true, whitespace: true, message: fieldMessage('cameraHost', lang) }]}
          >
            <Input maxLength={CAMERA_LIMITS.hostMax} placeholder="192.168.1.64" dir="ltr" data-testid="camera-host" />
          </Form.Item>
          <Form.Item
            name="port"
            label={t('cameras.form.port')}
            rules={[{ required: true, type: 'integer', min: 1, max: 65535, message: fieldMessage('cameraPort', lang) }]}
          >
            <InputNumber min={1} max={65535} precision={0} data-testid="camera-port" />
          </Form.Item>
        </div>
        {kind === 'onvif' ? (
          <Form.Item
            name="onvifPort"
            label={t('cameras.form.onvifPort')}
            extra={t('cameras.form.onvifPortHelp')}
            rules={[{ required: true, type: 'integer', min: 1, max: 65535, message: fieldMessage('cameraPort', lang) }]}
          >
            <InputNumber min={1} max={65535} precision={0} data-testid="camera-onvif-port" />
          </Form.Item>
        ) : null}
        {needsPath(kind) ? (
          <Form.Item name="path" label={t('cameras.form.path')} extra={t('cameras.form.pathHelp')}>
            <Input maxLength={CAMERA_LIMITS.pathMax} placeholder="/live/ch{ch}" dir="ltr" data-testid="camera-path" />
          </Form.Item>
        ) : null}
        <div className="hg-cam-form-row">
          <Form.Item name="username" label={t('cameras.form.username')} className="hg-cam-form-grow">
            <Input maxLength={CAMERA_LIMITS.userMax} autoComplete="off" data-testid="camera-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('cameras.form.password')}
            className="hg-cam-form-grow"
            extra={editing ? t('cameras.form.passwordKeep') : t('cameras.form.passwordRule')}
            rules={[
              {
                validator: (_r, value: string | undefined) => {
                  const problem = passwordProblem(value, editing);
                  if (!problem) return Promise.resolve();
                  return Promise.reject(
                    new Error(fieldMessage(problem === 'required' ? 'required' : 'cameraPassword', lang)),
                  );
                },
              },
            ]}
          >
            <Input.Password
              maxLength={CAMERA_LIMITS.passwordMax}
              autoComplete="new-password"
              placeholder={editing && row?.hasPassword ? t('cameras.form.passwordKept') : undefined}
              data-testid="camera-password"
            />
          </Form.Item>
        </div>
        <div className="hg-cam-form-row">
          <Form.Item
            name="channels"
            label={t('cameras.form.channels')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: CAMERA_LIMITS.channelsMin,
                max: CAMERA_LIMITS.channelsMax,
                message: fieldMessage('cameraChannels', lang),
              },
            ]}
          >
            <InputNumber
              min={CAMERA_LIMITS.channelsMin}
              max={CAMERA_LIMITS.channelsMax}
              precision={0}
              data-testid="camera-channels"
            />
          </Form.Item>
          <Form.Item name="recording" label={t('cameras.form.recording')} className="hg-cam-form-grow">
            <Select
              data-testid="camera-recording"
              options={RECORDING_MODES.map((m) => ({ value: m, label: t(`cameras.recording.${m}`) }))}
            />
          </Form.Item>
        </div>
        <Form.Item name="storageSpaceId" label={t('cameras.form.space')} extra={t('cameras.form.spaceHelp')}>
          <Select
            allowClear
            loading={spaces.isLoading}
            placeholder={t('cameras.form.spaceDefault')}
            options={(spaces.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            data-testid="camera-space"
          />
        </Form.Item>
      </Form>
      {outcome ? <TestAlert outcome={outcome} /> : null}
      {refusal ? <Alert type="error" showIcon message={refusal} className="hg-cam-form-refusal" /> : null}
    </Modal>
  );
}
