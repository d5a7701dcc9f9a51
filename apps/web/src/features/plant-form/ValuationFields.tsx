import { Form, InputNumber, Radio } from 'antd';
import { fieldMessage, priceProblem, VALUATION_METHODS, valuationSchema, type FieldRule } from '@heliograph/shared';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { SchemaItem } from './SchemaItem';
import type { PlantFormValues } from './formModel';
import { draftProblems, TouEditor, type DraftSegment } from './TouEditor';
import { useLang } from './useLang';

/** A rule from one of the shared rule functions (null when the value is fine). */
function problemRule(problem: (value: number) => FieldRule | null, lang: ReturnType<typeof useLang>['lang']): FormRule {
  return {
    validator: async (_r, value: unknown) => {
      if (value === null || value === undefined || value === '') throw new Error(fieldMessage('required', lang));
      const p = problem(Number(value));
      if (p) throw new Error(fieldMessage(p, lang));
    },
  };
}

/**
 * Valuation (spec §3, §5): constant buy and sell prices (2 decimals), time-of-use segments (4 decimals, up to
 * 6, the last ending at 24:00, no overlap or repeat; outside them the constant price applies), or one price
 * per kWh generated; then VAT and additional fees on what is bought and sold.
 */
export function ValuationFields(): React.JSX.Element {
  const { t } = useTranslation();
  const { lang } = useLang();
  const form = Form.useFormInstance<PlantFormValues>();
  const method = Form.useWatch(['valuation', 'method'], form) ?? 'constant';
  // The currency is chosen on another step: watch the store, not a mounted field.
  const currency = Form.useWatch('currency', { form, preserve: true }) ?? '';
  const shape = valuationSchema.shape;
  const price2 = problemRule((v) => priceProblem(v, 2), lang);
  const unit = t('plantForm.unit.perKwh', { currency });

  return (
    <div className="hg-pf-valuation">
      <Form.Item name={['valuation', 'method']} label={t('plantForm.field.valuationMethod')} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          className="hg-pf-methods"
          options={VALUATION_METHODS.map((m) => ({ value: m, label: t(`plantForm.method.${m}`) }))}
          data-testid="pf-method"
        />
      </Form.Item>
      <p className="hg-pf-hint hg-pf-method-hint">{t(`plantForm.methodHint.${method}`)}</p>

      {method === 'tou' && (
        <Form.Item
          name={['valuation', 'segments']}
          label={t('plantForm.field.segments')}
          required
          rules={[
            {
              validator: async (_r, value: DraftSegment[] | undefined) => {
                if (draftProblems(value ?? []).length > 0) throw new Error(t('plantForm.tou.fixRows'));
              },
            },
          ]}
        >
          <TouEditor currency={currency} />
        </Form.Item>
      )}

      <div className="hg-pf-grid">
        <Form.Item
          name={['valuation', 'buyPrice']}
          label={t(
            method === 'generation'
              ? 'plantForm.field.generationPrice'
              : method === 'tou'
                ? 'plantForm.field.buyPriceOutside'
                : 'plantForm.field.buyPrice',
          )}
          required
          rules={[price2]}
        >
          <InputNumber className="hg-pf-number" min={0} step={0.01} suffix={unit} data-testid="pf-buy-price" />
        </Form.Item>
        {method !== 'generation' && (
          <Form.Item
            name={['valuation', 'sellPrice']}
            label={t(method === 'tou' ? 'plantForm.field.sellPriceOutside' : 'plantForm.field.sellPrice')}
            required
            rules={[price2]}
          >
            <InputNumber className="hg-pf-number" min={0} step={0.01} suffix={unit} data-testid="pf-sell-price" />
          </Form.Item>
        )}
        {(['buyVat', 'sellVat'] as const).map((vat) => (
          <SchemaItem key={vat} name={['valuation', vat]} schema={shape[vat]}>
            <InputNumber className="hg-pf-number" min={0} max={100} suffix="%" />
          </SchemaItem>
        ))}
        {(['buyFee', 'sellFee'] as const).map((fee) => (
          <SchemaItem key={fee} name={['valuation', fee]} schema={shape[fee]}>
            <InputNumber className="hg-pf-number" min={0} step={0.0001} suffix={unit} />
          </SchemaItem>
        ))}
      </div>
    </div>
  );
}
