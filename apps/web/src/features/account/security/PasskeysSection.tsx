import { DeleteOutlined, EditOutlined, PlusOutlined, UsbOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Form, Input, List, Modal, Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES, PASSKEY_NAME_MAX, type PasskeyRow } from '@heliograph/shared';
import { USER_INFO_KEY } from '../../../api/auth';
import { call } from '../../../api/call';
import { ApiError } from '../../../api/client';
import { setFieldError } from '../../../api/formErrors';
import { useFormSubmit } from '../../../components/useFormSubmit';
import { currentLang } from '../../../i18n';
import { createPasskey, isPromptFailure, openedByAddress, passkeysSupported } from '../../auth';

export const PASSKEYS_KEY = ['mfa', 'passkeys'] as const;
/** Codes the passkey dialogs answer under their name field. */
const TOLERATES = [
  ERROR_CODES.passkeyRejected,
  ERROR_CODES.passkeyExists,
  ERROR_CODES.validation,
  ERROR_CODES.mfaStillRequired,
];

function when(iso: string, lang: string): string {
  return new Date(iso).toLocaleString(lang === 'cn' ? 'zh-CN' : lang === 'po' ? 'pl' : lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

interface NameValues {
  name: string;
}

function NameField(): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="name"
      label={t('mfa.passkeyName')}
      rules={[{ required: true, whitespace: true, message: t('mfa.passkeyNameRequired') }]}
    >
      <Input
        maxLength={PASSKEY_NAME_MAX}
        placeholder={t('mfa.passkeyNamePlaceholder')}
        autoFocus
        data-testid="passkey-name"
      />
    </Form.Item>
  );
}

/**
 * The passkeys of the signed-in account (a second factor of their own, beside the authenticator app): add one
 * (named, then the browser's prompt), see when each was added and last used, rename, remove with confirmation.
 */
export function PasskeysSection({ readOnly, onChanged }: { readOnly: boolean; onChanged: () => Promise<void> }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const lang = currentLang();
  const list = useQuery({ queryKey: PASSKEYS_KEY, queryFn: () => call('GET /mfa/passkeys', {}, { silent: true }) });
  const [dialog, setDialog] = useState<{ mode: 'add' } | { mode: 'rename'; key: PasskeyRow } | null>(null);
  const supported = passkeysSupported();

  const changed = async (): Promise<void> => {
    await Promise.all([
      qc.invalidateQueries({ queryKey: PASSKEYS_KEY }),
      qc.invalidateQueries({ queryKey: USER_INFO_KEY }),
    ]);
    await onChanged();
  };

  const remove = (key: PasskeyRow): void => {
    modal.confirm({
      title: t('mfa.passkeyRemoveTitle', { name: key.name }),
      content: t('mfa.passkeyRemoveHint'),
      okText: t('mfa.passkeyRemove'),
      okButtonProps: { danger: true },
      cancelText: t('mfa.cancel'),
      onOk: async () => {
        try {
          await call('POST /mfa/passkey/:id/delete', { params: { id: key.id } });
          void message.success(t('mfa.passkeyRemoved'));
          await changed();
        } catch {
          // told by the client
        }
      },
    });
  };

  return (
    <section className="hg-passkeys" aria-labelledby="hg-passkeys-title" data-testid="passkeys">
      <h3 id="hg-passkeys-title" className="hg-passkeys-title">
        {t('mfa.passkeysTitle')}
      </h3>
      <p className="hg-mfa-intro">{t('mfa.passkeysIntro')}</p>
      {!supported ? (
        <Alert type="info" showIcon title={t(openedByAddress() ? 'mfa.passkeyNeedsName' : 'mfa.passkeyUnsupported')} />
      ) : null}
      {list.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : list.data && list.data.length > 0 ? (
        <List<PasskeyRow>
          className="hg-passkey-list"
          bordered
          dataSource={list.data}
          renderItem={(key) => (
            <List.Item
              data-testid="passkey-row"
              actions={[
                <Button
                  key="rename"
                  type="text"
                  icon={<EditOutlined />}
                  disabled={readOnly}
                  aria-label={`${t('mfa.passkeyRename')}: ${key.name}`}
                  onClick={() => setDialog({ mode: 'rename', key })}
                  data-testid="passkey-rename"
                />,
                <Button
                  key="remove"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={readOnly}
                  aria-label={`${t('mfa.passkeyRemove')}: ${key.name}`}
                  onClick={() => remove(key)}
                  data-testid="passkey-remove"
                />,
              ]}
            >
              <List.Item.Meta
                avatar={<UsbOutlined className="hg-passkey-icon" />}
                title={<span className="hg-passkey-name">{key.name}</span>}
                description={
                  <span className="hg-passkey-dates">
                    <span>{t('mfa.passkeyCreated', { date: when(key.createdAt, lang) })}</span>
                    <span>
                      {key.lastUsedAt
                        ? t('mfa.passkeyLastUsed', { date: when(key.lastUsedAt, lang) })
                        : t('mfa.passkeyNeverUsed')}
                    </span>
                  </span>
                }
              />
            </List.Item>
          )}
        />
      ) : list.data ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('mfa.passkeyNone')} />
      ) : null}
      <Button
        icon={<PlusOutlined />}
        disabled={readOnly || !supported}
        onClick={() => setDialog({ mode: 'add' })}
        data-testid="passkey-add"
      >
        {t('mfa.passkeyAdd')}
      </Button>
      <PasskeyDialog
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDone={async (text) => {
          setDialog(null);
          void message.success(text);
          await changed();
        }}
      />
    </section>
  );
}

function PasskeyDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: { mode: 'add' } | { mode: 'rename'; key: PasskeyRow } | null;
  onClose: () => void;
  onDone: (message: string) => Promise<void>;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [form] = Form.useForm<NameValues>();
  const adding = dialog?.mode === 'add';
  const { busy, onFinish } = useFormSubmit(
    async (values: NameValues) => {
      const name = values.name.trim();
      if (dialog?.mode === 'rename') {
        await call('POST /mfa/passkey/:id', { params: { id: dialog.key.id }, body: { name } }, { tolerate: TOLERATES });
        form.resetFields();
        await onDone(t('mfa.passkeyRenamed'));
        return;
      }
      const options = await call('POST /mfa/passkey/options', {}, { tolerate: TOLERATES });
      const credential = await createPasskey(options);
      await call('POST /mfa/passkey', { body: { name, credential } }, { tolerate: TOLERATES });
      form.resetFields();
      await onDone(t('mfa.passkeyAdded'));
    },
    (err: unknown) => {
      if (isPromptFailure(err)) setFieldError(form, 'name', t('mfa.passkeyCancelled'));
      else if (err instanceof ApiError && TOLERATES.includes(err.code as (typeof TOLERATES)[number]))
        setFieldError(form, 'name', err.message);
    },
  );
  return (
    <Modal
      open={dialog !== null}
      title={adding ? t('mfa.passkeyAdd') : t('mfa.passkeyRename')}
      onCancel={onClose}
      okText={adding ? t('mfa.passkeyContinue') : t('mfa.passkeySave')}
      cancelText={t('mfa.cancel')}
      okButtonProps={{ loading: busy, htmlType: 'submit', form: 'passkey-form' }}
      destroyOnHidden
    >
      {adding ? <p>{t('mfa.passkeyAddHint')}</p> : null}
      <Form<NameValues>
        form={form}
        id="passkey-form"
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ name: dialog?.mode === 'rename' ? dialog.key.name : '' }}
      >
        <NameField />
      </Form>
    </Modal>
  );
}
