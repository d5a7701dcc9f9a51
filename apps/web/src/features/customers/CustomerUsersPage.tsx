import { KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { Quantity } from '../../components/Quantity';
import {
  ListPage,
  ListToolbar,
  listEmpty,
  listPagination,
  RowAction,
  useListState,
  useWide,
  type ListSpec,
} from '../../components/list';
import { NewPasswordFields } from '../../components/password/NewPasswordFields';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { customerApi, customerKeys, type CustomerUserRow } from './api';
import './customers.css';

const SPEC: ListSpec<never, never> = { defaultSize: 10 };

/**
 * /customer/user — the customers' sign-in accounts (spec §2.2) with their state and last sign-in. Holders of
 * customer.edit disable an account (signed out everywhere at once) or enable it, and set a new password.
 */
export default function CustomerUsersPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const canEdit = held.has('customer.edit');
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [resetting, setResetting] = useState<CustomerUserRow | null>(null);
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const list = useQuery({
    queryKey: customerKeys.users(state.search, state.page, state.size),
    queryFn: () => customerApi.users(state.search, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: (v: { userId: string; disabled: boolean }) => customerApi.setDisabled(v.userId, v.disabled),
    onSuccess: (_d, v) => {
      void message.success(v.disabled ? t('customers.userDisabled') : t('customers.userEnabled'));
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
  const setPassword = useMutation({
    mutationFn: (v: { userId: string; password: string }) => customerApi.resetPassword(v.userId, v.password),
    onSuccess: () => {
      void message.success(t('customers.passwordSet'));
      setResetting(null);
    },
    onError: (err) => applyServerErrors(form, err, ['password']),
  });

  const columns: ColumnsType<CustomerUserRow> = [
    {
      title: t('customers.account'),
      dataIndex: 'account',
      width: wide ? 220 : undefined,
      render: (a: string, r) => (
        <div>
          <strong dir="ltr" className="hg-customer-account">
            {a}
          </strong>
          <div className="hg-customer-sub">{r.customerName}</div>
        </div>
      ),
    },
    { title: t('customers.nickname'), dataIndex: 'nickname', width: 150, responsive: ['md'] },
    {
      title: t('customers.status'),
      dataIndex: 'disabled',
      width: 100,
      render: (d: boolean) =>
        d ? <Tag color="red">{t('customers.disabled')}</Tag> : <Tag color="green">{t('customers.enabled')}</Tag>,
    },
    {
      title: t('customers.lastSignIn'),
      dataIndex: 'lastSignIn',
      width: 160,
      responsive: ['sm'],
      render: (ms: number | null) =>
        ms === null ? t('customers.never') : <Quantity>{dayjs(ms).format('YYYY-MM-DD HH:mm')}</Quantity>,
    },
    ...(canEdit
      ? [
          {
            title: t('customers.actions'),
            key: 'actions',
            width: wide ? 260 : 110,
            render: (_: unknown, r: CustomerUserRow) => (
              <Space size={0} wrap>
                <RowAction
                  wide={wide}
                  label={r.disabled ? t('customers.enable') : t('customers.disable')}
                  danger={!r.disabled}
                  icon={r.disabled ? <UnlockOutlined /> : <LockOutlined />}
                  aria-label={t(r.disabled ? 'customers.enableNamed' : 'customers.disableNamed', { name: r.account })}
                  data-testid={`user-toggle-${r.account}`}
                  onClick={() =>
                    r.disabled
                      ? toggle.mutate({ userId: r.userId, disabled: false })
                      : modal.confirm({
                          title: t('customers.disableTitle', { name: r.account }),
                          content: t('customers.disableBody'),
                          okText: t('customers.disable'),
                          okButtonProps: { danger: true },
                          cancelText: t('customers.cancel'),
                          onOk: () => toggle.mutateAsync({ userId: r.userId, disabled: true }),
                        })
                  }
                />
                <RowAction
                  wide={wide}
                  label={t('customers.resetPassword')}
                  icon={<KeyOutlined />}
                  aria-label={t('customers.resetNamed', { name: r.account })}
                  data-testid={`user-reset-${r.account}`}
                  onClick={() => {
                    form.resetFields();
                    setResetting(r);
                  }}
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  if (list.isError && !list.data)
    return (
      <LoadFailed card title={t('customers.usersLoadFailed')} retry={list.refetch} retryText={t('customers.retry')} />
    );

  return (
    <ListPage
      titleId="customer-users-title"
      title={t('page.customerUsers')}
      hint={t('customers.usersHint')}
      className="hg-customers"
      data-testid="customer-users"
    >
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('customers.userSearchPlaceholder')}
        searchLabel={t('customers.search')}
        narrowed={narrowed}
        onReset={reset}
      />
      <Table<CustomerUserRow>
        rowKey="userId"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        scroll={wide ? { x: 860 } : undefined}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="customer-users-table"
        locale={listEmpty(narrowed, t('customers.noMatch'), t('customers.noUsers'))}
      />
      <Modal
        open={!!resetting}
        title={t('customers.resetTitle', { name: resetting?.account ?? '' })}
        okText={t('customers.save')}
        cancelText={t('customers.cancel')}
        confirmLoading={setPassword.isPending}
        onCancel={() => setResetting(null)}
        onOk={() =>
          void form.validateFields().then(
            (v) => setPassword.mutate({ userId: resetting?.userId ?? '', password: v.password }),
            () => undefined,
          )
        }
        destroyOnHidden
        data-testid="reset-password"
      >
        <p className="hg-page-hint">{t('customers.resetBody')}</p>
        <Form form={form} layout="vertical">
          <NewPasswordFields
            name="password"
            label={t('customers.newPassword')}
            testIds={['reset-password-new', 'reset-password-confirm']}
            icons={false}
          />
        </Form>
      </Modal>
    </ListPage>
  );
}
