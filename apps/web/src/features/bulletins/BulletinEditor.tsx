import { BULLETIN_TYPES, NOTICE_LIMITS, type BulletinAudience, type Lang } from '@heliograph/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { bulletinApi, bulletinKeys, type Bulletin, type BulletinInput } from './api';
import { errorLang, LanguageTabs, langValues } from './LanguageTabs';
import { ReceiverSelect } from './ReceiverSelect';

interface Values {
  type: 5 | 6 | 7;
  theme: Partial<Record<Lang, string>>;
  content: Partial<Record<Lang, string>>;
  audience: BulletinAudience;
  receivers: string[];
  version: string;
  announcer: string;
  releaseAt: Dayjs | null;
  url: string;
}

const FIELDS: readonly (keyof Values)[] = ['type', 'audience', 'receivers', 'version', 'announcer', 'releaseAt', 'url'];

/**
 * Write or edit a system bulletin (spec §3): its type (announcement, notification, theme), theme and content in
 * each language (content at most 2000 characters), who receives it, version number, announcer, release time
 * and redirect address. Saving keeps it as it is (a draft stays a draft); publishing is a separate step.
 */
export function BulletinEditor({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: Bulletin | null;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [tab, setTab] = useState<Lang>('en');
  const queryClient = useQueryClient();
  const audience = Form.useWatch('audience', form) ?? 'all';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTab('en');
    if (editing)
      form.setFieldsValue({
        type: editing.type as 5 | 6 | 7,
        theme: editing.theme,
        content: editing.content,
        audience: editing.audience,
        receivers: editing.receivers,
        version: editing.version,
        announcer: editing.announcer,
        releaseAt: editing.releaseAt === null ? null : dayjs(editing.releaseAt),
        url: editing.url,
      });
  }, [open, editing, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body: BulletinInput = {
        type: v.type,
        theme: langValues(v.theme),
        content: langValues(v.content),
        audience: v.audience,
        receivers: v.audience === 'all' ? [] : (v.receivers ?? []),
        version: (v.version ?? '').trim(),
        announcer: (v.announcer ?? '').trim(),
        releaseAt: v.releaseAt ? v.releaseAt.valueOf() : null,
        url: (v.url ?? '').trim(),
      };
      return editing ? bulletinApi.update(editing.id, body) : bulletinApi.create(body);
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
          if ((head === 'theme' || head === 'content') && errorLang(f.field)) {
            setTab(errorLang(f.field) ?? 'en');
            return { name: [head, errorLang(f.field) ?? 'en'], errors: [f.message] };
          }
          const name = FIELDS.find((k) => k === head) ?? 'type';
          return { name, errors: [f.message] };
        }),
      );
    },
  });

  return (
    <Modal
      open={open}
      title={editing ? t('bulletins.editTitle') : t('bulletins.createTitle')}
      okText={t('bulletins.save')}
      cancelText={t('bulletins.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields()
          .then((v) => save.mutate(v))
          .catch(() => {
            if (form.getFieldError(['theme', 'en']).length || form.getFieldError(['content', 'en']).length)
              setTab('en');
          })
      }
      width={NOTICE_LIMITS.dialogWidthPx}
      destroyOnHidden
      forceRender
      data-testid="bulletin-editor"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          type: 5,
          audience: 'all',
          receivers: [],
          version: '',
          announcer: '',
          releaseAt: null,
          url: '',
        }}
      >
        <div className="hg-bulletin-form-row">
          <Form.Item name="type" label={t('bulletins.type')}>
            <Select
              options={BULLETIN_TYPES.map((v) => ({ value: v, label: t(`bulletins.types.${v}`) }))}
              data-testid="bulletin-type"
            />
          </Form.Item>
          <Form.Item name="version" label={t('bulletins.version')}>
            <Input maxLength={NOTICE_LIMITS.versionMax} dir="ltr" data-testid="bulletin-version" />
          </Form.Item>
          <Form.Item name="announcer" label={t('bulletins.announcer')}>
            <Input maxLength={NOTICE_LIMITS.announcerMax} data-testid="bulletin-announcer" />
          </Form.Item>
        </div>
        <LanguageTabs tab={tab} onTab={setTab} titleField="theme" textField="content" testId="bulletin" />
        <Form.Item name="audience" label={t('bulletins.audience')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('bulletins.audiences.all') },
              { value: 'companies', label: t('bulletins.audiences.companies') },
              { value: 'customers', label: t('bulletins.audiences.customers') },
            ]}
            data-testid="bulletin-audience"
          />
        </Form.Item>
        {audience !== 'all' && (
          <Form.Item
            name="receivers"
            label={t('bulletins.receivers')}
            rules={[{ required: true, type: 'array', min: 1, message: t('bulletins.receiversRequired') }]}
          >
            <ReceiverSelect
              key={audience}
              audience={audience}
              initialNames={
                editing
                  ? Object.fromEntries(editing.receivers.map((id, i) => [id, editing.receiverNames[i] ?? id]))
                  : {}
              }
              testId="bulletin-receivers"
            />
          </Form.Item>
        )}
        <div className="hg-bulletin-form-row">
          <Form.Item name="releaseAt" label={t('bulletins.releaseAt')} extra={t('bulletins.releaseHint')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="bulletin-release" />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('bulletins.url')}
            rules={[{ pattern: /^(\/\S*|https?:\/\/\S+)?$/i, message: t('bulletins.urlRule') }]}
          >
            <Input maxLength={NOTICE_LIMITS.urlMax} dir="ltr" placeholder="https://" data-testid="bulletin-url" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
