import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  METER_LIMITS,
  METER_PRICE_KEYS,
  discountProblem,
  offsetProblem,
  priceProblem,
  ratioProblem,
  type FieldRule,
  type MeterSettings,
  type MeterSettingsInput,
} from '@heliograph/shared';
import { Alert, App, Button, Card, Form, InputNumber, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { operationLogKey } from '../device-common/commandApi';
import { meterKey, saveMeterParams } from './meterApi';

interface Values {
  ctRatio: number;
  ptRatio: number;
  buyOffsetKwh: number;
  sellOffsetKwh: number;
  tip: number;
  peak: number;
  flat: number;
  valley: number;
  discount: number;
  master: boolean;
}

const FIELDS = ['ctRatio', 'ptRatio', 'buyOffsetKwh', 'sellOffsetKwh', ...METER_PRICE_KEYS, 'discount', 'master'];
const RENAME = Object.fromEntries(METER_PRICE_KEYS.map((k) => [`prices.${k}`, k]));

const toValues = (s: MeterSettings): Values => ({
  ctRatio: s.ctRatio,
  ptRatio: s.ptRatio,
  buyOffsetKwh: s.buyOffsetKwh,
  sellOffsetKwh: s.sellOffsetKwh,
  ...s.prices,
  discount: s.discount,
  master: s.master,
});

const toChange = (v: Values): MeterSettingsInput => ({
  ctRatio: v.ctRatio,
  ptRatio: v.ptRatio,
  buyOffsetKwh: v.buyOffsetKwh,
  sellOffsetKwh: v.sellOffsetKwh,
  prices: { tip: v.tip, peak: v.peak, flat: v.flat, valley: v.valley },
  discount: v.discount,
  master: v.master,
});

/**
 * The parameters the console keeps for a meter (spec §3): CT/PT ratios, offsets, tip/peak/flat/valley prices,
 * discount and the master flag. The same rules as the server (packages/shared meter-settings), each refusal
 * said in the person's words; read-only without meter.control or on a plant shared for viewing.
 */
export function MeterParamsCard({
  sn,
  settings,
  canEdit,
}: {
  sn: string;
  settings: MeterSettings;
  canEdit: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  useEffect(() => form.setFieldsValue(toValues(settings)), [form, settings]);

  const save = useMutation({
    mutationFn: (v: Values) => saveMeterParams(sn, toChange(v)),
    onSuccess: async (saved) => {
      form.setFieldsValue(toValues(saved));
      void message.success(t('meters.params.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meterKey(sn) }),
        queryClient.invalidateQueries({ queryKey: ['meters', 'list'] }),
        queryClient.invalidateQueries({ queryKey: operationLogKey(sn) }),
      ]);
    },
    onError: (err) => applyServerErrors(form, err, FIELDS, RENAME),
  });

  const rule = (check: (v: number) => FieldRule | null, key: string): Rule => ({
    validator: async (_, value: number | null) => {
      if (value === null || value === undefined) throw new Error(t('meters.rules.required'));
      const problem = check(value);
      if (problem) throw new Error(t(`meters.rules.${problem === 'invalid' ? key : problem}`));
    },
  });

  const onFinish = (v: Values) => {
    if (v.master && !settings.master) {
      void modal.confirm({
        title: t('meters.params.masterTitle'),
        content: t('meters.params.masterBody'),
        okText: t('meters.params.save'),
        cancelText: t('batteries.common.cancel'),
        onOk: () => save.mutateAsync(v).catch(() => undefined),
      });
    } else save.mutate(v);
  };

  const number = (
    name: keyof Values,
    label: string,
    r: Rule,
    props: { step?: number; precision?: number; addon?: string },
  ) => (
    <Form.Item name={name} label={label} rules={[r]} className="hg-meter-field">
      <InputNumber
        style={{ width: '100%' }}
        step={props.step}
        suffix={props.addon}
        disabled={!canEdit}
        data-testid={`meter-${name}`}
      />
    </Form.Item>
  );

  return (
    <Card size="small" title={t('meters.params.title')} data-testid="meter-params">
      {!canEdit && <Alert type="info" showIcon title={t('meters.params.readOnly')} style={{ marginBlockEnd: 12 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={toValues(settings)}
        disabled={!canEdit}
      >
        <div className="hg-meter-form">
          {number('ctRatio', t('meters.params.ctRatio'), rule(ratioProblem, 'ratio'), { step: 1 })}
          {number('ptRatio', t('meters.params.ptRatio'), rule(ratioProblem, 'ratio'), { step: 1 })}
          {number('buyOffsetKwh', t('meters.params.buyOffset'), rule(offsetProblem, 'offset'), { addon: 'kWh' })}
          {number('sellOffsetKwh', t('meters.params.sellOffset'), rule(offsetProblem, 'offset'), { addon: 'kWh' })}
          {METER_PRICE_KEYS.map((k) => (
            <div key={k}>
              {number(
                k,
                t(`meters.params.price.${k}`),
                rule((v) => priceProblem(v, 4), 'price'),
                { step: 0.01 },
              )}
            </div>
          ))}
          {number('discount', t('meters.params.discount'), rule(discountProblem, 'discount'), { step: 0.05 })}
          <Form.Item
            name="master"
            label={t('meters.params.master')}
            valuePropName="checked"
            extra={t('meters.params.masterHelp')}
          >
            <Switch data-testid="meter-master" disabled={!canEdit} />
          </Form.Item>
        </div>
        {canEdit && (
          <div className="hg-storage-actions">
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="meter-params-save">
              {t('meters.params.save')}
            </Button>
            <Button htmlType="button" onClick={() => form.setFieldsValue(toValues(settings))}>
              {t('meters.params.reset')}
            </Button>
          </div>
        )}
      </Form>
      <p className="hg-page-hint" style={{ marginBlockEnd: 0 }}>
        {t('meters.params.limits', { max: METER_LIMITS.ratioMax.toLocaleString() })}
      </p>
    </Card>
  );
}
