import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connPasswordProblem, DEVICE_LIMITS, serialProblem } from '@heliograph/shared';
import { Alert, App, Button, Form, Input, Modal, Table, Tabs, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { downloadXlsx } from '../batteries/downloadXlsx';
import { switchApi, switchKeys, type CheckedRow, type ImportAnswer } from './acSwitchApi';

interface OneForm {
  sn: string;
  registrationKey: string;
  password: string;
}

/**
 * Add switches to the company's stock: one by form, or many from an .xlsx. The file is checked first and
 * each row's problems are listed; it can be saved only when every row passes (the server saves all or none).
 */
export function CreateSwitchModal({ open, onClose }: { open: boolean; onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const [tab, setTab] = useState('one');
  return (
    <Modal
      open={open}
      title={t('acSwitches.create.title')}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      data-testid="switch-create"
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'one', label: t('acSwitches.create.one'), children: <OneSwitch onDone={onClose} /> },
          { key: 'batch', label: t('acSwitches.create.batch'), children: <BatchImport onDone={onClose} /> },
        ]}
      />
    </Modal>
  );
}

function OneSwitch({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<OneForm>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: OneForm) => switchApi.create({ ...v, sn: v.sn.trim(), registrationKey: v.registrationKey.trim() }),
    onSuccess: async (answer, v) => {
      if (answer.saved === 0) {
        const problems = answer.rows[0]?.problems ?? [];
        form.setFields([{ name: 'sn', errors: problems.map((p) => t(`acSwitches.import.problem.${p}`)) }]);
        return;
      }
      void message.success(t('acSwitches.create.saved', { sn: v.sn.trim() }));
      await queryClient.invalidateQueries({ queryKey: switchKeys.all });
      onDone();
    },
    onError: (err) => applyServerErrors(form, err, ['sn', 'registrationKey', 'password']),
  });
  const serialRule = (max: number) => ({
    validator: async (_: unknown, v: string | undefined) => {
      const p = serialProblem(v ?? '', max);
      if (p)
        throw new Error(t(p === 'noSpecialCharacters' ? 'acSwitches.create.lettersDigits' : `acSwitches.rule.${p}`));
    },
  });
  return (
    <Form<OneForm> form={form} layout="vertical" onFinish={(v) => save.mutate(v)} requiredMark="optional">
      <Form.Item name="sn" label={t('acSwitches.sn')} rules={[serialRule(DEVICE_LIMITS.serialMax)]} required>
        <Input autoComplete="off" maxLength={40} data-testid="switch-create-sn" />
      </Form.Item>
      <Form.Item
        name="registrationKey"
        label={t('acSwitches.create.key')}
        rules={[serialRule(DEVICE_LIMITS.registrationKeyMax)]}
        required
      >
        <Input autoComplete="off" maxLength={40} data-testid="switch-create-key" />
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
        <Input.Password autoComplete="new-password" maxLength={24} data-testid="switch-create-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="switch-create-save">
        {t('acSwitches.create.save')}
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
  const check = useMutation({
    mutationFn: (f: File) => switchApi.checkImport(f),
    onSuccess: (answer) => setChecked(answer),
  });
  const save = useMutation({
    mutationFn: (f: File) => switchApi.importBatch(f),
    onSuccess: async (answer) => {
      if (answer.saved === 0) {
        setChecked(answer);
        return;
      }
      void message.success(t('acSwitches.import.saved', { n: answer.saved }));
      await queryClient.invalidateQueries({ queryKey: switchKeys.all });
      onDone();
    },
  });
  const failing = checked?.rows.filter((r) => r.problems.length > 0) ?? [];
  const allPass = checked !== null && checked.rows.length > 0 && failing.length === 0;
  return (
    <div className="hg-switch-import">
      <p className="hg-storage-hint">{t('acSwitches.import.hint', { max: DEVICE_LIMITS.importRowsMax })}</p>
      <Button
        icon={<DownloadOutlined />}
        onClick={() =>
          void downloadXlsx('/api/v1/acSwitch/import/template', {}, 'ac-switch-import.xlsx').catch(() => undefined)
        }
        data-testid="switch-import-template"
      >
        {t('acSwitches.import.template')}
      </Button>
      <Upload.Dragger
        accept=".xlsx"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(f) => {
          if (!/\.xlsx$/i.test(f.name)) {
            void message.error(t('acSwitches.import.onlyXlsx'));
            return Upload.LIST_IGNORE;
          }
          setFile(f);
          setChecked(null);
          check.mutate(f);
          return false;
        }}
        className="hg-switch-dropzone"
        data-testid="switch-import-file"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{file ? file.name : t('acSwitches.import.pick')}</p>
      </Upload.Dragger>
      {check.isPending ? <Alert type="info" showIcon title={t('acSwitches.import.checking')} /> : null}
      {checked ? (
        <>
          <Alert
            type={allPass ? 'success' : 'error'}
            showIcon
            data-testid="switch-import-verdict"
            title={
              checked.rows.length === 0
                ? t('acSwitches.import.empty')
                : allPass
                  ? t('acSwitches.import.allPass', { n: checked.rows.length })
                  : t('acSwitches.import.someFail', { n: failing.length, all: checked.rows.length })
            }
          />
          <Table<CheckedRow>
            size="small"
            rowKey="row"
            dataSource={checked.rows}
            pagination={{ pageSize: 8, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            data-testid="switch-import-rows"
            columns={[
              { key: 'row', title: t('acSwitches.import.row'), dataIndex: 'row', width: 64 },
              { key: 'sn', title: t('acSwitches.sn'), dataIndex: 'sn', render: (v: string) => v || '--' },
              {
                key: 'problems',
                title: t('acSwitches.import.problems'),
                render: (_, r) =>
                  r.problems.length === 0 ? (
                    <Tag color="success">{t('acSwitches.import.ok')}</Tag>
                  ) : (
                    r.problems.map((p) => (
                      <Tag color="error" key={p}>
                        {t(`acSwitches.import.problem.${p}`)}
                      </Tag>
                    ))
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
        data-testid="switch-import-save"
      >
        {t('acSwitches.import.save', { n: checked?.rows.length ?? 0 })}
      </Button>
    </div>
  );
}
