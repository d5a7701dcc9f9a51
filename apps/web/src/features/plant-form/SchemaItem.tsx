import { Form, type FormItemProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaRule, type SchemaRuleOptions } from './fieldRules';
import { useLang } from './useLang';

interface Props extends Omit<FormItemProps, 'label' | 'rules'> {
  name: string | [string, string];
  /** The shared schema of the field: the form refuses what the server refuses. */
  schema: z.ZodType;
  /** The label's key under `plantForm.field`; the field's own name (its last part) when left out. */
  label?: string;
  convert?: SchemaRuleOptions['convert'];
}

/** One row of the plant form: a labelled item checked by one field of the shared plant schema. */
export function SchemaItem({ name, schema, label, convert, ...item }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { lang } = useLang();
  const key = label ?? (typeof name === 'string' ? name : name[1]);
  return (
    <Form.Item
      name={name}
      label={t(`plantForm.field.${key}`)}
      rules={[schemaRule(schema, lang, convert ? { convert } : {})]}
      {...item}
    />
  );
}
