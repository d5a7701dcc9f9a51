import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Progress,
  Radio,
  Space,
  Table,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMERA_LIMITS, fieldMessage, STORAGE_KINDS, type StorageSpaceRow } from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../api/formErrors';
import { currentLang } from '../../i18n';
import { useDisplay } from '../../components/chart/useDisplay';
import { cameraApi, cameraKeys } from './api';
import { emptyStorageForm, formatSize, storageBody, storageFormOf, usedPercent, type StorageFormValues } from './logic';
import './cameras.css';

const FIELDS = [
  'name',
  'kind',
  'folder',
  'endpoint',
  'bucket',
  'region',
  'prefix',
  'accessKey',
  'secretKey',
  'capacityGb',
  'retentionDays',
];
/** Server field paths of the bucket (s3.bucket) land on the form's flat fields. */
const RENAME: Record<string, string> = {
  's3.endpoint': 'endpoint',
  's3.bucket': 'bucket',
  's3.region': 'region',
  's3.prefix': 'prefix',
  's3.accessKey': 'accessKey',
  's3.secretKey': 'secretKey',
};

function SpaceForm({
  row,
  open,
  onClose,
}: {
  row: StorageSpaceRow | null;
  open: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const qc = useQueryClient();
  const [form] = Form.useForm<StorageFormValues>();
  const kind = Form.useWatch('kind', form) ?? row?.kind ?? 'folder';
  const [refusal, setRefusal] = useState<string | null>(null);
  const editing = row !== null;
  const required = { required: true, whitespace: true, message: fieldMessage('required', lang) };
  const save = useMutation({
    mutationFn: (v: StorageFormValues) =>
      row ? cameraApi.editSpace(row.id, storageBody(v)) : cameraApi.addSpace(storageBody(v)),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: cameraKeys.spaces });
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields.length > 0) applyServerErrors(form, err, FIELDS, RENAME);
      // The server says why it refused (the eleventh space, a folder outside the video folder…).
      else setRefusal(err instanceof ApiError ? err.message : t('cameras.storage.failed'));
    },
  });
  const initial = row ? storageFormOf(row) : emptyStorageForm();
  return (
    <Modal
      open={open}
      title={row ? t('cameras.storage.editTitle', { name: row.name }) : t('cameras.storage.addTitle')}
      okText={t('cameras.storage.save')}
      cancelText={t('cameras.storage.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ 'data-testid': 'space-save' } as Record<string, string>}
      confirmLoading={save.isPending}
      onCancel={onClose}
      afterOpenChange={() => setRefusal(null)}
      destroyOnHidden
    >
      <Form<StorageFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => {
          setRefusal(null);
          save.mutate({ ...initial, ...v });
        }}
      >
        <Form.Item
          name="name"
          label={t('cameras.storage.name')}
          rules={[required, { max: CAMERA_LIMITS.spaceNameMax, message: fieldMessage('tooLong', lang) }]}
        >
          <Input maxLength={CAMERA_LIMITS.spaceNameMax} data-testid="space-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('cameras.storage.kind')}>
          <Radio.Group
            optionType="button"
            options={STORAGE_KINDS.map((k) => ({ value: k, label: t(`cameras.storage.kinds.${k}`) }))}
            data-testid="space-kind"
          />
        </Form.Item>
        {kind === 'folder' ? (
          <Form.Item name="folder" label={t('cameras.storage.folder')} extra={t('cameras.storage.folderHelp')}>
            <Input maxLength={256} dir="ltr" placeholder="plant-a" data-testid="space-folder" />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="endpoint"
              label={t('cameras.storage.endpoint')}
              rules={[{ required: true, type: 'url', message: fieldMessage('invalid', lang) }]}
            >
              <Input dir="ltr" placeholder="https://s3.example.com" data-testid="space-endpoint" />
            </Form.Item>
            <div className="hg-cam-form-row">
              <Form.Item
                name="bucket"
                label={t('cameras.storage.bucket')}
                className="hg-cam-form-grow"
                rules={[required, { min: 3, message: fieldMessage('required', lang) }]}
              >
                <Input maxLength={63} dir="ltr" data-testid="space-bucket" />
              </Form.Item>
              <Form.Item name="region" label={t('cameras.storage.region')} className="hg-cam-form-grow">
                <Input maxLength={32} dir="ltr" />
              </Form.Item>
            </div>
            <Form.Item name="prefix" label={t('cameras.storage.prefix')}>
              <Input maxLength={128} dir="ltr" placeholder="video/" />
            </Form.Item>
            <div className="hg-cam-form-row">
              <Form.Item
                name="accessKey"
                label={t('cameras.storage.accessKey')}
                className="hg-cam-form-grow"
                rules={[required]}
              >
                <Input maxLength={128} dir="ltr" autoComplete="off" data-testid="space-access-key" />
              </Form.Item>
              <Form.Item
                name="secretKey"
                label={t('cameras.storage.secretKey')}
                className="hg-cam-form-grow"
                extra={editing && row.s3?.hasSecret ? t('cameras.storage.secretKeep') : undefined}
                rules={
                  editing && row.s3?.hasSecret ? [] : [{ required: true, message: fieldMessage('required', lang) }]
                }
              >
                <Input.Password maxLength={256} autoComplete="new-password" data-testid="space-secret-key" />
              </Form.Item>
            </div>
          </>
        )}
        <div className="hg-cam-form-row">
          <Form.Item
            name="capacityGb"
            label={t('cameras.storage.capacity')}
            className="hg-cam-form-grow"
            rules={[
              {
                required: true,
                type: 'number',
                min: CAMERA_LIMITS.capacityGbMin,
                max: CAMERA_LIMITS.capacityGbMax,
                message: fieldMessage('storageCapacity', lang),
              },
            ]}
          >
            <InputNumber
              min={CAMERA_LIMITS.capacityGbMin}
              max={CAMERA_LIMITS.capacityGbMax}
              suffix="GB"
              className="hg-cam-number"
              data-testid="space-capacity"
            />
          </Form.Item>
          <Form.Item
            name="retentionDays"
            label={t('cameras.storage.retention')}
            className="hg-cam-form-grow"
            rules={[
              {
                required: true,
                type: 'integer',
                min: CAMERA_LIMITS.retentionDaysMin,
                max: CAMERA_LIMITS.retentionDaysMax,
                message: fieldMessage('storageRetention', lang),
              },
            ]}
          >
            <InputNumber
              min={CAMERA_LIMITS.retentionDaysMin}
              max={CAMERA_LIMITS.retentionDaysMax}
              precision={0}
              suffix={t('cameras.storage.days')}
              className="hg-cam-number"
              data-testid="space-retention"
            />
          </Form.Item>
        </div>
      </Form>
      {refusal ? <Alert type="error" showIcon message={refusal} data-testid="space-refusal" /> : null}
    </Modal>
  );
}

