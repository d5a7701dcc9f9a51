import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Select, Space, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, FIRMWARE_LIMITS, fieldMessage } from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';
import { currentLang } from '../../i18n';
import { firmwareApi, firmwareKeys, type FirmwareKind } from './api';

/**
 * Labels of a device kind (spec §3 "primary and secondary labels"): primary labels and the secondary ones under
 * them, names unique per parent (1221); a label with secondary labels cannot be deleted (1220).
 */
export function LabelsDialog({
  kind,
  open,
  onClose,
}: {
  kind: FirmwareKind;
  open: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ name: string; parentId?: string }>();
  const labels = useQuery({
    queryKey: firmwareKeys.labels(kind),
    queryFn: () => firmwareApi.labels(kind),
    enabled: open,
  });
  const changed = () => void queryClient.invalidateQueries({ queryKey: firmwareKeys.all });
  const add = useMutation({
    mutationFn: (v: { name: string; parentId?: string }) =>
      firmwareApi.addLabel(kind, v.name.trim(), v.parentId ?? null),
    onSuccess: () => {
      void message.success(t('firmware.labelAdded'));
      form.resetFields();
      changed();
    },
    onError: (err) => {
      if (err instanceof ApiError && !err.notified && err.code !== ERROR_CODES.validation)
        setFieldError(form, 'name', err.message);
      else applyServerErrors(form, err, ['name', 'parentId']);
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => firmwareApi.removeLabel(id),
    onSuccess: () => {
      void message.success(t('firmware.labelDeleted'));
      changed();
    },
    onError: (err) => {
      if (err instanceof ApiError && !err.notified) void message.error(err.message);
    },
  });
  const all = labels.data ?? [];
  const primary = all.filter((l) => l.parentId === null);
  const title = (id: string, name: string, used: number) => (
    <Space size={4}>
      <bdi>{name}</bdi>
      <span className="hg-fw-muted">({t('firmware.labelUsed', { count: used })})</span>
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('firmware.deleteNamed', { name })}
        onClick={() =>
          modal.confirm({
            title: t('firmware.deleteLabelTitle', { name }),
            content: t('firmware.deleteLabelBody'),
            okText: t('firmware.delete'),
            okButtonProps: { danger: true },
            cancelText: t('firmware.cancel'),
            onOk: () => remove.mutateAsync(id).catch(() => undefined),
          })
        }
      />
    </Space>
  );

  return (
    <Modal
      open={open}
      title={t('firmware.labelsTitle', { kind: t(`firmware.kind.${kind}`) })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('firmware.close')}</Button>}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        aria-label={t('firmware.addLabel')}
        onFinish={(v) => add.mutate(v)}
        requiredMark={false}
      >
        <Form.Item
          name="name"
          label={t('firmware.labelName')}
          rules={[{ required: true, whitespace: true, message: fieldMessage('required', lang) }]}
        >
          <Input maxLength={FIRMWARE_LIMITS.labelNameMax} />
        </Form.Item>
        <Form.Item name="parentId" label={t('firmware.labelParent')} extra={t('firmware.labelParentHint')}>
          <Select allowClear options={primary.map((l) => ({ value: l.id, label: l.name }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
          {t('firmware.addLabel')}
        </Button>
      </Form>
      <div style={{ marginBlockStart: 24 }}>
        {all.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.noLabels')} />
        ) : (
          <Tree
            defaultExpandAll
            selectable={false}
            treeData={primary.map((p) => ({
              key: p.id,
              title: title(p.id, p.name, p.used),
              children: all
                .filter((c) => c.parentId === p.id)
                .map((c) => ({ key: c.id, title: title(c.id, c.name, c.used), isLeaf: true })),
            }))}
          />
        )}
      </div>
    </Modal>
  );
}
