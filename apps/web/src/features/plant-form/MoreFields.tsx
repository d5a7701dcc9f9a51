import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { plantInfoFields, plantSettingsSchema, PRICE_SOURCES, type PriceSource } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { SchemaItem } from './SchemaItem';
import type { PlantFormValues } from './formModel';

/** The editor's further facts: alias, total investment, generation offset (spec §3). */
export function MoreFields(): React.JSX.Element {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PlantFormValues>();
  const currency = Form.useWatch('currency', { form, preserve: true }) ?? '';
  const type = Form.useWatch('type', { form, preserve: true });
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
      {/* A storage plant chooses its prices beside its automation (StorageFields). */}
      {type === 'grid' ? <PriceSourceField /> : null}
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
      <PriceSourceField />
      {(['autoChargeDischarge', 'autoExport'] as const).map((auto) => (
        <Form.Item key={auto} name={['settings', auto]} label={t(`plantForm.field.${auto}`)} valuePropName="checked">
          <Switch />
        </Form.Item>
      ))}
    </div>
  );
}

// Prices the server works out itself; the others are read from slots uploaded or fetched for the plant.
const COMPUTED: readonly PriceSource[] = ['tariff', 'simulated'];

/**
 * Where the plant's dynamic prices come from (issue 17, docs/prices.md): its tariff (the default), the
 * simulated market, or slots stored from a price file, Octopus Agile or ENTSO-E.
 */
export function PriceSourceField(): React.JSX.Element {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PlantFormValues>();
  const picked = Form.useWatch(['settings', 'priceSource'], { form, preserve: true }) as PriceSource | undefined;
  const stored = picked !== undefined && !COMPUTED.includes(picked);
  return (
    <SchemaItem
      name={['settings', 'priceSource']}
      schema={plantSettingsSchema.shape.priceSource}
      extra={stored ? t('plantForm.hint.priceSourceStored') : t('plantForm.hint.priceSource')}
    >
      <Select
        allowClear
        placeholder={t('plantForm.priceSource.tariff')}
        data-testid="plant-price-source"
        options={PRICE_SOURCES.map((s) => ({ value: s, label: t(`plantForm.priceSource.${s}`) }))}
      />
    </SchemaItem>
  );
}