/**
 * enterprise/storage — the company's video storage spaces (issue 18 point 3, spec §9: at most 10): a folder on
 * the server or an S3-compatible bucket, each with its capacity, retention and the cameras that record to it.
 */
/** How full a space is: a bar and "used of capacity". */
function Used({ row: r }: { row: StorageSpaceRow }): React.JSX.Element {
  const { t } = useTranslation();
  const { locale } = useDisplay();

  const pct = usedPercent(r.usedBytes, r.capacityGb);
  const label = t('cameras.storage.usedOf', {
    used: formatSize(r.usedBytes, locale),
    capacity: formatSize(r.capacityGb * 1024 ** 3, locale),
  });
  return (
    <div className="hg-cam-used">
      <Progress
        percent={Math.round(pct)}
        size="small"
        status={pct >= 90 ? 'exception' : 'normal'}
        showInfo={false}
        aria-label={label}
      />
      <span className="hg-num">{label}</span>
    </div>
  );
}

/** Where a space keeps its recordings: its kind, and the folder or the bucket. */
function Where({ row }: { row: StorageSpaceRow }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <span>
      <Tag>{t(`cameras.storage.kinds.${row.kind}`)}</Tag>
      <bdi dir="ltr">
        {row.kind === 'folder' ? row.folder || '/' : `${row.s3?.endpoint ?? ''} · ${row.s3?.bucket ?? ''}`}
      </bdi>
    </span>
  );
}

export default function StorageSpacesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ row: StorageSpaceRow | null } | null>(null);
  const list = useQuery({ queryKey: cameraKeys.spaces, queryFn: () => cameraApi.spaces() });
  const remove = useMutation({
    mutationFn: cameraApi.removeSpace,
    onSuccess: () => qc.invalidateQueries({ queryKey: cameraKeys.spaces }),
  });
  const rows = list.data ?? [];
  return (
    <div className="hg-page-card hg-cam-spaces" data-testid="storage-spaces">
      <div className="hg-cam-title-row">
        <h1 className="hg-cam-title">{t('page.storageSpaces')}</h1>
        <Space wrap>
          <span className="hg-cam-count" data-testid="space-count">
            {t('cameras.storage.count', { n: rows.length, max: CAMERA_LIMITS.spacesMax })}
          </span>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ row: null })}
            data-testid="space-add"
          >
            {t('cameras.storage.add')}
          </Button>
        </Space>
      </div>
      <p className="hg-page-hint">{t('cameras.storage.hint')}</p>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('cameras.storage.loadFailed')}
          action={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
        />
      ) : null}
      <Table<StorageSpaceRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('cameras.storage.empty') }}
        columns={[
          {
            key: 'name',
            title: t('cameras.storage.name'),
            render: (_, r) => (
              <>
                <strong>{r.name}</strong>
                {/* On a phone only the name and the actions are columns: where and how full go under the name. */}
                {wide ? null : (
                  <div className="hg-cam-where-narrow">
                    <Where row={r} />
                    <Used row={r} />
                  </div>
                )}
              </>
            ),
          },
          {
            key: 'where',
            title: t('cameras.storage.where'),
            responsive: ['md'],
            render: (_, r) => <Where row={r} />,
          },
          {
            key: 'used',
            title: t('cameras.storage.used'),
            responsive: ['md'],
            render: (_, r) => <Used row={r} />,
          },
          {
            key: 'retention',
            title: t('cameras.storage.retentionDays'),
            responsive: ['md'],
            render: (_, r) => r.retentionDays,
          },
          { key: 'cameras', title: t('cameras.storage.cameras'), responsive: ['md'], render: (_, r) => r.cameras },
          {
            key: 'actions',
            title: t('cameras.storage.actions'),
            render: (_, r) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('cameras.storage.editName', { name: r.name })}
                  onClick={() => setEditing({ row: r })}
                />
                <Popconfirm
                  title={t('cameras.storage.deleteConfirm', { name: r.name })}
                  description={
                    r.cameras > 0 ? t('cameras.storage.deleteInUse', { n: r.cameras }) : t('cameras.storage.deleteHint')
                  }
                  okText={t('cameras.storage.delete')}
                  cancelText={t('cameras.storage.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync(r.id)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('cameras.storage.deleteName', { name: r.name })}
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <SpaceForm row={editing?.row ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </div>
  );
}
