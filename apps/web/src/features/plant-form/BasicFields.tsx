import { DatePicker, Input, InputNumber, Select } from 'antd';
import { INVERTER_KINDS, LIMITS, PLANT_TYPES, plantInfoFields } from '@heliograph/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaItem } from './SchemaItem';
import { DATE_FORMAT, dateString } from './formModel';
import { currencyOptions, matchOption, timeZoneOptions } from './options';
import { useLang } from './useLang';

/** Name, type, inverter kind, capacity, commissioning date, time zone and currency (spec §3, §5). */
export function BasicFields(): React.JSX.Element {
  const { t } = useTranslation();
  const { tag } = useLang();
  const currencies = useMemo(() => currencyOptions(tag), [tag]);
  const zones = useMemo(() => timeZoneOptions(), []);
  const f = plantInfoFields;
  return (
    <div className="hg-pf-grid">
      <SchemaItem
        name="name"
        schema={f.name}
        required
        extra={t('plantForm.hint.name', { min: LIMITS.plantNameMin, max: LIMITS.plantNameMax })}
        className="hg-pf-wide"
      >
        <Input maxLength={64} autoComplete="off" data-testid="pf-name" />
      </SchemaItem>
      <SchemaItem name="type" schema={f.type} required>
        <Select
          data-testid="pf-type"
          options={PLANT_TYPES.map((v) => ({ value: v, label: t(`plantForm.type.${v}`) }))}
        />
      </SchemaItem>
      <SchemaItem name="inverterKind" schema={f.inverterKind} required>
        <Select options={INVERTER_KINDS.map((v) => ({ value: v, label: t(`plantForm.inverterKind.${v}`) }))} />
      </SchemaItem>
      <SchemaItem
        name="capacityKw"
        label="capacity"
        schema={f.capacityKw}
        required
        extra={t('plantForm.hint.capacity', { max: LIMITS.capacityMax.toLocaleString(tag) })}
      >
        <InputNumber className="hg-pf-number" suffix="kW" data-testid="pf-capacity" />
      </SchemaItem>
      <SchemaItem name="commissionedOn" schema={f.commissionedOn} convert={dateString} required>
        <DatePicker className="hg-pf-number" format={DATE_FORMAT} data-testid="pf-date" />
      </SchemaItem>
      <SchemaItem name="timezone" schema={f.timezone} required>
        <Select showSearch={{ filterOption: matchOption }} options={zones} data-testid="pf-timezone" />
      </SchemaItem>
      <SchemaItem name="currency" schema={f.currency} required>
        <Select showSearch={{ filterOption: matchOption }} options={currencies} data-testid="pf-currency" />
      </SchemaItem>
    </div>
  );
}
