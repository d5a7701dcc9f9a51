import { BranchesOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Form, Input, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '@heliograph/shared';
import { applyServerErrors } from '../../api/formErrors';
import { formatTime } from '../../components/fileFormat';
import { currentLang } from '../../i18n';
import { XlsxExportButton } from '../device-common/XlsxExportButton';
import { protocolApi, protocolKeys, FULL_DATA_PATH, type ProtocolRow } from './api';
import { ColumnsTable } from './ColumnsTable';
import { DecodePanel } from './DecodePanel';
import { ImportDialog } from './ImportDialog';
import { ProtocolDialog } from './ProtocolDialog';
import { PushPanel } from './PushPanel';

interface Props {
  protocol: ProtocolRow;
  onDeleted: () => void;
}

/** One protocol: its fields, its configs with their versions, the columns of the chosen version, import, export, decode. */
export function ProtocolEditor({ protocol, onDeleted }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const lang = currentLang();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [configName, setConfigName] = useState<string | null>(null);
  const [versionId, setVersionId] = useState<string | null>(null);
  const [addForm] = Form.useForm<{ name: string }>();
  const changed = () => void queryClient.invalidateQueries({ queryKey: protocolKeys.all });

  const configs = useQuery({
    queryKey: protocolKeys.configs(protocol.id),
    queryFn: () => protocolApi.configs(protocol.id),
  });
  const name = configName ?? configs.data?.[0]?.name ?? null;
  const versions = useQuery({
    queryKey: protocolKeys.versions(protocol.id, name ?? ''),
    queryFn: () => protocolApi.versions(protocol.id, name ?? ''),
    enabled: name !== null,
  });
  const version = versions.data?.find((v) => v.id === versionId) ?? versions.data?.[0] ?? null;

  const remove = useMutation({
    mutationFn: () => protocolApi.remove(protocol.id),
    onSuccess: () => {
      void message.success(t('protocols.deleted', { name: protocol.code }));
      changed();
      onDeleted();
    },
  });
  const addConfig = useMutation({
    mutationFn: (n: string) => protocolApi.addConfig(protocol.id, n),
    onSuccess: (row) => {
      setAdding(false);
      setConfigName(row.name);
      setVersionId(null);
      changed();
    },
    onError: (err) => applyServerErrors(addForm, err, ['name']),
  });
  const newVersion = useMutation({
    mutationFn: (id: string) => protocolApi.newVersion(id, ''),
    onSuccess: (row) => {
      void message.success(t('protocols.versionMade', { name: row.name, version: row.version }));
      setVersionId(row.id);
      changed();
    },
  });
  const removeVersion = useMutation({
    mutationFn: (id: string) => protocolApi.removeVersion(id),
    onSuccess: () => {
      setVersionId(null);
      if ((versions.data?.length ?? 0) <= 1) setConfigName(null);
      changed();
    },
  });

  return (
    <section className="hg-page-card" aria-labelledby="protocol-editor-title" data-testid="protocol-editor">
      <header className="hg-page-header">
        <div>
          <h2 id="protocol-editor-title" className="hg-page-title">
            <bdi>{protocol.code}</bdi>
          </h2>
          <p className="hg-page-hint">{t('protocols.editorHint')}</p>
        </div>
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="protocol-edit">
            {t('protocols.edit')}
          </Button>
          <XlsxExportButton
            path={FULL_DATA_PATH}
            query={{ protocolId: protocol.id }}
            fileName={`protocol-${protocol.code}.xlsx`}
            data-testid="protocol-export"
          />
          <Button onClick={() => setImporting(true)} data-testid="protocol-import">
            {t('protocols.import')}
          </Button>
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() =>
              modal.confirm({
                title: t('protocols.deleteTitle', { name: protocol.code }),
                content: t('protocols.deleteBody'),
                okText: t('protocols.delete'),
                okButtonProps: { danger: true },
                cancelText: t('protocols.cancel'),
                onOk: () => remove.mutateAsync(),
              })
            }
          >
            {t('protocols.delete')}
          </Button>
        </Space>
      </header>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'm', label: t('protocols.manufacturer'), children: <bdi>{protocol.manufacturer}</bdi> },
          { key: 'p', label: t('protocols.protocolVersion'), children: <bdi>{protocol.protocolVersion}</bdi> },
          { key: 'c', label: t('protocols.configureVersion'), children: <bdi>{protocol.configureVersion || '—'}</bdi> },
          { key: 'u', label: t('protocols.creator'), children: <bdi>{protocol.creator || '—'}</bdi> },
          { key: 't', label: t('protocols.updated'), children: formatTime(protocol.updatedAt) },
        ]}
      />

      <div className="hg-pc-configs" role="group" aria-label={t('protocols.configs')}>
        <Select
          className="hg-pc-select"
          aria-label={t('protocols.config')}
          value={name ?? undefined}
          placeholder={t('protocols.config')}
          loading={configs.isLoading}
          onChange={(v: string) => {
            setConfigName(v);
            setVersionId(null);
          }}
          options={(configs.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
          data-testid="config-select"
        />
        <Select
          className="hg-pc-select"
          aria-label={t('protocols.version')}
          value={version?.id}
          disabled={!version}
          onChange={(v: string) => setVersionId(v)}
          options={(versions.data ?? []).map((v) => ({
            value: v.id,
            label: t(v.latest ? 'protocols.versionLatest' : 'protocols.versionN', { version: v.version }),
          }))}
          data-testid="version-select"
        />
        <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="config-add">
          {t('protocols.addConfig')}
        </Button>
        <Button
          icon={<BranchesOutlined />}
          disabled={!version}
          loading={newVersion.isPending}
          onClick={() => version && newVersion.mutate(version.id)}
          data-testid="version-new"
        >
          {t('protocols.newVersion')}
        </Button>
        <Button
          danger
          disabled={!version}
          onClick={() =>
            version &&
            modal.confirm({
              title: t('protocols.deleteVersionTitle', { name: version.name, version: version.version }),
              content: t('protocols.deleteVersionBody'),
              okText: t('protocols.delete'),
              okButtonProps: { danger: true },
              cancelText: t('protocols.cancel'),
              onOk: () => removeVersion.mutateAsync(version.id),
            })
          }
        >
          {t('protocols.deleteVersion')}
        </Button>
        {version ? (
          <Tag color={version.latest ? 'blue' : 'default'}>
            {t(version.latest ? 'protocols.editable' : 'protocols.readOnly')}
          </Tag>
        ) : null}
      </div>

      {version ? (
        <ColumnsTable config={version} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('protocols.noConfigs')} />
      )}
      {version ? <DecodePanel config={version} /> : null}
      <PushPanel protocol={protocol} />

      <ProtocolDialog open={editing} protocol={protocol} onClose={() => setEditing(false)} />
      <ImportDialog open={importing} protocol={protocol} onClose={() => setImporting(false)} />
      <Modal
        open={adding}
        title={t('protocols.addConfig')}
        okText={t('protocols.save')}
        cancelText={t('protocols.cancel')}
        confirmLoading={addConfig.isPending}
        onOk={() => void addForm.validateFields().then((v) => addConfig.mutate(v.name.trim()))}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={addForm} layout="vertical" preserve={false}>
          <Form.Item
            name="name"
            label={t('protocols.configName')}
            extra={fieldMessage('configName', lang)}
            rules={[
              { required: true, whitespace: true, message: fieldMessage('required', lang) },
              { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: fieldMessage('configName', lang) },
            ]}
          >
            <Input maxLength={32} dir="ltr" data-testid="config-name" />
          </Form.Item>
        </Form>
      </Modal>
    </section>
  );
}
