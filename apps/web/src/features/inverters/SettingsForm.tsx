import { CloudDownloadOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { ERROR_CODES, settingsConflicts, type SettingValue } from '@heliograph/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Popconfirm, Result, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import type { CommandOutcome } from '@heliograph/shared';
import { useCommand } from '../device-common/useCommand';
import { LoadFailed } from '../device-common/LoadFailed';
import { inverterApi, inverterKeys } from './api';
import { SettingFields } from './SettingFields';
import { useInverterControl } from './useInverterControl';
import './inverters.css';

type Values = Record<string, SettingValue | null | undefined>;

interface SettingsFormProps {
  sn: string;
  /** Only these groups of the form (the battery-setting page shows the 'battery' group); all by default. */
  groups?: readonly string[];
  /** Said when the inverter's form has none of `groups`. */
  emptyText?: string;
}

/**
 * The settings form of an inverter, built from its protocol's configuration (server: setting/form): read the
 * values from the device, change some, write only what changed. Every field is checked by the same rule the
 * server applies; the result of each command is shown beside the buttons.
 */
export function SettingsForm({ sn, groups: onlyGroups, emptyText }: SettingsFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { why } = useInverterControl(sn);
  const blocked = why('settings');
  const [baseline, setBaseline] = useState<Values>({});
  const [last, setLast] = useState<{ kind: 'read' | 'write'; outcome: CommandOutcome } | null>(null);

  const formQuery = useQuery({
    queryKey: inverterKeys.settings(sn),
    queryFn: () => inverterApi.settingsForm(sn),
    retry: false,
  });
  const fields = useMemo(
    () => (formQuery.data?.fields ?? []).filter((f) => !onlyGroups || onlyGroups.includes(f.group)),
    [formQuery.data, onlyGroups],
  );

  useEffect(() => {
    if (!formQuery.data) return;
    const known = formQuery.data.values as Values;
    setBaseline(known);
    form.setFieldsValue(known);
  }, [formQuery.data, form]);

  const read = useCommand<void>(sn, () => inverterApi.settingsRead(sn));
  const write = useCommand<Record<string, SettingValue>>(sn, (values) => inverterApi.settingsWrite(sn, values));

  const doRead = () =>
    read.mutate(undefined, {
      onSuccess: (outcome) => {
        setLast({ kind: 'read', outcome });
        const values = (outcome as CommandOutcome & { values?: Values }).values ?? {};
        if (Object.keys(values).length > 0) {
          setBaseline((b) => ({ ...b, ...values }));
          form.setFieldsValue(values);
        }
      },
    });

  const changed = (): Record<string, SettingValue> => {
    const now = form.getFieldsValue(true) as Values;
    const out: Record<string, SettingValue> = {};
    for (const f of fields) {
      const v = now[f.key];
      if (v !== undefined && v !== null && v !== baseline[f.key]) out[f.key] = v;
    }
    return out;
  };

  const doWrite = async () => {
    await form.validateFields();
    const values = changed();
    if (Object.keys(values).length === 0) return;
    // Two values that are each in range may still contradict each other (reserve above the charge cut-off).
    const conflicts = settingsConflicts(values, baseline);
    if (conflicts.length > 0) {
      form.setFields(conflicts.map((c) => ({ name: c.field, errors: [t(`inverters.settingProblem.${c.problem}`)] })));
      return;
    }
    write.mutate(values, {
      onSuccess: (outcome) => {
        setLast({ kind: 'write', outcome });
        if (outcome.status === 'succeeded') {
          setBaseline((b) => ({ ...b, ...values }));
          void queryClient.invalidateQueries({ queryKey: inverterKeys.settings(sn) });
        }
      },
      onError: (error) => {
        // A code-4 answer names the fields the server refused: show them on the form.
        if (error instanceof ApiError && error.fields.length > 0)
          form.setFields(error.fields.map((f) => ({ name: f.field, errors: [f.message] })));
      },
    });
  };

  if (formQuery.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (formQuery.error instanceof ApiError && formQuery.error.code === ERROR_CODES.inverterSettingUnsupported)
    return (
      <Result
        status="info"
        title={t('inverters.settingsUnsupported')}
        subTitle={t('inverters.settingsUnsupportedHint')}
        data-testid="settings-unsupported"
      />
    );
  if (formQuery.isError)
    return (
      <LoadFailed title={t('inverters.settingsFailed')} retry={formQuery.refetch} retryText={t('inverters.retry')} />
    );
  if (fields.length === 0)
    return <Empty description={emptyText ?? t('inverters.settingsUnsupported')} data-testid="settings-none" />;

  return (
    <div className="hg-inv-settings" data-testid="settings-form">
      {blocked && <Alert type="info" showIcon message={t(blocked)} className="hg-inv-alert" />}
      <Space wrap className="hg-inv-settings-actions">
        <Button
          icon={<CloudDownloadOutlined />}
          onClick={doRead}
          loading={read.isPending}
          disabled={!!blocked}
          data-testid="settings-read"
        >
          {t('inverters.readSettings')}
        </Button>
        <Popconfirm
          title={t('inverters.writeTitle')}
          description={t('inverters.writeBody')}
          okText={t('inverters.write')}
          cancelText={t('inverters.cancel')}
          onConfirm={() => void doWrite().catch(() => undefined)}
          disabled={!!blocked}
        >
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={write.isPending}
            disabled={!!blocked}
            data-testid="settings-write"
          >
            {t('inverters.writeSettings')}
          </Button>
        </Popconfirm>
        {last && (
          <span aria-live="polite" className="hg-inv-last" data-testid="settings-result">
            {t(last.kind === 'read' ? 'inverters.lastRead' : 'inverters.lastWrite')}{' '}
            <CommandStatusTag status={last.outcome.status} />
            {last.outcome.error && <span className="hg-inv-error">{last.outcome.error}</span>}
          </span>
        )}
      </Space>
      <p className="hg-inv-hint">{t('inverters.settingsHint')}</p>
      <Form form={form} layout="vertical" className="hg-inv-settings-form" disabled={!!blocked}>
        <SettingFields fields={fields} />
      </Form>
    </div>
  );
}
