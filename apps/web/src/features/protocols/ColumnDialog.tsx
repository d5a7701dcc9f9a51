import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage, LANGUAGE_NAMES, LANGUAGES, PROTOCOL_LIMITS } from '@heliograph/shared';
import { applyServerErrors } from '../../api/formErrors';
import { currentLang, HTML_LANG } from '../../i18n';
import { protocolApi, protocolKeys, type ColumnRow, type ConfigRow } from './api';
import { formProblems, registerTypeFor, toColumnInput, toFormValues, type ColumnFormValues } from './columnForm';

interface Props {
  config: ConfigRow;
  /** The column to change; null: a new one. */
  column: ColumnRow | null;
  open: boolean;
  /** The config's other columns (names must differ; a scale-factor column must be one of them). */
  siblings: readonly ColumnRow[];
  onClose: () => void;
}

const FIELDS = [
  'name',
  'functionCode',
  'startAddress',
  'registerCount',
  'unit',
  'registerType',
  'dataType',
  'order',
  'base',
  'scale',
  'scaleFactor',
  'skipBytes',
  'required',
  ...LANGUAGES.map((l) => `description_${l}`),
];

/** Add or change a column (spec §3, every field), checked by packages/shared's rules before it is sent. */
export function ColumnDialog({ config, column, open, siblings, onClose }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLang();
  const [form] = Form.useForm<ColumnFormValues>();
  const queryClient = useQueryClient();
  // The option lists come from the server's dictionary (GET dict/protocolRelated): one source for every editor.
  const related = useQuery({ queryKey: protocolKeys.related, queryFn: protocolApi.related, staleTime: Infinity });
  const lists = related.data;
  useEffect(() => {
    if (open) form.setFieldsValue(toFormValues(column));
  }, [open, column, form]);

  const save = useMutation({
    mutationFn: (v: ColumnFormValues) => {
      const body = toColumnInput(v);
      return column ? protocolApi.editColumn(column.id, body) : protocolApi.addColumn(config.id, body);
    },
    onSuccess: (row) => {
      void message.success(t('protocols.columnSaved', { name: row.name }));
      void queryClient.invalidateQueries({ queryKey: protocolKeys.all });
      onClose();
    },
    onError: (err) =>
      applyServerErrors(form, err, FIELDS, {
        descriptions: 'description_en',
        byteSwap: 'order',
        registerSwap: 'order',
      }),
  });

  const submit = async () => {
    const values = await form.validateFields();
    const problems = formProblems(toColumnInput(values), siblings);
    if (problems.length > 0) {
      const byField = new Map<string, string[]>();
      for (const p of problems)
        byField.set(p.field, [...(byField.get(p.field) ?? []), fieldMessage(p.problem.rule, lang)]);
      form.setFields([...byField].map(([name, errors]) => ({ name: name as keyof ColumnFormValues, errors })));
      return;
    }
    save.mutate(values);
  };

  return (
    <Modal
      open={open}
      width={760}
      title={t(column ? 'protocols.editColumn' : 'protocols.addColumn')}
      okText={t('protocols.save')}
      cancelText={t('protocols.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        onValuesChange={(changed: Partial<ColumnFormValues>) => {
          if (changed.functionCode !== undefined) {
            const type = registerTypeFor(changed.functionCode);
            if (type) form.setFieldValue('registerType', type);
          }
        }}
        data-testid="column-form"
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('protocols.col.name')} required>
              <Input maxLength={PROTOCOL_LIMITS.columnNameMax} dir="ltr" data-testid="column-name" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="functionCode" label={t('protocols.col.functionCode')} required>
              <Select
                loading={!lists}
                options={(lists?.functionCodes ?? []).map((fc) => ({
                  value: fc.value,
                  label: t(`protocols.fc.${fc.value}`),
                }))}
                data-testid="column-fc"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="registerType" label={t('protocols.col.registerType')} required>
              <Select
                loading={!lists}
                options={(lists?.registerTypes ?? []).map((r) => ({
                  value: r,
                  label: t(`protocols.registerType.${r}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              name="startAddress"
              label={t('protocols.col.startAddress')}
              extra={t('protocols.hexHint')}
              required
            >
              <Input maxLength={PROTOCOL_LIMITS.hexDigits} dir="ltr" placeholder="9C40" data-testid="column-address" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="registerCount" label={t('protocols.col.registerCount')} required>
              <InputNumber min={1} max={PROTOCOL_LIMITS.registerCountMax} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="dataType" label={t('protocols.col.dataType')} required>
              <Select
                loading={!lists}
                options={(lists?.dataTypes ?? []).map((d) => ({ value: d.value, label: d.value }))}
                data-testid="column-type"
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="order" label={t('protocols.col.order')} extra={t('protocols.orderHint')}>
              <Select
                loading={!lists}
                options={(lists?.orders ?? []).map((o) => ({ value: o.value, label: t(`protocols.order.${o.value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="scale" label={t('protocols.col.scale')}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="base" label={t('protocols.col.base')}>
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="scaleFactor" label={t('protocols.col.scaleFactor')}>
              <Select allowClear options={siblings.map((s) => ({ value: s.name, label: s.name }))} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="skipBytes" label={t('protocols.col.skipBytes')}>
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="unit" label={t('protocols.col.unit')}>
              <Input maxLength={PROTOCOL_LIMITS.unitMax} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="required" valuePropName="checked" label=" ">
              <Checkbox>{t('protocols.col.required')}</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <fieldset className="hg-pc-descriptions">
          <legend>{t('protocols.descriptions')}</legend>
          <Row gutter={16}>
            {LANGUAGES.map((l) => (
              <Col xs={24} sm={12} key={l}>
                <Form.Item name={`description_${l}`} label={LANGUAGE_NAMES[l]} required={l === 'en'}>
                  <Input
                    maxLength={PROTOCOL_LIMITS.descriptionMax}
                    lang={HTML_LANG[l]}
                    dir={l === 'he' ? 'rtl' : 'ltr'}
                    data-testid={`column-description-${l}`}
                  />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </fieldset>
      </Form>
    </Modal>
  );
}
