import {
  NOTIFY_CHANNELS,
  NOTIFY_SEVERITIES,
  timeZoneList,
  type NotificationRule,
  type NotificationRuleBody,
} from '@heliograph/shared';
import { Button, Checkbox, Form, Select, Space, Switch, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldsSubmit } from '../../components/useFormSubmit';

interface Values {
  severities: NotificationRule['severities'];
  channels: NotificationRule['channels'];
  quiet: boolean;
  quietHours: [Dayjs, Dayjs] | null;
  timeZone: string;
}

const toValues = (r: NotificationRule): Values => ({
  severities: r.severities,
  channels: r.channels,
  quiet: r.quietStart !== null,
  quietHours: r.quietStart && r.quietEnd ? [dayjs(r.quietStart, 'HH:mm'), dayjs(r.quietEnd, 'HH:mm')] : null,
  timeZone: r.timeZone,
});

/** The browser's time zone: what a user who never chose one means by "22:00". */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * One notification rule: which alarms (fault, warning, offline), which channels besides the notice centre
 * (e-mail, web push, SMS) and the quiet hours, read in the chosen time zone. Quiet hours may span midnight.
 */
export function RuleForm({
  rule,
  onSave,
  testId,
  extra,
}: {
  rule: NotificationRule;
  onSave: (body: NotificationRuleBody) => Promise<unknown>;
  testId: string;
  extra?: React.ReactNode;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const zones = useMemo(() => timeZoneList().map((z) => ({ value: z, label: z })), []);
  const quiet = Form.useWatch('quiet', form);
  const { busy, onFinish } = useFieldsSubmit(
    form,
    async (v: Values) => {
      const [start, end] = v.quiet && v.quietHours ? v.quietHours : [null, null];
      await onSave({
        severities: v.severities,
        channels: v.channels,
        quietStart: start ? start.format('HH:mm') : null,
        quietEnd: end ? end.format('HH:mm') : null,
        timeZone: v.timeZone,
      });
    },
    ['severities', 'channels', 'timeZone'],
  );
  const initial = toValues(rule);
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ ...initial, timeZone: rule.timeZone === 'UTC' ? browserZone() : rule.timeZone }}
      onFinish={onFinish}
      data-testid={testId}
      className="hg-notify-rule"
    >
      <Form.Item name="severities" label={t('notifications.severities')}>
        <Checkbox.Group
          options={NOTIFY_SEVERITIES.map((s) => ({ value: s, label: t(`notifications.severity.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="channels" label={t('notifications.channels')} extra={t('notifications.channelsHint')}>
        <Checkbox.Group options={NOTIFY_CHANNELS.map((c) => ({ value: c, label: t(`notifications.channel.${c}`) }))} />
      </Form.Item>
      <Form.Item
        name="quiet"
        label={t('notifications.quietHours')}
        valuePropName="checked"
        extra={t('notifications.quietHint')}
      >
        <Switch />
      </Form.Item>
      {quiet ? (
        <Form.Item
          name="quietHours"
          label={t('notifications.quietRange')}
          rules={[{ required: true, message: t('notifications.quietRequired') }]}
        >
          <TimePicker.RangePicker format="HH:mm" order={false} minuteStep={5} />
        </Form.Item>
      ) : null}
      <Form.Item name="timeZone" label={t('notifications.timeZone')}>
        <Select showSearch options={zones} className="hg-notify-zone" />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('notifications.save')}
        </Button>
        {extra}
      </Space>
    </Form>
  );
}
