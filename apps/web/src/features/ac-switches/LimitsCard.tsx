import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEVICE_LIMITS, switchLimitsSchema, type SwitchLimits } from '@heliograph/shared';
import { Alert, App, Button, Card, Form, InputNumber, type FormInstance } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { operationLogKey } from '../device-common/commandApi';
import { switchApi, switchKeys } from './acSwitchApi';
import { passesRule, type FieldProblem } from './ruleProblems';

const FIELDS = [
  { key: 'overVoltageV', unit: 'V', max: DEVICE_LIMITS.phaseVoltageMaxV },
  { key: 'underVoltageV', unit: 'V', max: DEVICE_LIMITS.phaseVoltageMaxV },
  { key: 'maxCurrentA', unit: 'A', max: DEVICE_LIMITS.phaseCurrentMaxA },
] as const;

/** Per-phase protection limits and the leakage current limit, checked by the shared rule before saving. */
export function LimitsCard({ sn, limits, canEdit }: { sn: string; limits: SwitchLimits; canEdit: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SwitchLimits>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: SwitchLimits) => switchApi.setLimits(sn, v),
    onSuccess: async () => {
      void message.success(t('acSwitches.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: switchKeys.detail(sn) }),
        queryClient.invalidateQueries({ queryKey: operationLogKey(sn) }),
      ]);
    },
    onError: (err) => applyServerErrors(form, err, []),
  });
  const submit = (v: SwitchLimits) => {
    const value: SwitchLimits = {
      phases: limits.phases.map((_, i) => ({
        maxCurrentA: v.phases[i]?.maxCurrentA ?? NaN,
        overVoltageV: v.phases[i]?.overVoltageV ?? NaN,
        underVoltageV: v.phases[i]?.underVoltageV ?? NaN,
      })),
      leakageMa: v.leakageMa ?? NaN,
    };
    const why = (p: FieldProblem) =>
      t(p.name[2] === 'overVoltageV' ? 'acSwitches.limits.overAboveUnder' : 'acSwitches.limits.range');
    if (passesRule(form as FormInstance, switchLimitsSchema, value, why)) save.mutate(value);
  };
  return (
    <Card size="small" title={t('acSwitches.limits.title')} data-testid="switch-limits">
      {!canEdit && <Alert type="info" showIcon title={t('acSwitches.readOnly')} style={{ marginBlockEnd: 12 }} />}
      <Form<SwitchLimits> form={form} layout="vertical" initialValues={limits} onFinish={submit} disabled={!canEdit}>
        <div className="hg-switch-phase" role="group" aria-label={t('acSwitches.limits.phases')}>
          <span className="hg-switch-phase-corner" />
          {FIELDS.map((f) => (
            <span key={f.key} className="hg-switch-phase-head" aria-hidden="true">
              {t(`acSwitches.limits.${f.key}`)} ({f.unit})
            </span>
          ))}
          {limits.phases.map((_, i) => (
            <Fragment key={i}>
              <strong className="hg-switch-phase-name">
                {limits.phases.length === 1
                  ? t('acSwitches.limits.single')
                  : t('acSwitches.limits.phase', { n: i + 1 })}
              </strong>
              {FIELDS.map((f) => (
                <Form.Item key={f.key} name={['phases', i, f.key]} validateFirst>
                  <InputNumber
                    min={1}
                    max={f.max}
                    precision={0}
                    suffix={f.unit}
                    style={{ width: '100%' }}
                    aria-label={`${t('acSwitches.limits.phase', { n: i + 1 })} · ${t(`acSwitches.limits.${f.key}`)}`}
                    data-testid={`limit-${i}-${f.key}`}
                  />
                </Form.Item>
              ))}
            </Fragment>
          ))}
        </div>
        <Form.Item
          name="leakageMa"
          label={t('acSwitches.limits.leakageMa')}
          extra={t('acSwitches.limits.leakageHelp', { max: DEVICE_LIMITS.leakageMaxMa })}
        >
          <InputNumber
            min={1}
            max={DEVICE_LIMITS.leakageMaxMa}
            precision={0}
            suffix="mA"
            style={{ width: 160 }}
            data-testid="limit-leakage"
          />
        </Form.Item>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="limits-save">
            {t('acSwitches.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
