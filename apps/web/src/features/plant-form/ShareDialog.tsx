import { DeleteOutlined, ShareAltOutlined } from '@ant-design/icons';
import { App, Button, Empty, Form, Input, Modal, Popconfirm, Radio, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ERROR_CODES, plantShareSchema, SHARE_LEVELS, type ShareLevel, type ShareUser } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { plantAdminApi, plantAdminKeys } from '../../api/plantAdmin';
import { schemaRule } from './fieldRules';
import { useLang } from './useLang';

interface ShareForm {
  account: string;
  level: ShareLevel;
}

/**
 * Share a plant (spec §6): only its creator, to an account at guest (view only) or maintainer level; 701
 * (yourself), 702 (a company user) and 703 (a company plant) are shown on the account field. The list shows
 * who has it and lets each share be withdrawn.
 */
export function ShareDialog({
  plantId,
  plantName,
  open,
  onClose,
}: {
  plantId: string;
  plantName: string;
  open: boolean;
  onClose: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const { lang, tag } = useLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShareForm>();
  const shares = useQuery({
    queryKey: plantAdminKeys.shares(plantId),
    queryFn: () => plantAdminApi.shareUsers(plantId),
    enabled: open,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: plantAdminKeys.shares(plantId) });

  const share = useMutation({
    mutationFn: (v: ShareForm) => plantAdminApi.share(plantId, v.account.trim(), v.level),
    onSuccess: (_d, v) => {
      message.success(t('plantForm.share.done', { account: v.account.trim() }));
      form.resetFields(['account']);
      refresh();
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || err.notified) return;
      const text = err.code === ERROR_CODES.validation ? (err.fields[0]?.message ?? err.message) : err.message;
      form.setFields([{ name: 'account', errors: [text] }]);
    },
  });
  const cancel = useMutation({
    mutationFn: (account: string) => plantAdminApi.cancelShare(plantId, account),
    onSuccess: (_d, account) => {
      message.success(t('plantForm.share.cancelled', { account }));
      refresh();
    },
  });

  const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: 'medium' });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('plantForm.share.title', { name: plantName })}
      footer={<Button onClick={onClose}>{t('plantForm.action.close')}</Button>}
      width={680}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ account: '', level: 'guest' }}
        onFinish={(v) => share.mutate(v)}
        className="hg-share-form"
        data-testid="share-form"
      >
        <Form.Item
          name="account"
          label={t('plantForm.share.account')}
          rules={[schemaRule(plantShareSchema.shape.account, lang)]}
          validateTrigger="onSubmit"
          className="hg-share-account"
        >
          <Input type="email" autoComplete="off" maxLength={128} data-testid="share-account" />
        </Form.Item>
        <Form.Item name="level" label={t('plantForm.share.level')}>
          <Radio.Group
            options={SHARE_LEVELS.map((l) => ({ value: l, label: t(`plantForm.share.levels.${l}`) }))}
            data-testid="share-level"
          />
        </Form.Item>
        <Form.Item label=" " className="hg-share-submit">
          <Button
            type="primary"
            htmlType="submit"
            icon={<ShareAltOutlined />}
            loading={share.isPending}
            data-testid="share-submit"
          >
            {t('plantForm.share.submit')}
          </Button>
        </Form.Item>
      </Form>
      <p className="hg-pf-hint">{t('plantForm.share.levelHint')}</p>
      <Table<ShareUser>
        rowKey="account"
        size="small"
        loading={shares.isLoading}
        dataSource={shares.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: shares.isError ? (
            <Button onClick={() => void shares.refetch()}>{t('plantForm.action.retry')}</Button>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plantForm.share.none')} />
          ),
        }}
        data-testid="share-list"
        columns={[
          {
            title: t('plantForm.share.account'),
            dataIndex: 'account',
            render: (_v, u) => (
              <span className="hg-share-who">
                <bdi>{u.account}</bdi>
                {u.nickname && <span className="hg-pf-hint">{u.nickname}</span>}
              </span>
            ),
          },
          {
            title: t('plantForm.share.level'),
            dataIndex: 'level',
            render: (level: ShareLevel) => (
              <Tag color={level === 'maintainer' ? 'blue' : 'default'}>{t(`plantForm.share.levels.${level}`)}</Tag>
            ),
          },
          {
            title: t('plantForm.share.since'),
            dataIndex: 'since',
            render: (since: number) => <bdi className="hg-num">{dateTime.format(since)}</bdi>,
          },
          {
            title: <span className="hg-visually-hidden">{t('plantForm.share.actions')}</span>,
            key: 'actions',
            align: 'end',
            render: (_v, u) => (
              <Popconfirm
                title={t('plantForm.share.cancelConfirm', { account: u.account })}
                okText={t('plantForm.share.cancel')}
                cancelText={t('plantForm.action.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => cancel.mutateAsync(u.account)}
              >
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('plantForm.share.cancelOf', { account: u.account })}
                  data-testid={`share-cancel-${u.account}`}
                />
              </Popconfirm>
            ),
          },
        ]}
      />
    </Modal>
  );
}
