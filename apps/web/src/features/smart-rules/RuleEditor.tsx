import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ACTION_KINDS,
  BATTERY_WORK_MODES,
  CONDITION_KINDS,
  DIRECTIONS,
  ERROR_CODES,
  EVENT_LEVELS,
  NOTIFY_TARGETS,
  RULE_LIMITS,
  TRIGGER_KINDS,
  fieldMessage,
  type EventLevel,
  type PlantDevice,
} from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Slider,
  Space,
  Switch,
} from 'antd';
import type { FormInstance } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { plantApi, plantKeys } from '../../api/plants';
import { currentLang } from '../../i18n';
import { useWide } from '../../components/list';
import { PlantSelect } from '../device-common/PlantSelect';
import { ruleApi, ruleKeys, type RuleInput, type RuleRow } from './api';

/** The form's values: the rule's input, with the schedule's mode (a time of day or every N minutes) spelt out. */
interface Values {
  name: string;
  plantId?: string;
  enabled: boolean;
  cooldownMinutes: number;
  trigger: {
    kind: (typeof TRIGGER_KINDS)[number];
    mode: 'at' | 'every';
    at?: string;
    everyMinutes?: number;
    weekdays: number[];
    sn?: string;
    metric?: string;
    direction: 'above' | 'below';
    value?: number;
    levels: string[];
    code: string;
    level?: number;
  };
  conditions: Record<string, unknown>[];
  actions: Record<string, unknown>[];
}

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

const DEFAULTS: Values = {
  name: '',
  enabled: true,
  cooldownMinutes: 5,
  trigger: { kind: 'schedule', mode: 'at', at: '07:00', weekdays: ALL_DAYS, direction: 'above', levels: [], code: '' },
  conditions: [],
  actions: [{ kind: 'acSwitch', on: true }],
};

function valuesOf(r: RuleRow): Values {
  const tr = r.trigger;
  const base = { ...DEFAULTS.trigger };
  const trigger: Values['trigger'] =
    tr.kind === 'schedule'
      ? {
          ...base,
          kind: 'schedule',
          mode: tr.everyMinutes !== null ? 'every' : 'at',
          at: tr.at ?? undefined,
          everyMinutes: tr.everyMinutes ?? undefined,
          weekdays: tr.weekdays,
        }
      : tr.kind === 'threshold'
        ? { ...base, kind: 'threshold', sn: tr.sn, metric: tr.metric, direction: tr.direction, value: tr.value }
        : tr.kind === 'event'
          ? { ...base, kind: 'event', levels: tr.levels, code: tr.code }
          : { ...base, kind: 'price', direction: tr.direction, level: tr.level };
  return {
    name: r.name,
    plantId: r.plantId,
    enabled: r.enabled,
    cooldownMinutes: r.cooldownMinutes,
    trigger,
    conditions: r.conditions,
    actions: r.actions,
  };
}

/** What the server gets: exactly the rule's input (the shared schema checks it again). */
function inputOf(v: Values): RuleInput {
  const tr = v.trigger;
  const trigger: RuleInput['trigger'] =
    tr.kind === 'schedule'
      ? {
          kind: 'schedule',
          at: tr.mode === 'at' ? (tr.at ?? '') : null,
          everyMinutes: tr.mode === 'every' ? (tr.everyMinutes ?? 0) : null,
          weekdays: tr.weekdays,
        }
      : tr.kind === 'threshold'
        ? { kind: 'threshold', sn: tr.sn ?? '', metric: tr.metric ?? '', direction: tr.direction, value: tr.value ?? 0 }
        : tr.kind === 'event'
          ? { kind: 'event', levels: tr.levels as EventLevel[], code: tr.code }
          : { kind: 'price', direction: tr.direction, level: tr.level ?? 0 };
  return {
    name: v.name,
    plantId: v.plantId ?? '',
    enabled: v.enabled,
    cooldownMinutes: v.cooldownMinutes,
    trigger,
    conditions: v.conditions as RuleInput['conditions'],
    actions: v.actions as RuleInput['actions'],
  };
}

