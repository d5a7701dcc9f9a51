import { Form, Input, InputNumber, Switch } from 'antd';
import { plantInfoFields, plantSettingsSchema } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { SchemaItem } from './SchemaItem';
import type { PlantFormValues } from './formModel';

/** The editor's further facts: alias, total investment, generation offset (spec §3). */
export function MoreFields(): React.JSX.Element {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PlantFormValues>();
  const currency = Form.useWatch('currency', { form, preserve: true }) ?? '';
  const f = plantInfoFields;
  return (
    <div className="hg-pf-grid">
      <SchemaItem name="alias" schema={f.alias.optional()}>
        <Input maxLength={32} autoComplete="off" />
      </SchemaItem>
      <SchemaItem name="totalInvestment" schema={f.totalInvestment.optional()}>
        <InputNumber className="hg-pf-number" min={0} step={100} suffix={currency} />
      </SchemaItem>
      <SchemaItem
        name="generationOffsetKwh"
        label="generationOffset"
        schema={f.generationOffsetKwh.optional()}
        extra={t('plantForm.hint.generationOffset')}
      >
        <InputNumber className="hg-pf-number" min={0} suffix="kWh" />
      </SchemaItem>
    </div>
  );
}

/** Storage plants' targets and automation (spec §3: charge/discharge SOC, export price, auto modes). */
export function StorageFields(): React.JSX.Element {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PlantFormValues>();
  const currency = Form.useWatch('currency', { form, preserve: true }) ?? '';
  const s = plantSettingsSchema.shape;
  return (
    <div className="hg-pf-grid">
      {(['chargeTargetSoc', 'dischargeTargetSoc'] as const).map((soc) => (
        <SchemaItem key={soc} name={['settings', soc]} schema={s[soc]}>
          <InputNumber className="hg-pf-number" min={0} max={100} precision={0} suffix="%" />
        </SchemaItem>
      ))}
      <SchemaItem name={['settings', 'exportPrice']} schema={s.exportPrice}>
        <InputNumber className="hg-pf-number" min={0} step={0.0001} suffix={t('plantForm.unit.perKwh', { currency })} />
      </SchemaItem>
      {(['autoChargeDischarge', 'autoExport'] as const).map((auto) => (
        <Form.Item key={auto} name={['settings', auto]} label={t(`plantForm.field.${auto}`)} valuePropName="checked">
          <Switch />
        </Form.Item>
      ))}
    </div>
  );
}
