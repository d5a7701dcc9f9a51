import {
  REPORT_FIGURES,
  REPORT_LIMITS,
  REPORT_PERIODS,
  REPORT_SCHEDULES,
  REPORT_SCOPES,
  type ReportConfigBody,
} from '@heliograph/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plantApi } from '../../api/plants';
import { reportApi, reportKeys, type ReportConfig } from './api';

interface Values {
  name: string;
  plantIds: string[];
  figures: ReportConfigBody['figures'];
  period: ReportConfig['period'];
  scope: ReportConfig['scope'];
  schedule: ReportConfig['schedule'];
}

const DEFAULTS: Values = {
  name: '',
  plantIds: [],
  figures: ['pv', 'income', 'specificYield', 'performanceRatio', 'lastYear'],
  period: 'monthly',
  scope: 'plant',
  schedule: 'none',
};

/** Create or edit a report config: name, plants (none: all the user sees), figures, period, scope, schedule. */
export function ConfigDialog({
  editing,
  open,
  onClose,
}: {
  /** The config being edited; none: a new one. */
  editing: ReportConfig | null;
  open: boolean;
  onClose: (saved?: ReportConfig) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const plants = useQuery({
    queryKey: ['report-plants', search],
    queryFn: () => plantApi.list({ page: 1, size: 50, keyword: search || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled: open,
  });
  const save = useMutation({
    mutationFn: (v: Values) => (editing ? reportApi.update(editing.id, v) : reportApi.create(v)),
    onSuccess: (saved) => {
      void message.success(t('reports.saved'));
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      onClose(saved);
    },
  });
  const initial: Values = editing
    ? {
        name: editing.name,
        plantIds: editing.plantIds,
        figures: editing.figures,
        period: editing.period,
        scope: editing.scope,
        schedule: editing.schedule,
      }
    : DEFAULTS;

  return (
    <Modal
      open={open}
      title={editing ? t('reports.editTitle', { name: editing.name }) : t('reports.createTitle')}
      okText={t('reports.save')}
      cancelText={t('reports.cancel')}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
      okButtonProps={{ 'data-testid': 'report-config-save' } as Record<string, string>}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) => save.mutate(v)}
        preserve={false}
        data-testid="report-config-form"
      >
        <Form.Item
          name="name"
          label={t('reports.name')}
          rules={[
            { required: true, whitespace: true, message: t('reports.nameRequired') },
            { max: REPORT_LIMITS.nameMax, message: t('reports.nameTooLong', { max: REPORT_LIMITS.nameMax }) },
          ]}
        >
          <Input data-testid="report-config-name" maxLength={REPORT_LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="plantIds" label={t('reports.plants')} extra={t('reports.plantsHint')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder={t('reports.allPlants')}
            loading={plants.isFetching}
            options={(plants.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
            data-testid="report-config-plants"
          />
        </Form.Item>
        <Form.Item
          name="figures"
          label={t('reports.figures')}
          rules={[{ required: true, type: 'array', min: 1, message: t('reports.figuresRequired') }]}
        >
          <Checkbox.Group
            className="hg-report-figures"
            options={REPORT_FIGURES.map((f) => ({ value: f, label: t(`reports.figure.${f}`) }))}
          />
        </Form.Item>
        <Form.Item name="period" label={t('reports.period')}>
          <Radio.Group
            optionType="button"
            options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
            data-testid="report-config-period"
          />
        </Form.Item>
        <Form.Item name="scope" label={t('reports.scope')}>
          <Radio.Group options={REPORT_SCOPES.map((s) => ({ value: s, label: t(`reports.scopes.${s}`) }))} />
        </Form.Item>
        <Form.Item name="schedule" label={t('reports.schedule')} extra={t('reports.scheduleHint')}>
          <Select
            options={REPORT_SCHEDULES.map((s) => ({ value: s, label: t(`reports.schedules.${s}`) }))}
            data-testid="report-config-schedule"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
