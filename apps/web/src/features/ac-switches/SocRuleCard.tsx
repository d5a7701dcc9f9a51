import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { socRuleSchema, type SocRule } from '@heliograph/shared';
import { Alert, App, Button, Card, Form, InputNumber, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { fetchDeviceList } from '../device-common/deviceApi';
import { operationLogKey } from '../device-common/commandApi';
import { switchApi, switchKeys } from './acSwitchApi';
import { passesRule, type FieldProblem } from './ruleProblems';
import '../device-common/fieldList.css';

/**
 * The SOC-based cycle rule: on when a battery of the switch's plant reaches one SOC, off when it falls to a
 * lower one. Only the plant's batteries are offered; an unbound switch has none to offer.
 */
export function SocRuleCard({
  sn,
  plantId,
  rule,
  canEdit,
}: {
  sn: string;
  plantId: string | null;
  rule: SocRule;
  canEdit: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SocRule>();
  const queryClient = useQueryClient();
  const enabled = Form.useWatch('enabled', form) ?? rule.enabled;
  const batteries = useQuery({
    queryKey: ['acSwitch', 'batteries', plantId],
    queryFn: () => fetchDeviceList('GET /batteries', { page: 1, size: 100, plantId: plantId ?? undefined }),
    enabled: plantId !== null,
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (v: SocRule) => switchApi.setSocRule(sn, v),
    onSuccess: async () => {
      void message.success(t('acSwitches.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: switchKeys.detail(sn) }),
        queryClient.invalidateQueries({ queryKey: operationLogKey(sn) }),
      ]);
    },
    onError: (err) => applyServerErrors(form, err, ['batterySn', 'onAtSoc', 'offAtSoc']),
  });
  const submit = (v: SocRule) => {
    const value: SocRule = {
      enabled: v.enabled,
      batterySn: v.batterySn ?? '',
      onAtSoc: v.onAtSoc ?? NaN,
      offAtSoc: v.offAtSoc ?? NaN,
    };
    // A battery must be chosen; a switch-on level at or below the switch-off one is said as such.
    const why = (p: FieldProblem) =>
      t(
        p.name[0] === 'batterySn'
          ? 'acSwitches.soc.pickBattery'
          : p.name[0] === 'onAtSoc' && Number.isInteger(value.onAtSoc) && value.onAtSoc <= 100
            ? 'acSwitches.soc.onAboveOff'
            : 'acSwitches.soc.range',
      );
    if (passesRule(form as FormInstance, socRuleSchema, value, why)) save.mutate(value);
  };
  return (
    <Card size="small" title={t('acSwitches.soc.title')} data-testid="switch-soc">
      <p className="hg-page-hint hg-switch-help">{t('acSwitches.soc.help')}</p>
      {plantId === null ? (
        <Alert type="info" showIcon title={t('acSwitches.soc.unbound')} style={{ marginBlockEnd: 12 }} />
      ) : null}
      <Form<SocRule>
        form={form}
        layout="vertical"
        initialValues={{ ...rule, batterySn: rule.batterySn || undefined }}
        onFinish={submit}
        disabled={!canEdit}
      >
        <Form.Item name="enabled" label={t('acSwitches.soc.enabled')} valuePropName="checked">
          <Switch data-testid="soc-enabled" />
        </Form.Item>
        <Form.Item name="batterySn" label={t('acSwitches.soc.battery')}>
          <Select
            allowClear
            disabled={!canEdit || !enabled || plantId === null}
            loading={batteries.isFetching}
            placeholder={t('acSwitches.soc.pickBattery')}
            notFoundContent={t('acSwitches.soc.noBattery')}
            options={(batteries.data?.rows ?? []).map((b) => ({
              value: b.sn,
              label: b.alias ? `${b.alias} · ${b.sn}` : b.sn,
            }))}
            data-testid="soc-battery"
          />
        </Form.Item>
        <div className="hg-field-list hg-switch-fields">
          <Form.Item name="onAtSoc" label={t('acSwitches.soc.onAt')}>
            <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} data-testid="soc-on" />
          </Form.Item>
          <Form.Item name="offAtSoc" label={t('acSwitches.soc.offAt')}>
            <InputNumber min={1} max={100} precision={0} suffix="%" style={{ width: '100%' }} data-testid="soc-off" />
          </Form.Item>
        </div>
        {canEdit ? (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="soc-save">
            {t('acSwitches.save')}
          </Button>
        ) : null}
      </Form>
    </Card>
  );
}