/** A server field path (`actions.1.sn`) as the form's name path. */
const namePath = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

/**
 * The rule editor (a drawer): name, plant, trigger with its fields, conditions and actions, each device picked
 * from the chosen plant's devices; the server's field rules land on the fields they name.
 */
export function RuleEditor({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: RuleRow | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = currentLang();
  const wide = useWide();
  const [form] = Form.useForm<Values>();
  const [problems, setProblems] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const plantId = Form.useWatch('plantId', form);
  const devices = useQuery({
    queryKey: plantKeys.devices(plantId ?? ''),
    queryFn: () => plantApi.devices(plantId ?? ''),
    enabled: Boolean(plantId),
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (v: Values) => (editing ? ruleApi.update(editing.id, inputOf(v)) : ruleApi.create(inputOf(v))),
    onSuccess: () => {
      void message.success(t('rules.saved'));
      void queryClient.invalidateQueries({ queryKey: ruleKeys.all });
      onClose();
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || err.code !== ERROR_CODES.validation) {
        setProblems([err instanceof Error ? err.message : String(err)]);
        return;
      }
      form.setFields(err.fields.map((f) => ({ name: namePath(f.field) as never, errors: [f.message] })));
      setProblems(err.fields.map((f) => f.message));
    },
  });
  const required = { required: true, message: fieldMessage('required', lang) };
  const list = devices.data ?? [];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={editing ? t('rules.editTitle', { name: editing.name }) : t('rules.createTitle')}
      size={wide ? 'large' : 'default'}
      destroyOnHidden
      data-testid="rule-editor"
      extra={
        <Space>
          <Button onClick={onClose}>{t('rules.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="rule-save">
            {t('rules.save')}
          </Button>
        </Space>
      }
    >
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="hg-rule-problems"
          title={t('rules.fixProblems')}
          description={
            <ul>
              {problems.map((p, i) => (
                <li key={i}>{p}</li>
              ))}
            </ul>
          }
          data-testid="rule-problems"
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={editing ? valuesOf(editing) : DEFAULTS}
        onFinish={(v) => {
          setProblems([]);
          save.mutate(v);
        }}
        onFinishFailed={() => setProblems([])}
        preserve={false}
        data-testid="rule-form"
      >
        <Form.Item
          name="name"
          label={t('rules.name')}
          rules={[required, { max: RULE_LIMITS.nameMax, message: fieldMessage('ruleName', lang) }]}
        >
          <Input maxLength={RULE_LIMITS.nameMax} data-testid="rule-name" />
        </Form.Item>
        <Form.Item name="plantId" label={t('rules.plant')} rules={[required]}>
          <PlantSelect
            value={plantId}
            onChange={(v) => form.setFieldValue('plantId', v)}
            testId="rule-plant"
            placeholder={t('rules.choosePlant')}
          />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item name="enabled" label={t('rules.enabled')} valuePropName="checked">
            <Switch data-testid="rule-enabled" />
          </Form.Item>
          <Form.Item
            name="cooldownMinutes"
            label={t('rules.cooldown')}
            extra={t('rules.cooldownHint')}
            rules={[required]}
          >
            <InputNumber min={0} max={RULE_LIMITS.cooldownMinutesMax} precision={0} suffix={t('rules.minutes')} />
          </Form.Item>
        </Space>

        <fieldset className="hg-rule-section">
          <legend>{t('rules.trigger')}</legend>
          <Form.Item name={['trigger', 'kind']} label={t('rules.triggerKind')}>
            <Radio.Group
              optionType="button"
              options={TRIGGER_KINDS.map((k) => ({ value: k, label: t(`rules.triggerKinds.${k}`) }))}
              data-testid="rule-trigger-kind"
            />
          </Form.Item>
          <Form.Item
            noStyle
            dependencies={[
              ['trigger', 'kind'],
              ['trigger', 'mode'],
            ]}
          >
            {() => <TriggerFields form={form} devices={list} />}
          </Form.Item>
        </fieldset>

        <fieldset className="hg-rule-section">
          <legend>{t('rules.conditions')}</legend>
          <p className="hg-page-hint">{t('rules.conditionsHint')}</p>
          <Form.List name="conditions">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <div key={f.key} className="hg-rule-item" data-testid="rule-condition">
                    <Form.Item name={[f.name, 'kind']} label={t('rules.conditionKind')}>
                      <Select
                        options={CONDITION_KINDS.map((k) => ({ value: k, label: t(`rules.conditionKinds.${k}`) }))}
                      />
                    </Form.Item>
                    <Form.Item noStyle dependencies={[['conditions', f.name, 'kind']]}>
                      {() => <ConditionFields form={form} index={f.name} devices={list} />}
                    </Form.Item>
                    <Button
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(f.name)}
                      aria-label={t('rules.removeCondition')}
                    >
                      {t('rules.remove')}
                    </Button>
                  </div>
                ))}
                {fields.length < RULE_LIMITS.conditionsMax && (
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ kind: 'timeWindow', from: '08:00', to: '18:00' })}
                    data-testid="rule-add-condition"
                  >
                    {t('rules.addCondition')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </fieldset>

        <fieldset className="hg-rule-section">
          <legend>{t('rules.actions')}</legend>
          <Form.List name="actions">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <div key={f.key} className="hg-rule-item" data-testid="rule-action">
                    <Form.Item name={[f.name, 'kind']} label={t('rules.actionKind')}>
                      <Select
                        options={ACTION_KINDS.map((k) => ({ value: k, label: t(`rules.actionKinds.${k}`) }))}
                        data-testid="rule-action-kind"
                      />
                    </Form.Item>
                    <Form.Item noStyle dependencies={[['actions', f.name, 'kind']]}>
                      {() => <ActionFields form={form} index={f.name} devices={list} />}
                    </Form.Item>
                    {fields.length > 1 && (
                      <Button
                        type="link"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => remove(f.name)}
                        aria-label={t('rules.removeAction')}
                      >
                        {t('rules.remove')}
                      </Button>
                    )}
                  </div>
                ))}
                {fields.length < RULE_LIMITS.actionsMax && (
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add({ kind: 'notify', to: 'owner', message: '' })}
                    data-testid="rule-add-action"
                  >
                    {t('rules.addAction')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
        </fieldset>
      </Form>
    </Drawer>
  );
}

