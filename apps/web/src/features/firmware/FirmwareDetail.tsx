import { EditOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Form, Grid, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirmwareEditInput } from '@heliograph/shared';
import { applyServerErrors } from '../../api/formErrors';
import { formatBytes, formatTime } from '../../components/fileFormat';
import { Quantity } from '../../components/Quantity';
import { firmwareApi, type FirmwareRow } from './api';
import { DescriptionFields } from './DescriptionFields';

type Values = Omit<FirmwareEditInput, 'labelId'> & { labelId?: string | null };

/**
 * One firmware with every field of spec §3 (the image's hash and the key that signed it included); platform
 * administrators change its description here. The image, kind and version never change: that is a new upload.
 */
export function FirmwareDetail({
  row,
  onClose,
  canManage,
  labels,
  onSaved,
}: {
  row: FirmwareRow | null;
  onClose: () => void;
  canManage: boolean;
  labels: { value: string; label: string }[];
  onSaved: (row: FirmwareRow) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (v: Values) => firmwareApi.edit(row?.id ?? '', { ...v, labelId: v.labelId ?? null }),
    onSuccess: (saved) => {
      void message.success(t('firmware.saved'));
      setEditing(false);
      onSaved(saved);
    },
    onError: (err) =>
      applyServerErrors(form, err, [
        'brand',
        'product',
        'epn',
        'hardwareVersion',
        'compatibleVersions',
        'changeLog',
        'labelId',
      ]),
  });
  const close = () => {
    setEditing(false);
    onClose();
  };
  return (
    <Drawer
      open={row !== null}
      onClose={close}
      title={row ? `${row.product} ${row.softwareVersion}` : ''}
      size={wide ? 640 : '100%'}
      destroyOnHidden
      extra={
        canManage && row && !editing ? (
          <Button
            icon={<EditOutlined />}
            onClick={() => {
              form.setFieldsValue({ ...row, labelId: row.label?.id ?? null });
              setEditing(true);
            }}
          >
            {t('firmware.edit')}
          </Button>
        ) : null
      }
    >
      {row && !editing ? (
        <Descriptions column={1} size="small" bordered data-testid="firmware-detail">
          <Descriptions.Item label={t('firmware.kindLabel')}>{t(`firmware.kind.${row.kind}`)}</Descriptions.Item>
          <Descriptions.Item label={t('firmware.brand')}>
            <bdi>{row.brand}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.product')}>
            <bdi>{row.product}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.epn')}>{row.epn || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('firmware.hardwareVersion')}>{row.hardwareVersion || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('firmware.softwareVersion')}>
            <bdi>{row.softwareVersion}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.compatibleVersions')}>
            {row.compatibleVersions.length ? (
              <Space size={4} wrap>
                {row.compatibleVersions.map((v) => (
                  <Tag key={v}>
                    <bdi>{v}</bdi>
                  </Tag>
                ))}
              </Space>
            ) : (
              t('firmware.anyVersion')
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.upgradeMode')}>
            {t(`firmware.mode.${row.upgradeMode}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.state')}>
            <Space size={4} wrap>
              <Tag color={row.enabled ? 'green' : 'default'}>
                {t(row.enabled ? 'firmware.enabled' : 'firmware.disabled')}
              </Tag>
              <Tag color={row.released ? 'blue' : 'default'}>
                {t(row.released ? 'firmware.released' : 'firmware.unreleased')}
              </Tag>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.label')}>
            {row.label ? (row.label.parent ? `${row.label.parent} / ${row.label.name}` : row.label.name) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.file')}>
            <bdi>{row.fileName}</bdi> · <Quantity>{formatBytes(row.size)}</Quantity>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.sha256')}>
            <span className="hg-fw-hash" dir="ltr">
              {row.sha256}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.signedBy')}>
            <bdi>{row.vendorKey}</bdi>
          </Descriptions.Item>
          {row.company ? (
            <Descriptions.Item label={t('firmware.madeFor')}>
              <bdi>{row.company.name}</bdi>
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('firmware.creator')}>
            <bdi>{row.creator || '—'}</bdi>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.uploaded')}>
            <Quantity>{formatTime(row.createdAt)}</Quantity>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.updated')}>
            <Quantity>{formatTime(row.updatedAt)}</Quantity>
          </Descriptions.Item>
          <Descriptions.Item label={t('firmware.changeLog')}>
            {row.changeLog ? <p className="hg-fw-changelog">{row.changeLog}</p> : '—'}
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      {row && editing ? (
        <Form form={form} layout="vertical" aria-label={t('firmware.edit')} onFinish={(v) => save.mutate(v)}>
          <DescriptionFields labels={labels} />
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('firmware.save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('firmware.cancel')}</Button>
          </Space>
        </Form>
      ) : null}
    </Drawer>
  );
}
