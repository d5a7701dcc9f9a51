import {
  consoleVersionProblem,
  fieldMessage,
  isLang,
  LANGUAGE_NAMES,
  LANGUAGES,
  VERSION_LIMITS,
} from '@heliograph/shared';
import type { Lang } from '@heliograph/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { currentLang, HTML_LANG } from '../../i18n';
import { versionApi, versionKeys } from './api';

interface EditorValues {
  version: string;
  notes: Record<Lang, string | undefined>;
}

/**
 * Publish a console version: its number (higher than the newest, checked by the server) and the release notes
 * in the eight languages, one tab each. English is required; a language left empty shows the English notes.
 */
export function VersionEditor({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const [tab, setTab] = useState<Lang>('en');
  const queryClient = useQueryClient();
  const lang = currentLang();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setTab('en');
  }, [open, form]);

  const save = useMutation({
    mutationFn: (v: EditorValues) => {
      const notes = Object.fromEntries(LANGUAGES.map((l) => [l, (v.notes?.[l] ?? '').trim()])) as Record<Lang, string>;
      return versionApi.create({ version: v.version.trim(), notes });
    },
    onSuccess: (created) => {
      void message.success(t('versions.published', { version: created.version }));
      void queryClient.invalidateQueries({ queryKey: versionKeys.all });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields.length > 0)
        form.setFields(
          error.fields.map((f) => {
            const l = f.field.split('.').at(-1);
            return { name: f.field === 'version' ? 'version' : ['notes', isLang(l) ? l : 'en'], errors: [f.message] };
          }),
        );
    },
  });

  const notesRules = (l: Lang) => [
    ...(l === 'en' ? [{ required: true, whitespace: true, message: t('versions.englishRequired') }] : []),
    { max: VERSION_LIMITS.notesMax, message: t('versions.notesTooLong', { max: VERSION_LIMITS.notesMax }) },
  ];

  return (
    <Modal
      open={open}
      title={t('versions.createTitle')}
      okText={t('versions.publish')}
      cancelText={t('versions.cancel')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() =>
        void form
          .validateFields({ validateOnly: false })
          .then((v) => save.mutate(v))
          .catch(() => {
            // English is on its own tab: show it when its notes are what is missing.
            if (form.getFieldError(['notes', 'en']).length > 0) setTab('en');
          })
      }
      width={720}
      destroyOnHidden
      forceRender
      data-testid="version-editor"
    >
      <Form form={form} layout="vertical" initialValues={{ version: '', notes: {} }}>
        <Form.Item
          name="version"
          label={t('versions.version')}
          extra={t('versions.versionHint')}
          rules={[
            { required: true, whitespace: true, message: t('versions.versionRequired') },
            {
              validator: async (_: unknown, v?: string) => {
                const problem = v?.trim() ? consoleVersionProblem(v) : null;
                if (problem) throw new Error(fieldMessage(problem, lang));
              },
            },
          ]}
        >
          <Input maxLength={VERSION_LIMITS.versionMax} data-testid="version-number" autoFocus dir="ltr" />
        </Form.Item>
        <Alert type="info" showIcon title={t('versions.notesHint')} className="hg-versions-alert" />
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as Lang)}
          items={LANGUAGES.map((l) => ({
            key: l,
            label: <span lang={HTML_LANG[l]}>{LANGUAGE_NAMES[l]}</span>,
            forceRender: true,
            children: (
              <Form.Item
                name={['notes', l]}
                label={t('versions.notesIn', { language: LANGUAGE_NAMES[l] })}
                rules={notesRules(l)}
              >
                <Input.TextArea
                  rows={6}
                  maxLength={VERSION_LIMITS.notesMax}
                  showCount
                  dir={l === 'he' ? 'rtl' : 'ltr'}
                  lang={HTML_LANG[l]}
                  data-testid={`version-notes-${l}`}
                />
              </Form.Item>
            ),
          }))}
        />
      </Form>
    </Modal>
  );
}