interface FieldsProps {
  form: FormInstance<Values>;
  devices: PlantDevice[];
}

function deviceOptions(devices: PlantDevice[], kind?: string) {
  return devices
    .filter((d) => !kind || d.kind === kind)
    .map((d) => ({ value: d.sn, label: d.alias ? `${d.alias} (${d.sn})` : d.sn }));
}

function metricOptions(devices: PlantDevice[], sn: string | undefined) {
  const d = devices.find((x) => x.sn === sn);
  return Object.keys(d?.metrics ?? {}).map((k) => ({ value: k }));
}

function DaysField({ name, label }: { name: (string | number)[]; label: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Form.Item
      name={name}
      label={label}
      rules={[{ type: 'array', min: 1, message: fieldMessage('ruleWeekdays', currentLang()) }]}
    >
      <Checkbox.Group options={ALL_DAYS.map((d) => ({ value: d, label: t(`rules.day.${d}`) }))} />
    </Form.Item>
  );
}

function DirectionField({ name }: { name: (string | number)[] }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('rules.direction')}>
      <Radio.Group options={DIRECTIONS.map((d) => ({ value: d, label: t(`rules.directions.${d}`) }))} />
    </Form.Item>
  );
}

function TriggerFields({ form, devices }: FieldsProps): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const required = { required: true, message: fieldMessage('required', lang) };
  const kind = form.getFieldValue(['trigger', 'kind']) as Values['trigger']['kind'];
  const mode = form.getFieldValue(['trigger', 'mode']) as Values['trigger']['mode'];
  const sn = Form.useWatch(['trigger', 'sn'], form);
  if (kind === 'schedule')
    return (
      <>
        <Form.Item name={['trigger', 'mode']} label={t('rules.scheduleMode')}>
          <Radio.Group
            options={[
              { value: 'at', label: t('rules.atTime') },
              { value: 'every', label: t('rules.everyMinutes') },
            ]}
            data-testid="rule-schedule-mode"
          />
        </Form.Item>
        {mode === 'every' ? (
          <Form.Item name={['trigger', 'everyMinutes']} label={t('rules.minutesLabel')} rules={[required]}>
            <InputNumber min={1} max={RULE_LIMITS.everyMinutesMax} precision={0} data-testid="rule-every" />
          </Form.Item>
        ) : (
          <Form.Item
            name={['trigger', 'at']}
            label={t('rules.time')}
            extra={t('rules.plantTime')}
            rules={[required, { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: fieldMessage('touTime', lang) }]}
          >
            <Input type="time" className="hg-rule-time" data-testid="rule-at" />
          </Form.Item>
        )}
        <DaysField name={['trigger', 'weekdays']} label={t('rules.weekdays')} />
      </>
    );
  if (kind === 'threshold')
    return (
      <>
        <Form.Item name={['trigger', 'sn']} label={t('rules.device')} rules={[required]}>
          <Select options={deviceOptions(devices)} showSearch data-testid="rule-trigger-device" />
        </Form.Item>
        <Form.Item
          name={['trigger', 'metric']}
          label={t('rules.metric')}
          extra={t('rules.metricHint')}
          rules={[required]}
        >
          <AutoComplete options={metricOptions(devices, sn)} data-testid="rule-trigger-metric" />
        </Form.Item>
        <DirectionField name={['trigger', 'direction']} />
        <Form.Item name={['trigger', 'value']} label={t('rules.value')} rules={[required]}>
          <InputNumber data-testid="rule-trigger-value" />
        </Form.Item>
      </>
    );
  if (kind === 'event')
    return (
      <>
        <Form.Item name={['trigger', 'levels']} label={t('rules.levels')} extra={t('rules.levelsHint')}>
          <Checkbox.Group options={EVENT_LEVELS.map((l) => ({ value: l, label: t(`rules.level.${l}`) }))} />
        </Form.Item>
        <Form.Item name={['trigger', 'code']} label={t('rules.code')} extra={t('rules.codeHint')}>
          <Input maxLength={32} />
        </Form.Item>
      </>
    );
  return (
    <>
      <DirectionField name={['trigger', 'direction']} />
      <Form.Item
        name={['trigger', 'level']}
        label={t('rules.priceLevel')}
        extra={t('rules.priceHint')}
        rules={[required]}
      >
        <InputNumber step={0.01} data-testid="rule-trigger-level" />
      </Form.Item>
    </>
  );
}

