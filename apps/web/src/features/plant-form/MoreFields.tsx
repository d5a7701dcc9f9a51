import { Form, Input, InputNumber, Switch } from 'antd';
import { plantInfoFields, plantSettingsSchema } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { schemaRule } from './fieldRules';
import type { PlantFormValues } from './formModel';
import { useLang } from './useLang';

/** The editor's further facts: alias, total investment, generation offset (spec §3). */
export function MoreFields(): React.JSX.Element {
  const { t } = useTranslation();
  const { lang } = useLang();
  const form = Form.useFormInstance<PlantFormValues>();
  const currency = Form.useWatch('currency', { form, preserve: true }) ?? '';
  const f = plantInfoFields;
  return (
    <div className="hg-pf-grid">
      <Form.Item name="alias" label={t('plantForm.field.alias')} rules={[schemaRule(f.alias.optional(), lang)]}>
        <Input maxLength={32} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="totalInvestment"
        label={t('plantForm.field.totalInvestment')}
        rules={[schemaRule(f.totalInvestment.optional(), lang)]}
      >
        <InputNumber className="hg-pf-number" min={0} step={100} suffix={currency} />
      </Form.Item>
      <Form.Item
        name="generationOffsetKwh"
        label={t('plantForm.field.generationOffset')}
        extra={t('plantForm.hint.generationOffset')}
        rules={[schemaRule(f.generationOffsetKwh.optional(), lang)]}
      >
        <InputNumber className="hg-pf-number" min={0} suffix="kWh" />
      </Form.Item>
    </div>
  );
}

/** Storage plants' targets and automation (spec §3: charge/discharge SOC, export price, auto modes). */
export function StorageFields(): React.JSX.Element {
  const { t } = useTranslation();
  const { lang } = useLang();
  const form = Form.useFormInstance<PlantFormValues>();
  const currency = Form.useWatch('currency', { form, preserve: true }) ?? '';
  const s = plantSettingsSchema.shape;
  return (
    <div className="hg-pf-grid">
      <Form.Item
        name={['settings', 'chargeTargetSoc']}
        label={t('plantForm.field.chargeTargetSoc')}
        rules={[schemaRule(s.chargeTargetSoc, lang)]}
      >
        <InputNumber className="hg-pf-number" min={0} max={100} precision={0} suffix="%" />
      </Form.Item>
      <Form.Item
        name={['settings', 'dischargeTargetSoc']}
        label={t('plantForm.field.dischargeTargetSoc')}
        rules={[schemaRule(s.dischargeTargetSoc, lang)]}
      >
        <InputNumber className="hg-pf-number" min={0} max={100} precision={0} suffix="%" />
      </Form.Item>
      <Form.Item
        name={['settings', 'exportPrice']}
        label={t('plantForm.field.exportPrice')}
        rules={[schemaRule(s.exportPrice, lang)]}
      >
        <InputNumber className="hg-pf-number" min={0} step={0.0001} suffix={t('plantForm.unit.perKwh', { currency })} />
      </Form.Item>
      <Form.Item
        name={['settings', 'autoChargeDischarge']}
        label={t('plantForm.field.autoChargeDischarge')}
        valuePropName="checked"
      >
        <Switch />
      </Form.Item>
      <Form.Item name={['settings', 'autoExport']} label={t('plantForm.field.autoExport')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </div>
  );
}
