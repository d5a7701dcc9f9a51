import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connPasswordProblem, DEVICE_LIMITS, serialProblem } from '@heliograph/shared';
import { Alert, App, Button, Form, Input, Modal, Space, Table, Tabs, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { downloadXlsx } from '../batteries/downloadXlsx';
import { gatewayApi, gatewayKeys, type CheckedRow, type ImportAnswer } from './gatewayApi';
import { importVerdict, problemKey } from './gatewaySignal';

interface OneForm {
  sn: string;
  registrationKey: string;
  password: string;
}

/**
 * Add gateways to the company's stock: one by form, or many from an .xlsx. The file is checked first and each
 * row's problems are listed; it can be saved only when every row passes (the server saves all or none).
 */
export function ImportGatewaysModal({ open, onClose }: { open: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const [tab, setTab] = useState('one');
  return (
    <Modal
      open={open}
      title={t('gateways.import.title')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={680}
      data-testid="gateway-import"
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'one', label: t('gateways.import.one'), children: <OneGateway onDone={onClose} /> },
          { key: 'batch', label: t('gateways.import.batch'), children: <BatchImport onDone={onClose} /> },
        ]}
      />
    </Modal>
  );
}

function OneGateway({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OneForm>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: OneForm) =>
      gatewayApi.importOne({ ...v, sn: v.sn.trim(), registrationKey: v.registrationKey.trim() }),
    onSuccess: async (answer, v) => {
      if (answer.saved === 0) {
        const problems = answer.rows[0]?.problems ?? [];
        form.setFields([{ name: 'sn', errors: problems.map((p) => t(problemKey(p))) }]);
        return;
      }
      void message.success(t('gateways.import.savedOne', { sn: v.sn.trim() }));
      await queryClient.invalidateQueries({ queryKey: gatewayKeys.all });
      onDone();
    },
    onError: (err) => applyServerErrors(form, err, ['sn', 'registrationKey', 'password']),
  });
  const serialRule = (max: number, which: 'sn' | 'key') => ({
    validator: async (_: unknown, v: string | undefined) => {
      const p = serialProblem(v ?? '', max);
      if (p === 'required') throw new Error(t(problemKey(which === 'sn' ? 'snMissing' : 'keyMissing')));
      if (p) throw new Error(t(problemKey(which === 'sn' ? 'snCharacters' : 'keyCharacters')));
    },
  });
  return (
    <Form<OneForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} requiredMark="optional">
      <Form.Item name="sn" label={t('gateways.field.sn')} rules={[serialRule(DEVICE_LIMITS.serialMax, 'sn')]} required>
        <Input autoComplete="off" maxLength={40} data-testid="gateway-import-sn" />
      </Form.Item>
      <Form.Item
        name="registrationKey"
        label={t('gateways.field.key')}
        rules={[serialRule(DEVICE_LIMITS.registrationKeyMax, 'key')]}
        required
      >
        <Input autoComplete="off" maxLength={40} data-testid="gateway-import-key" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('acSwitches.connPassword.label')}
        extra={t('acSwitches.connPassword.help')}
        required
        rules={[
          {
            validator: async (_, v: string | undefined) => {
              const p = connPasswordProblem(v ?? '');
              if (p) throw new Error(t(p === 'required' ? 'acSwitches.rule.required' : 'acSwitches.connPassword.weak'));
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={24} data-testid="gateway-import-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="gateway-import-save-one">
        {t('gateways.import.saveOne')}
      </Button>
    </Form>
  );
}

function BatchImport({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportAnswer | null>(null);
  const check = useMutation({ mutationFn: (f: File) => gatewayApi.checkImport(f), onSuccess: setChecked });
  const save = useMutation({
    mutationFn: (f: File) => gatewayApi.importBatch(f),
    onSuccess: async (answer) => {
      if (answer.saved === 0) {
        setChecked(answer);
        return;
      }
      void message.success(t('gateways.import.saved', { n: answer.saved }));
      await queryClient.invalidateQueries({ queryKey: gatewayKeys.all });
      onDone();
    },
  });
  const { failing, allPass } = importVerdict(checked?.rows ?? []);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <p className="hg-storage-hint">{t('gateways.import.hint', { max: DEVICE_LIMITS.importRowsMax })}</p>
      <Button
        icon={<DownloadOutlined />}
        onClick={() =>
          void downloadXlsx('/api/v1/gateways/import/template', {}, 'gateway-import.xlsx').catch(() => undefined)
        }
        data-testid="gateway-import-template"
      >
        {t('gateways.import.template')}
      </Button>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          if (!/\.xlsx$/i.test(f.name)) {
            void message.error(t('gateways.import.onlyXlsx'));
            return Upload.LIST_IGNORE;
          }
          setFile(f);
          setChecked(null);
          check.mutate(f);
          return false;
        }}
        data-testid="gateway-import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{file ? file.name : t('gateways.import.pick')}</p>
      </Upload.Dragger>
      {check.isPending ? <Alert type="info" showIcon title={t('gateways.import.checking')} /> : null}
      {checked ? (
        <>
          <Alert
            type={allPass ? 'success' : 'error'}
            showIcon
            data-testid="gateway-import-verdict"
            title={
              checked.rows.length === 0
                ? t('gateways.import.empty')
                : allPass
                  ? t('gateways.import.allPass', { n: checked.rows.length })
                  : t('gateways.import.someFail', { n: failing, all: checked.rows.length })
            }
          />
          <Table<CheckedRow>
            size="small"
            rowKey="row"
            dataSource={checked.rows}
            pagination={{ pageSize: 8, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            data-testid="gateway-import-rows"
            columns={[
              { key: 'row', title: t('gateways.import.row'), dataIndex: 'row', width: 64 },
              { key: 'sn', title: t('gateways.field.sn'), dataIndex: 'sn', render: (v: string) => v || '--' },
              {
                key: 'problems',
                title: t('gateways.import.problems'),
                render: (_, r) =>
                  r.problems.length === 0 ? (
                    <Tag color="success">{t('gateways.import.ok')}</Tag>
                  ) : (
                    // Several problems wrap under each other so the dialog never scrolls sideways.
                    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, maxWidth: 360 }}>
                      {r.problems.map((p) => (
                        <Tag color="error" key={p} style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
                          {t(problemKey(p))}
                        </Tag>
                      ))}
                    </div>
                  ),
              },
            ]}
          />
        </>
      ) : null}
      <Button
        type="primary"
        disabled={!allPass || !file}
        loading={save.isPending}
        onClick={() => file && save.mutate(file)}
        data-testid="gateway-import-save"
      >
        {t('gateways.import.save', { n: checked?.rows.length ?? 0 })}
      </Button>
    </Space>
  );
}