function ConditionFields({ form, index, devices }: FieldsProps & { index: number }): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const required = { required: true, message: fieldMessage('required', lang) };
  const kind = form.getFieldValue(['conditions', index, 'kind']) as string;
  const sn = Form.useWatch(['conditions', index, 'sn'], form) as string | undefined;
  const time = { pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: fieldMessage('touTime', lang) };
  if (kind === 'timeWindow')
    return (
      <Space wrap>
        <Form.Item name={[index, 'from']} label={t('rules.from')} rules={[required, time]}>
          <Input type="time" className="hg-rule-time" />
        </Form.Item>
        <Form.Item name={[index, 'to']} label={t('rules.to')} rules={[required, time]}>
          <Input type="time" className="hg-rule-time" />
        </Form.Item>
      </Space>
    );
  if (kind === 'weekday') return <DaysField name={[index, 'days']} label={t('rules.weekdays')} />;
  if (kind === 'deviceValue')
    return (
      <>
        <Form.Item name={[index, 'sn']} label={t('rules.device')} rules={[required]}>
          <Select options={deviceOptions(devices)} showSearch />
        </Form.Item>
        <Form.Item name={[index, 'metric']} label={t('rules.metric')} rules={[required]}>
          <AutoComplete options={metricOptions(devices, sn)} />
        </Form.Item>
        <DirectionField name={[index, 'direction']} />
        <Form.Item name={[index, 'value']} label={t('rules.value')} rules={[required]}>
          <InputNumber />
        </Form.Item>
      </>
    );
  return (
    <>
      <DirectionField name={[index, 'direction']} />
      <Form.Item name={[index, 'level']} label={t('rules.priceLevel')} rules={[required]}>
        <InputNumber step={0.01} />
      </Form.Item>
    </>
  );
}

