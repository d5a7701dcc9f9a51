import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { NOTIFICATION_LIMITS, type WebhookRow } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Popconfirm, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldsSubmit } from '../../components/useFormSubmit';
import { LoadFailed } from '../device-common/LoadFailed';
import { notificationApi, notificationKeys } from './api';
import { DeliveryLog } from './DeliveryLog';

interface Values {
  url: string;
  secret: string;
  enabled: boolean;
}

/** Add or edit a webhook. The stored secret is never shown: left empty on an edit, it is kept. */
function WebhookForm({ hook, onDone }: { hook: WebhookRow | null; onDone: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { busy, onFinish } = useFieldsSubmit(
    form,
    async (v: Values) => {
      if (hook)
        await notificationApi.editWebhook(hook.id, {
          url: v.url,
          enabled: v.enabled,
          ...(v.secret ? { secret: v.secret } : {}),
        });
      else await notificationApi.addWebhook({ url: v.url, secret: v.secret, enabled: v.enabled });
      onDone();
    },
    ['url', 'secret', 'enabled'],
  );
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ url: hook?.url ?? '', secret: '', enabled: hook?.enabled ?? true }}
      onFinish={onFinish}
      data-testid="webhook-form"
    >
      <Form.Item
        name="url"
        label={t('notifications.webhookUrl')}
        rules={[{ required: true, type: 'url', message: t('notifications.webhookUrlRule') }]}
      >
        <Input placeholder="https://" maxLength={NOTIFICATION_LIMITS.webhookUrlMax} inputMode="url" />
      </Form.Item>
      <Form.Item
        name="secret"
        label={t('notifications.webhookSecret')}
        extra={hook ? t('notifications.webhookSecretKeep') : t('notifications.webhookSecretHint')}
        rules={[
          {
            required: !hook,
            message: t('notifications.webhookSecretRule', { min: NOTIFICATION_LIMITS.webhookSecretMin }),
          },
          {
            min: NOTIFICATION_LIMITS.webhookSecretMin,
            message: t('notifications.webhookSecretRule', { min: NOTIFICATION_LIMITS.webhookSecretMin }),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" maxLength={NOTIFICATION_LIMITS.webhookSecretMax} />
      </Form.Item>
      <Form.Item name="enabled" label={t('notifications.webhookEnabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('notifications.save')}
      </Button>
    </Form>
  );
}

/**
 * The company's webhooks (company.info): every alarm of the company's plants is POSTed to each, signed with
 * its secret (X-Heliograph-Signature); each one's delivery log shows status, attempts and the last error.
 */
export function Webhooks(): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<WebhookRow | 'new' | null>(null);
  const [logOf, setLogOf] = useState<WebhookRow | null>(null);
  const list = useQuery({ queryKey: notificationKeys.webhooks, queryFn: notificationApi.webhooks });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.webhooks });
  const remove = useMutation({
    mutationFn: (id: string) => notificationApi.removeWebhook(id),
    onSuccess: () => {
      void message.success(t('notifications.webhookRemoved'));
      refresh();
    },
  });

  if (list.isError)
    return (
      <LoadFailed title={t('notifications.loadFailed')} retry={list.refetch} retryText={t('notifications.retry')} />
    );

  const columns: ColumnsType<WebhookRow> = [
    {
      title: t('notifications.webhookUrl'),
      dataIndex: 'url',
      render: (url: string) => (
        <bdi className="hg-notify-url" dir="ltr">
          {url}
        </bdi>
      ),
    },
    {
      title: t('notifications.webhookState'),
      key: 'state',
      width: 150,
      responsive: ['sm'],
      render: (_: unknown, w) => (
        <>
          <Tag color={w.enabled ? 'green' : 'default'}>
            {w.enabled ? t('notifications.webhookOn') : t('notifications.webhookOff')}
          </Tag>
          {w.failed24h > 0 ? <Tag color="red">{t('notifications.failed24h', { count: w.failed24h })}</Tag> : null}
        </>
      ),
    },
    {
      title: t('notifications.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, w) => (
        <span className="hg-notify-actions">
          <Button
            type="text"
            icon={<HistoryOutlined />}
            aria-label={t('notifications.deliveryLog')}
            title={t('notifications.deliveryLog')}
            onClick={() => setLogOf(w)}
          />
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('notifications.edit')}
            title={t('notifications.edit')}
            onClick={() => setEditing(w)}
          />
          <Popconfirm
            title={t('notifications.webhookRemoveConfirm')}
            okText={t('notifications.remove')}
            cancelText={t('notifications.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(w.id)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('notifications.remove')}
              title={t('notifications.remove')}
            />
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <>
      <Table<WebhookRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        columns={columns}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.noWebhooks')} />,
        }}
        data-testid="webhook-table"
      />
      <Button
        className="hg-notify-add"
        icon={<PlusOutlined />}
        onClick={() => setEditing('new')}
        disabled={(list.data?.length ?? 0) >= NOTIFICATION_LIMITS.webhooksPerCompany}
        data-testid="webhook-add"
      >
        {t('notifications.webhookAdd')}
      </Button>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('notifications.webhookAdd') : t('notifications.webhookEdit')}
        footer={null}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        {editing !== null ? (
          <WebhookForm
            hook={editing === 'new' ? null : editing}
            onDone={() => {
              void message.success(t('notifications.saved'));
              setEditing(null);
              refresh();
            }}
          />
        ) : null}
      </Modal>
      <DeliveryLog hook={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}
