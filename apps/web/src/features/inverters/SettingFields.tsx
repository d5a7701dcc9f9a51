import type { SettingField } from '@heliograph/shared';
import { Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { settingRule } from '../device-common/settingRule';
import { ltrText } from '../../components/Quantity';
import { currentLang, isRtl } from '../../i18n';
import './inverters.css';

/** The field's name in the person's language: the built-in keys are translated, protocol labels kept. */
function useFieldLabel() {
  const { t, i18n } = useTranslation();
  return (f: SettingField) =>
    i18n.exists(`inverters.settingKeys.${f.key}`) ? t(`inverters.settingKeys.${f.key}`) : (f.label ?? f.key);
}

/** An option's words: the built-in enums (battery work mode …) are translated, protocol labels kept. */
function useOptionLabel() {
  const { t, i18n } = useTranslation();
  return (f: SettingField, o: { value: number | string; label?: string }) => {
    const key = `inverters.settingOptions.${f.key}.${String(o.value)}`;
    return i18n.exists(key) ? t(key) : (o.label ?? String(o.value));
  };
}

interface SettingFieldsProps {
  fields: readonly SettingField[];
  /** A group's heading; the inverter groups (or the SunSpec model) by default. */
  groupTitle?: (group: string) => string;
  /** A field's name, when the caller words it itself (the built-in keys and protocol labels by default). */
  fieldLabel?: (field: SettingField) => string | undefined;
}

/**
 * The inputs of a settings form built from its fields (a protocol's configuration), one fieldset per group, each
 * checked by the rule the server applies. Rendered inside an antd Form: the inverter's settings form and the
 * plant's parameter pages (features/plant-settings) both build theirs this way.
 */
export function SettingFields({ fields, groupTitle, fieldLabel }: SettingFieldsProps) {
  const { t } = useTranslation();
  const rtl = isRtl(currentLang());
  const label = useFieldLabel();
  const optionLabel = useOptionLabel();
  const groups = [...new Set(fields.map((f) => f.group))];
  const title = (g: string) =>
    groupTitle?.(g) ?? t(`inverters.settingGroups.${g}`, { defaultValue: t('inverters.sunspecModel', { id: g }) });
  return (
    <>
      {groups.map((g) => (
        <fieldset key={g} className="hg-inv-fieldset">
          <legend>{title(g)}</legend>
          <div className="hg-inv-fields">
            {fields
              .filter((f) => f.group === g)
              .map((f) => (
                <Form.Item
                  key={f.key}
                  name={f.key}
                  label={fieldLabel?.(f) ?? label(f)}
                  rules={[settingRule(t, f)]}
                  valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
                  extra={
                    f.type === 'number'
                      ? t('inverters.rangeHint', {
                          min: ltrText(f.min, rtl),
                          max: ltrText(f.max, rtl),
                          unit: f.unit ?? '',
                        })
                      : undefined
                  }
                >
                  {f.type === 'number' ? (
                    <InputNumber
                      className="hg-inv-number"
                      step={f.decimals > 0 ? 10 ** -f.decimals : 1}
                      addonAfter={f.unit}
                      data-testid={`setting-${f.key}`}
                    />
                  ) : f.type === 'enum' ? (
                    <Select
                      allowClear
                      data-testid={`setting-${f.key}`}
                      options={f.options.map((o) => ({ value: o.value, label: optionLabel(f, o) }))}
                    />
                  ) : (
                    <Switch data-testid={`setting-${f.key}`} />
                  )}
                </Form.Item>
              ))}
          </div>
        </fieldset>
      ))}
    </>
  );
}
