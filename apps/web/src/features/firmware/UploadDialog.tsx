import { InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ERROR_CODES,
  FIRMWARE_LIMITS,
  fieldMessage,
  firmwareFileNameProblem,
  type UpgradeMode,
} from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';
import { currentLang } from '../../i18n';
import { DescriptionFields, useVersionRule } from './DescriptionFields';
import { firmwareApi, firmwareKeys, type FirmwareKind } from './api';

interface Values {
  brand: string;
  product: string;
  epn?: string;
  hardwareVersion?: string;
  softwareVersion: string;
  compatibleVersions?: string[];
  changeLog?: string;
  upgradeMode: UpgradeMode;
  labelId?: string;
  companyId?: string;
  signature: string;
}

const FIELDS = [
  'brand',
  'product',
  'epn',
  'hardwareVersion',
  'softwareVersion',
  'compatibleVersions',
  'changeLog',
  'upgradeMode',
  'labelId',
  'companyId',
  'signature',
];

/**
 * Uploading a signed image (issue 13 points 1 and 2): every field of spec §3, the image (.bin or .hex, checked
 * here for name and size as the server checks it) and the vendor's signature, pasted or read from its .sig
 * file. The server refuses anything a registered vendor key did not sign.
 */
export function UploadDialog({
  kind,
  open,
  labels,
  onClose,
}: {
  kind: FirmwareKind;
  open: boolean;
  labels: { value: string; label: string }[];
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [companyQuery, setCompanyQuery] = useState('');
  const companies = useQuery({
    queryKey: firmwareKeys.companies(companyQuery),
    queryFn: () => firmwareApi.companies(companyQuery),
    enabled: open,
  });
  const close = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    onClose();
  };
  const upload = useMutation({
    mutationFn: (v: Values & { file: File }) =>
      firmwareApi.upload({
        kind,
        ...v,
        epn: v.epn ?? '',
        hardwareVersion: v.hardwareVersion ?? '',
        changeLog: v.changeLog ?? '',
        compatibleVersions: v.compatibleVersions ?? [],
      }),
    onSuccess: (row) => {
      void message.success(t('firmware.uploadedOk', { name: `${row.product} ${row.softwareVersion}` }));
      void queryClient.invalidateQueries({ queryKey: firmwareKeys.all });
      close();
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || err.notified) return;
      if (err.code === ERROR_CODES.firmwareVersionDuplicate) {
        setFieldError(form, 'softwareVersion', err.message);
        return;
      }
      const onFile = err.fields.find((f) => f.field === 'file');
      if (onFile) setFileError(onFile.message);
      // The image's own error shows under the drop zone; the rest under their fields.
      applyServerErrors(form, err, [...FIELDS, 'file']);
    },
  });
  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      setFileError(fieldMessage('required', lang));
      return;
    }
    upload.mutate({ ...values, file });
  };
  const versionRule = useVersionRule();
  const required = { required: true, whitespace: true, message: fieldMessage('required', lang) };

  return (
    <Modal
      open={open}
      title={t('firmware.uploadTitle', { kind: t(`firmware.kind.${kind}`) })}
      okText={t('firmware.upload')}
      cancelText={t('firmware.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={upload.isPending}
      onCancel={close}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        aria-label={t('firmware.upload')}
        initialValues={{ upgradeMode: 'remote' satisfies UpgradeMode }}
      >
        <Form.Item
          label={t('firmware.image')}
          required
          help={fileError ?? t('firmware.imageHint', { mb: FIRMWARE_LIMITS.bytes[kind] / 1024 / 1024 })}
          validateStatus={fileError ? 'error' : undefined}
        >
          <Upload.Dragger
            accept=".bin,.hex"
            maxCount={1}
            beforeUpload={(f) => {
              const problem =
                firmwareFileNameProblem(f.name) ?? (f.size > FIRMWARE_LIMITS.bytes[kind] ? 'firmwareSize' : null);
              if (problem) {
                setFileError(fieldMessage(problem, lang));
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              setFileError(null);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'image', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden="true" />
            </p>
            <p className="ant-upload-text">{t('firmware.dropImage')}</p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item
          name="signature"
          label={t('firmware.signature')}
          extra={t('firmware.signatureHint')}
          rules={[required]}
        >
          <Input.TextArea
            rows={2}
            className="hg-fw-hash"
            dir="ltr"
            spellCheck={false}
            data-testid="firmware-signature"
          />
        </Form.Item>
        <Upload
          accept=".sig,.txt,.b64"
          showUploadList={false}
          beforeUpload={(f) => {
            void f.text().then((text) => form.setFieldValue('signature', text.trim()));
            return false;
          }}
        >
          <Button icon={<PaperClipOutlined />} style={{ marginBlockEnd: 16 }}>
            {t('firmware.signatureFile')}
          </Button>
        </Upload>
        <DescriptionFields
          labels={labels}
          version={
            <Form.Item name="softwareVersion" label={t('firmware.softwareVersion')} rules={[required, versionRule]}>
              <Input maxLength={FIRMWARE_LIMITS.versionMax} />
            </Form.Item>
          }
        />
        <Form.Item name="companyId" label={t('firmware.madeFor')} extra={t('firmware.madeForHint')}>
          <Select
            allowClear
            showSearch={{ filterOption: false, onSearch: setCompanyQuery }}
            loading={companies.isFetching}
            options={(companies.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
