import { SETTINGS_PROTOCOLS, type SettingField, type SettingsProtocol, type SettingValue } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, InputNumber, Modal, Select, Skeleton, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { settingRule } from '../device-common/settingRule';
import { templateApi, templateKeys, type ConfigTemplate } from './api';

interface EditorValues {
  name: string;
  protocol: SettingsProtocol;
  model: string;
  values: Record<string, SettingValue | null | undefined>;
}

/**
 * Create or edit a template: a name, the protocol whose form it fills, an optional model, and the values of
 * the fields it sets (empty fields are left out, so a template may set just one thing).
 */
export function TemplateEditor({
  open,
  template,
  onClose,
}: {
  open: boolean;
  template: ConfigTemplate | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const protocol = (Form.useWatch('protocol', form) ?? template?.protocol ?? 'metrics') as SettingsProtocol;
  const queryClient = useQueryClient();
  const fields = useQuery({
    queryKey: templateKeys.fields(protocol),
    queryFn: () => templateApi.fields(protocol),
    enabled: open,
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      template
        ? { name: template.name, protocol: template.protocol, model: template.model, values: template.values }
        : { name: '', protocol: 'metrics', model: '', values: {} },
    );
  }, [open, template, form]);

  const save = useMutation({
    mutationFn: (v: EditorValues) => {
      const values: Record<string, SettingValue> = {};
      for (const [k, x] of Object.entries(v.values ?? {})) if (x !== undefined && x !== null && x !== '') values[k] = x;
      const body = { name: v.name.trim(), protocol: v.protocol, model: (v.model ?? '').trim(), values };
      return template ? templateApi.update(template.id, body) : templateApi.create(body);
    },
    onSuccess: () => {
      void message.success(t('configTemplates.saved'));
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length > 0)
        form.setFields(error.fields.map((f) => ({ name: ['values', f.field], errors: [f.message] })));
    },
  });

  const label = (f: SettingField) =>
    i18n.exists(`inverters.settingKeys.${f.key}`) ? t(`inverters.settingKeys.${f.key}`) : (f.label ?? f.key);
  const rule = (f: SettingField) => settingRule(t, f);

  return (
    <Modal
      open={open}
      title={template ? t('configTemplates.editTitle') : t('configTemplates.createTitle')}
      okText={t('configTemplates.save')}
      cancelText={t('configTemplates.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => {
            const filled = Object.values(v.values ?? {}).some((x) => x !== undefined && x !== null && x !== '');
            if (!filled) {
              void message.error(t('configTemplates.needOneValue'));
              return;
            }
            save.mutate(v);
          })
          .catch(() => undefined)
      }
      width={720}
      destroyOnHidden
      data-testid="template-editor"
    >
      <Form form={form} layout="vertical">
        <div className="hg-tpl-head">
          <Form.Item
            name="name"
            label={t('configTemplates.name')}
            rules={[
              { required: true, whitespace: true, message: t('configTemplates.nameRequired') },
              { max: 64, message: t('configTemplates.nameTooLong') },
            ]}
          >
            <Input maxLength={64} data-testid="template-name" autoFocus />
          </Form.Item>
          <Form.Item name="protocol" label={t('configTemplates.protocol')}>
            <Select
              disabled={!!template}
              options={SETTINGS_PROTOCOLS.map((p) => ({ value: p, label: t(`configTemplates.protocols.${p}`) }))}
              onChange={() => form.setFieldValue('values', {})}
              data-testid="template-protocol"
            />
          </Form.Item>
          <Form.Item name="model" label={t('configTemplates.model')} extra={t('configTemplates.modelHint')}>
            <Input maxLength={64} />
          </Form.Item>
        </div>
        <Alert type="info" showIcon message={t('configTemplates.valuesHint')} className="hg-tpl-alert" />
        {fields.isLoading ? (
          <Skeleton active />
        ) : (
          <div className="hg-tpl-fields">
            {(fields.data ?? []).map((f) => (
              <Form.Item
                key={f.key}
                name={['values', f.key]}
                label={label(f)}
                rules={[rule(f)]}
                valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
              >
                {f.type === 'number' ? (
                  <InputNumber
                    className="hg-tpl-number"
                    step={f.decimals > 0 ? 10 ** -f.decimals : 1}
                    addonAfter={f.unit}
                    placeholder={`${f.min} – ${f.max}`}
                    data-testid={`template-${f.key}`}
                  />
                ) : f.type === 'enum' ? (
                  <Select
                    allowClear
                    options={f.options.map((o) => ({ value: o.value, label: o.label ?? String(o.value) }))}
                    data-testid={`template-${f.key}`}
                  />
                ) : (
                  <Switch />
                )}
              </Form.Item>
            ))}
          </div>
        )}
      </Form>
    </Modal>
  );
}
