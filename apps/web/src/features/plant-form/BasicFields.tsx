import { DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { INVERTER_KINDS, LIMITS, PLANT_TYPES, plantInfoFields } from '@heliograph/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from './fieldRules';
import { DATE_FORMAT, dateString } from './formModel';
import { currencyOptions, matchOption, timeZoneOptions } from './options';
import { useLang } from './useLang';

/** Name, type, inverter kind, capacity, commissioning date, time zone and currency (spec §3, §5). */
export function BasicFields(): React.JSX.Element {
  const { t } = useTranslation();
  const { lang, tag } = useLang();
  const currencies = useMemo(() => currencyOptions(tag), [tag]);
  const zones = useMemo(() => timeZoneOptions(), []);
  const f = plantInfoFields;
  return (
    <div className="hg-pf-grid">
      <Form.Item
        name="name"
        label={t('plantForm.field.name')}
        required
        rules={[schemaRule(f.name, lang)]}
        extra={t('plantForm.hint.name', { min: LIMITS.plantNameMin, max: LIMITS.plantNameMax })}
        className="hg-pf-wide"
      >
        <Input maxLength={64} autoComplete="off" data-testid="pf-name" />
      </Form.Item>
      <Form.Item name="type" label={t('plantForm.field.type')} required rules={[schemaRule(f.type, lang)]}>
        <Select
          data-testid="pf-type"
          options={PLANT_TYPES.map((v) => ({ value: v, label: t(`plantForm.type.${v}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="inverterKind"
        label={t('plantForm.field.inverterKind')}
        required
        rules={[schemaRule(f.inverterKind, lang)]}
      >
        <Select options={INVERTER_KINDS.map((v) => ({ value: v, label: t(`plantForm.inverterKind.${v}`) }))} />
      </Form.Item>
      <Form.Item
        name="capacityKw"
        label={t('plantForm.field.capacity')}
        required
        rules={[schemaRule(f.capacityKw, lang)]}
        extra={t('plantForm.hint.capacity', { max: LIMITS.capacityMax.toLocaleString(tag) })}
      >
        <InputNumber className="hg-pf-number" suffix="kW" data-testid="pf-capacity" />
      </Form.Item>
      <Form.Item
        name="commissionedOn"
        label={t('plantForm.field.commissionedOn')}
        required
        rules={[schemaRule(f.commissionedOn, lang, { convert: dateString })]}
      >
        <DatePicker className="hg-pf-number" format={DATE_FORMAT} data-testid="pf-date" />
      </Form.Item>
      <Form.Item name="timezone" label={t('plantForm.field.timezone')} required rules={[schemaRule(f.timezone, lang)]}>
        <Select showSearch={{ filterOption: matchOption }} options={zones} data-testid="pf-timezone" />
      </Form.Item>
      <Form.Item name="currency" label={t('plantForm.field.currency')} required rules={[schemaRule(f.currency, lang)]}>
        <Select showSearch={{ filterOption: matchOption }} options={currencies} data-testid="pf-currency" />
      </Form.Item>
    </div>
  );
}
