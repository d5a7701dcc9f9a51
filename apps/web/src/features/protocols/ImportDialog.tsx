import { InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { downloadFile, XLSX_TYPE } from '../device-common/download';
import { protocolApi, protocolKeys, TEMPLATE_PATH, type ImportResult, type ProtocolRow } from './api';

interface Props {
  open: boolean;
  protocol: ProtocolRow;
  onClose: () => void;
}

/**
 * Import configs from .xlsx: the file is checked first and every bad row shown with its row number and
 * reason; nothing is saved until the person confirms a file without a bad row. Each config in the sheet
 * becomes a new version.
 */
export function ImportDialog({ open, protocol, onClose }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFile(null);
    setResult(null);
    setFailure(null);
    onClose();
  };
  const check = useMutation({
    mutationFn: (f: File) => protocolApi.importSheet(protocol.id, f, true),
    onSuccess: (r) => {
      setResult(r);
      setFailure(null);
    },
    onError: (err) => setFailure(err instanceof ApiError ? err.message : t('protocols.importFailed')),
  });
  const save = useMutation({
    mutationFn: (f: File) => protocolApi.importSheet(protocol.id, f, false),
    onSuccess: (r) => {
      if (!r.saved) {
        setResult(r);
        return;
      }
      void message.success(
        t('protocols.imported', { configs: r.configs.map((c) => `${c.name} v${c.version}`).join(', ') }),
      );
      void queryClient.invalidateQueries({ queryKey: protocolKeys.all });
      close();
    },
    onError: (err) => setFailure(err instanceof ApiError ? err.message : t('protocols.importFailed')),
  });
  const clean = result !== null && result.problems.length === 0;

  return (
    <Modal
      open={open}
      width={720}
      title={t('protocols.importTitle', { name: protocol.code })}
      onCancel={close}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={close}>{t('protocols.cancel')}</Button>
          <Button
            type="primary"
            disabled={!clean || !file}
            loading={save.isPending}
            onClick={() => file && save.mutate(file)}
            data-testid="import-confirm"
          >
            {t('protocols.importConfirm')}
          </Button>
        </Space>
      }
    >
      <p>{t('protocols.importHint')}</p>
      <Button
        type="link"
        style={{ paddingInline: 0 }}
        onClick={() =>
          void downloadFile(TEMPLATE_PATH, { accept: XLSX_TYPE, fallbackName: 'protocol-columns.xlsx' }).catch(
            () => undefined,
          )
        }
      >
        {t('protocols.template')}
      </Button>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        showUploadList={file ? { showRemoveIcon: false } : false}
        fileList={file ? [{ uid: '1', name: file.name, status: check.isPending ? 'uploading' : 'done' }] : []}
        beforeUpload={(f) => {
          setFile(f);
          setResult(null);
          check.mutate(f);
          return false;
        }}
        data-testid="import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('protocols.importDrop')}</p>
      </Upload.Dragger>
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBlockStart: 12 }} /> : null}
      {result ? (
        <div className="hg-pc-import" data-testid="import-result">
          {clean ? (
            <Alert
              type="success"
              showIcon
              title={t('protocols.importClean', {
                rows: result.rows,
                configs: result.configs.map((c) => `${c.name} v${c.version} (${c.columns})`).join(', '),
              })}
            />
          ) : (
            <>
              <Alert
                type="error"
                showIcon
                title={t('protocols.importBad', {
                  count: new Set(result.problems.map((p) => p.row)).size,
                  rows: result.rows,
                })}
              />
              <Table
                size="small"
                rowKey={(p) => `${p.row}-${p.field}-${p.rule}`}
                dataSource={result.problems}
                pagination={{ pageSize: 8, hideOnSinglePage: true, showSizeChanger: false }}
                columns={[
                  { title: t('protocols.row'), dataIndex: 'row', width: 80 },
                  {
                    title: t('protocols.field'),
                    dataIndex: 'field',
                    width: 160,
                    render: (v: string) => <code dir="ltr">{v}</code>,
                  },
                  { title: t('protocols.reason'), dataIndex: 'message' },
                ]}
                data-testid="import-problems"
              />
            </>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