function ActionFields({ form, index, devices }: FieldsProps & { index: number }): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const required = { required: true, message: fieldMessage('required', lang) };
  const kind = form.getFieldValue(['actions', index, 'kind']) as string;
  const switches = useMemo(() => deviceOptions(devices, 'switch'), [devices]);
  const inverters = useMemo(() => deviceOptions(devices, 'inverter'), [devices]);
  if (kind === 'acSwitch')
    return (
      <Space wrap align="start">
        <Form.Item name={[index, 'sn']} label={t('rules.switch')} rules={[required]}>
          <Select options={switches} showSearch style={{ minWidth: 200 }} data-testid="rule-action-switch" />
        </Form.Item>
        <Form.Item name={[index, 'on']} label={t('rules.switchTo')} rules={[required]}>
          <Radio.Group
            options={[
              { value: true, label: t('rules.on') },
              { value: false, label: t('rules.off') },
            ]}
            data-testid="rule-action-on"
          />
        </Form.Item>
      </Space>
    );
  if (kind === 'inverterMode')
    return (
      <Space wrap align="start">
        <Form.Item name={[index, 'sn']} label={t('rules.inverter')} rules={[required]}>
          <Select options={inverters} showSearch style={{ minWidth: 200 }} />
        </Form.Item>
        <Form.Item name={[index, 'mode']} label={t('rules.mode.label')} rules={[required]}>
          <Select
            style={{ minWidth: 180 }}
            options={BATTERY_WORK_MODES.map((m) => ({ value: m, label: t(`rules.mode.${m}`) }))}
          />
        </Form.Item>
      </Space>
    );
  if (kind === 'light')
    return (
      <>
        <Space wrap align="start">
          <Form.Item name={[index, 'lightId']} label={t('rules.light')} rules={[required]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name={[index, 'on']} label={t('rules.switchTo')} rules={[required]}>
            <Radio.Group
              options={[
                { value: true, label: t('rules.on') },
                { value: false, label: t('rules.off') },
              ]}
            />
          </Form.Item>
        </Space>
        <Form.Item
          label={t('rules.brightness')}
          required
          extra={t('rules.brightnessHint')}
          className="hg-rule-brightness"
        >
          <Space.Compact block>
            <Form.Item noStyle name={[index, 'brightness']}>
              <Slider
                min={0}
                max={100}
                step={1}
                style={{ flex: 1, marginInlineEnd: 16 }}
                aria-label={t('rules.brightness')}
              />
            </Form.Item>
            <Form.Item
              noStyle
              name={[index, 'brightness']}
              rules={[
                required,
                {
                  validator: async (_, v: unknown) => {
                    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 100) return;
                    throw new Error(fieldMessage('brightness', lang));
                  },
                },
              ]}
            >
              <InputNumber precision={0} suffix="%" aria-label={t('rules.brightness')} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      </>
    );
  return (
    <Space wrap align="start" className="hg-rule-notify">
      <Form.Item name={[index, 'to']} label={t('rules.notifyTo')} rules={[required]}>
        <Select
          style={{ minWidth: 200 }}
          options={NOTIFY_TARGETS.map((n) => ({ value: n, label: t(`rules.notifyTargets.${n}`) }))}
        />
      </Form.Item>
      <Form.Item
        name={[index, 'message']}
        label={t('rules.message')}
        rules={[required, { max: RULE_LIMITS.notifyMax, message: fieldMessage('ruleMessage', lang) }]}
      >
        <Input.TextArea
          maxLength={RULE_LIMITS.notifyMax}
          autoSize={{ minRows: 1, maxRows: 4 }}
          style={{ minWidth: 260 }}
        />
      </Form.Item>
    </Space>
  );
}
