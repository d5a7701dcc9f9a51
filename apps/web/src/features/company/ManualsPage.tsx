import { DeleteOutlined, DownloadOutlined, InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Table, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_LIMITS, fieldMessage } from '@heliograph/shared';
import { fetchUserInfo, USER_INFO_KEY } from '../../api/auth';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../api/formErrors';
import {
  ListPage,
  ListToolbar,
  listEmpty,
  listPagination,
  RowAction,
  useListState,
  useWide,
  type ListSpec,
} from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { currentLang } from '../../i18n';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { companyApi, companyKeys, type Manual } from './api';
import { downloadFile } from '../device-common/download';
import { formatBytes, formatTime } from '../../components/fileFormat';
import './company.css';

const SPEC: ListSpec<never, never> = { defaultSize: 10 };
const ACCEPT = '.pdf,.png,.jpg,.jpeg,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.odp';

function UploadDialog({ open, onClose }: { open: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ title: string }>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const close = () => {
    form.resetFields();
    setFile(null);
    setFileError(null);
    onClose();
  };
  const upload = useMutation({
    mutationFn: ({ title, f }: { title: string; f: File }) => companyApi.uploadManual(title, f),
    onSuccess: () => {
      void message.success(t('company.manualUploaded'));
      void queryClient.invalidateQueries({ queryKey: ['company', 'manuals'] });
      close();
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || err.notified) return;
      const onFile = err.fields.find((f) => f.field === 'file');
      if (onFile) setFileError(onFile.message);
      else applyServerErrors(form, err, ['title']);
    },
  });
  const submit = async () => {
    const { title } = await form.validateFields();
    if (!file) {
      setFileError(fieldMessage('required', lang));
      return;
    }
    upload.mutate({ title: title.trim(), f: file });
  };
  return (
    <Modal
      open={open}
      title={t('company.uploadManual')}
      okText={t('company.upload')}
      cancelText={t('company.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      confirmLoading={upload.isPending}
      onCancel={close}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" aria-label={t('company.uploadManual')}>
        <Form.Item
          name="title"
          label={t('company.manualTitle')}
          rules={[
            { required: true, whitespace: true, message: fieldMessage('required', lang) },
            { max: COMPANY_LIMITS.manualTitleMax, message: fieldMessage('tooLong', lang) },
          ]}
        >
          <Input maxLength={COMPANY_LIMITS.manualTitleMax} showCount data-testid="manual-title" />
        </Form.Item>
        <Form.Item
          label={t('company.manualFile')}
          required
          help={fileError ?? t('company.manualHint')}
          validateStatus={fileError ? 'error' : undefined}
        >
          <Upload.Dragger
            accept={ACCEPT}
            maxCount={1}
            beforeUpload={(f) => {
              if (f.size > COMPANY_LIMITS.manualBytes) {
                setFileError(fieldMessage('manualSize', lang));
                return Upload.LIST_IGNORE;
              }
              setFile(f);
              setFileError(null);
              if (!form.getFieldValue('title'))
                form.setFieldValue('title', f.name.replace(/\.[^.]+$/, '').slice(0, COMPANY_LIMITS.manualTitleMax));
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'manual', name: file.name, status: 'done' }] : []}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined aria-hidden="true" />
            </p>
            <p className="ant-upload-text">{t('company.dropManual')}</p>
          </Upload.Dragger>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /enterprise/manuals — documents the company hands its customers (spec §2.3 "manuals"): searched, paged,
 * uploaded, downloaded, and deleted after a confirmation.
 */
export default function ManualsPage(): React.JSX.Element {
  return <ManualsView />;
}

/**
 * The manuals list. `readOnly` is the customers' and members' library (/manuals, ManualsLibraryPage):
 * search, pages and download only, whatever the caller may otherwise do.
 */
export function ManualsView({ readOnly = false }: { readOnly?: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const canManage = !readOnly && held.has('company.manual');
  const user = useQuery({ queryKey: USER_INFO_KEY, queryFn: fetchUserInfo, enabled: readOnly });
  const company = user.data?.company?.name ?? '';
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const list = useQuery({
    queryKey: companyKeys.manuals(state.search, state.page, state.size),
    queryFn: () => companyApi.manuals(state.search, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => companyApi.removeManual(id),
    onSuccess: () => {
      void message.success(t('company.manualDeleted'));
      void queryClient.invalidateQueries({ queryKey: ['company', 'manuals'] });
    },
  });

  const columns: ColumnsType<Manual> = [
    { title: t('company.manualTitle'), dataIndex: 'title', render: (v: string) => <strong>{v}</strong> },
    { title: t('company.fileName'), dataIndex: 'fileName', responsive: ['md'], render: (v: string) => <bdi>{v}</bdi> },
    {
      title: t('company.size'),
      dataIndex: 'size',
      width: 110,
      responsive: ['sm'],
      render: (v: number) => <Quantity>{formatBytes(v)}</Quantity>,
    },
    {
      title: t('company.uploaded'),
      dataIndex: 'createdAt',
      width: 170,
      responsive: ['md'],
      render: (v: number) => <Quantity>{formatTime(v)}</Quantity>,
    },
    {
      title: t('company.actions'),
      key: 'actions',
      width: wide ? 230 : 100,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <RowAction
            wide={wide}
            label={t('company.download')}
            icon={<DownloadOutlined />}
            aria-label={t('company.downloadNamed', { name: r.title })}
            onClick={() => void downloadFile(r.url, { fallbackName: r.fileName }).catch(() => undefined)}
          />
          {canManage ? (
            <RowAction
              wide={wide}
              label={t('company.delete')}
              danger
              icon={<DeleteOutlined />}
              aria-label={t('company.deleteNamed', { name: r.title })}
              onClick={() =>
                modal.confirm({
                  title: t('company.deleteManualTitle', { name: r.title }),
                  content: t('company.deleteManualBody'),
                  okText: t('company.delete'),
                  okButtonProps: { danger: true },
                  cancelText: t('company.cancel'),
                  onOk: () => remove.mutateAsync(r.id),
                })
              }
            />
          ) : null}
        </Space>
      ),
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('company.manualsFailed')} retry={list.refetch} retryText={t('company.retry')} />;

  return (
    <ListPage
      titleId="manuals-title"
      title={t('page.manuals')}
      hint={readOnly ? t('company.manualsReadHint', { company }) : t('company.manualsHint')}
      data-testid={readOnly ? 'manuals-library' : 'company-manuals'}
      actions={
        canManage ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setUploading(true)} data-testid="manual-upload">
            {t('company.uploadManual')}
          </Button>
        ) : null
      }
    >
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('company.manualSearch')}
        searchLabel={t('company.manualSearch')}
        narrowed={narrowed}
        onReset={reset}
      />
      <Table<Manual>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="manuals-table"
        locale={listEmpty(
          narrowed,
          t('company.manualsNoMatch'),
          readOnly ? t('company.manualsReadNone', { company }) : t('company.manualsNone'),
        )}
      />
      {canManage ? <UploadDialog open={uploading} onClose={() => setUploading(false)} /> : null}
    </ListPage>
  );
}
