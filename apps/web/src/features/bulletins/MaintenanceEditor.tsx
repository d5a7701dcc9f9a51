import {
  MAINTENANCE_SCOPES,
  maintenanceTimeProblem,
  NOTICE_LIMITS,
  fieldMessage,
  type Lang,
  type MaintenanceScope,
} from '@heliograph/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { currentLang } from '../../i18n';
import { bulletinApi, bulletinKeys, type MaintenanceInput, type MaintenanceNotice } from './api';
import { errorLang, LanguageTabs, langValues } from './LanguageTabs';
import { ReceiverSelect } from './ReceiverSelect';

interface Values {
  type: 1 | 2;
  title: Partial<Record<Lang, string>>;
  content: Partial<Record<Lang, string>>;
  window: [Dayjs, Dayjs] | null;
  effectiveAt: Dayjs | null;
  scope: MaintenanceScope;
  region: string;
  companyIds: string[];
  url: string;
}

/**
 * Write or edit a maintenance notice (spec §3, §5): type (1 upgrade, 2 maintenance), title and text per language,
 * its window and effective time (not before the start; the start before the end — checked here and by the
 * server), its scope and an address.
 */
export function MaintenanceEditor({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: MaintenanceNotice | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<Lang>('en');
  const queryClient = useQueryClient();
  const scope = Form.useWatch('scope', form) ?? 'all';
  const lang = currentLang();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTab('en');
    if (editing)
      form.setFieldsValue({
        type: editing.type === 1 ? 1 : 2,
        title: editing.title,
        content: editing.content,
        window: [dayjs(editing.startAt), dayjs(editing.endAt)],
        effectiveAt: dayjs(editing.effectiveAt),
        scope: editing.scope,
        region: editing.region,
        companyIds: editing.companyIds,
        url: editing.url,
      });
  }, [open, editing, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body: MaintenanceInput = {
        type: v.type,
        title: langValues(v.title),
        content: langValues(v.content),
        startAt: v.window?.[0].valueOf() ?? 0,
        endAt: v.window?.[1].valueOf() ?? 0,
        effectiveAt: v.effectiveAt?.valueOf() ?? 0,
        scope: v.scope,
        region: (v.region ?? '').trim(),
        companyIds: v.scope === 'companies' ? (v.companyIds ?? []) : [],
        url: (v.url ?? '').trim(),
      };
      return editing ? bulletinApi.updateMaintenance(editing.id, body) : bulletinApi.createMaintenance(body);
    },
    onSuccess: () => {
      void message.success(editing ? t('bulletins.saved') : t('bulletins.created'));
      void queryClient.invalidateQueries({ queryKey: bulletinKeys.all });
      onClose();
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.fields.length === 0) return;
      form.setFields(
        error.fields.map((f) => {
          const [head] = f.field.split('.');
          if ((head === 'title' || head === 'content') && errorLang(f.field))
            return { name: [head, errorLang(f.field) ?? 'en'], errors: [f.message] };
          if (head === 'startAt' || head === 'endAt') return { name: 'window' as const, errors: [f.message] };
          const known: readonly (keyof Values)[] = ['effectiveAt', 'scope', 'region', 'companyIds', 'url', 'type'];
          const name = known.find((k) => k === head) ?? 'type';
          return { name, errors: [f.message] };
        }),
      );
    },
  });

  // The rule of spec §5, shown as the user picks times; the server checks it again.
  const timeRule = async (): Promise<void> => {
    const w = form.getFieldValue('window') as Values['window'];
    const e = form.getFieldValue('effectiveAt') as Dayjs | null;
    if (!w || !e) return;
    const problem = maintenanceTimeProblem({
      startAt: w[0].valueOf(),
      endAt: w[1].valueOf(),
      effectiveAt: e.valueOf(),
    });
    if (problem?.field === 'effectiveAt') throw new Error(fieldMessage(problem.rule, lang));
  };

  return (
    <Modal
      open={open}
      title={editing ? t('bulletins.editNoticeTitle') : t('bulletins.createNoticeTitle')}
      okText={t('bulletins.save')}
      cancelText={t('bulletins.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => save.mutate(v))
          .catch(() => {
            if (form.getFieldError(['title', 'en']).length || form.getFieldError(['content', 'en']).length)
              setTab('en');
          })
      }
      width={NOTICE_LIMITS.dialogWidthPx}
      destroyOnHidden
      forceRender
      data-testid="maintenance-editor"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ type: 1, scope: 'all', region: '', companyIds: [], url: '' }}
      >
        <Form.Item name="type" label={t('bulletins.noticeType')}>
          <Select
            options={[
              { value: 1, label: t('bulletins.noticeTypes.upgrade') },
              { value: 2, label: t('bulletins.noticeTypes.maintenance') },
            ]}
            data-testid="maintenance-type"
          />
        </Form.Item>
        <LanguageTabs tab={tab} onTab={setTab} titleField="title" textField="content" testId="maintenance" />
        <div className="hg-bulletin-form-row">
          <Form.Item
            name="window"
            label={t('bulletins.window')}
            rules={[
              { required: true, message: t('bulletins.windowRequired') },
              {
                validator: async (_: unknown, w: Values['window']) => {
                  if (w && !w[0].isBefore(w[1])) throw new Error(fieldMessage('noticeStartAfterEnd', lang));
                },
              },
            ]}
          >
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              data-testid="maintenance-window"
            />
          </Form.Item>
          <Form.Item
            name="effectiveAt"
            label={t('bulletins.effectiveAt')}
            dependencies={['window']}
            rules={[{ required: true, message: t('bulletins.effectiveRequired') }, { validator: timeRule }]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="maintenance-effective" />
          </Form.Item>
        </div>
        <Form.Item name="scope" label={t('bulletins.scope')}>
          <Radio.Group
            options={MAINTENANCE_SCOPES.map((s) => ({ value: s, label: t(`bulletins.scopes.${s}`) }))}
            data-testid="maintenance-scope"
          />
        </Form.Item>
        {scope === 'region' && (
          <Form.Item
            name="region"
            label={t('bulletins.region')}
            extra={t('bulletins.regionHint')}
            rules={[{ required: true, whitespace: true, message: t('bulletins.regionRequired') }]}
          >
            <Input maxLength={16} dir="ltr" data-testid="maintenance-region" />
          </Form.Item>
        )}
        {scope === 'companies' && (
          <Form.Item
            name="companyIds"
            label={t('bulletins.companies')}
            rules={[{ required: true, type: 'array', min: 1, message: t('bulletins.receiversRequired') }]}
          >
            <ReceiverSelect
              audience="companies"
              initialNames={
                editing
                  ? Object.fromEntries(editing.companyIds.map((id, i) => [id, editing.companyNames[i] ?? id]))
                  : {}
              }
              testId="maintenance-companies"
            />
          </Form.Item>
        )}
        <Form.Item
          name="url"
          label={t('bulletins.url')}
          rules={[{ pattern: /^(\/\S*|https?:\/\/\S+)?$/i, message: t('bulletins.urlRule') }]}
        >
          <Input maxLength={NOTICE_LIMITS.urlMax} dir="ltr" placeholder="https://" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
