import { EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { MenuProps } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMBER_STATUSES } from '@heliograph/shared';
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
import { displayRole } from '../../i18n/roles';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { memberApi, memberKeys, type Member, type MemberRoleOption } from './api';
import { MemberEditor } from './MemberEditor';
import './members.css';

const SPEC: ListSpec<'role' | 'status', never> = {
  filters: { role: 'text', status: MEMBER_STATUSES },
  defaultSize: 10,
};

type Action = 'disable' | 'enable' | 'require' | 'unrequire' | 'reset' | 'unbind';

/**
 * /enterprise/user — the company's members (spec §3 Staff/user): search by account, nickname or phone,
 * filter by role and status, pages; add or edit in a drawer; disable or enable, unbind from the company,
 * require or reset two-step verification, each after a confirmation.
 */
export default function MembersPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const canEdit = held.has('company.user.edit');
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ member: Member | null } | null>(null);
  const query = {
    q: state.search,
    roleId: state.filters.role,
    status: state.filters.status,
    page: state.page,
    size: state.size,
  };
  const list = useQuery({
    queryKey: memberKeys.list(query),
    queryFn: () => memberApi.list(query),
    placeholderData: keepPreviousData,
  });
  const roles = useQuery({ queryKey: memberKeys.roles, queryFn: memberApi.roles });
  const roleLabel = (r: MemberRoleOption) => (r.builtin ? displayRole(r.builtin) : r.name);
  const memberRole = (m: Member) => (m.roleBuiltin ? displayRole(m.roleBuiltin) : m.roleName);

  const act = useMutation({
    mutationFn: ({ action, m }: { action: Action; m: Member }) => {
      switch (action) {
        case 'disable':
        case 'enable':
          return memberApi.disable(m.id, action === 'disable');
        case 'require':
        case 'unrequire':
          return memberApi.mfa(m.id, { required: action === 'require' });
        case 'reset':
          return memberApi.mfa(m.id, { reset: true });
        case 'unbind':
          return memberApi.unbind(m.id);
      }
    },
    onSuccess: (_data, { action }) => {
      void message.success(t(`members.done.${action}`));
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
  });

  const confirm = (action: Action, m: Member) =>
    modal.confirm({
      title: t(`members.confirm.${action}.title`, { name: m.nickname }),
      content: t(`members.confirm.${action}.body`),
      okText: t(`members.action.${action}`),
      okButtonProps: { danger: action === 'disable' || action === 'unbind' || action === 'reset' },
      cancelText: t('members.cancel'),
      onOk: () => act.mutateAsync({ action, m }),
    });

  const menu = (m: Member): MenuProps['items'] => {
    const items: NonNullable<MenuProps['items']> = [];
    if (!m.self)
      items.push({
        key: m.disabled ? 'enable' : 'disable',
        label: t(`members.action.${m.disabled ? 'enable' : 'disable'}`),
      });
    items.push({
      key: m.mfaRequired ? 'unrequire' : 'require',
      label: t(`members.action.${m.mfaRequired ? 'unrequire' : 'require'}`),
    });
    if (m.mfaEnabled) items.push({ key: 'reset', label: t('members.action.reset'), danger: true });
    if (!m.self) items.push({ type: 'divider' }, { key: 'unbind', label: t('members.action.unbind'), danger: true });
    return items;
  };

  const columns: ColumnsType<Member> = [
    {
      title: t('members.member'),
      key: 'member',
      render: (_: unknown, m) => (
        <div className="hg-members-who">
          <strong>{m.nickname}</strong>
          {m.self && <Tag color="gold">{t('members.you')}</Tag>}
          <div className="hg-members-account">
            <bdi>{m.account}</bdi>
          </div>
        </div>
      ),
    },
    {
      title: t('members.phone'),
      dataIndex: 'phone',
      responsive: ['lg'],
      render: (p: string) => (p ? <bdi>{p}</bdi> : '—'),
    },
    { title: t('members.role'), key: 'role', render: (_: unknown, m) => memberRole(m) },
    {
      title: t('members.mfa'),
      key: 'mfa',
      render: (_: unknown, m) => (
        <Space size={4} wrap>
          <Tag color={m.mfaEnabled ? 'green' : undefined}>
            {m.mfaEnabled ? t('members.mfaOn') : t('members.mfaOff')}
          </Tag>
          {m.mfaRequired && <Tag color="orange">{t('members.mfaRequired')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('members.status'),
      dataIndex: 'disabled',
      render: (d: boolean) => (
        <Tag color={d ? 'red' : 'green'}>{d ? t('members.statuses.disabled') : t('members.statuses.enabled')}</Tag>
      ),
    },
    {
      title: t('members.registered'),
      dataIndex: 'registeredAt',
      responsive: ['lg'],
      render: (iso: string) => <Quantity>{dayjs(iso).format('YYYY-MM-DD')}</Quantity>,
    },
  ];
  if (canEdit)
    columns.push({
      title: t('members.actions'),
      key: 'actions',
      width: wide ? 180 : 96,
      render: (_: unknown, m) => (
        <Space size={0}>
          <RowAction
            wide={wide}
            label={t('members.edit')}
            icon={<EditOutlined />}
            onClick={() => setEditing({ member: m })}
            aria-label={t('members.editNamed', { name: m.nickname })}
            data-testid={`member-edit-${m.account}`}
          />
          <Dropdown trigger={['click']} menu={{ items: menu(m), onClick: ({ key }) => confirm(key as Action, m) }}>
            <Button
              type="text"
              icon={<MoreOutlined />}
              aria-label={t('members.moreFor', { name: m.nickname })}
              data-testid={`member-more-${m.account}`}
            />
          </Dropdown>
        </Space>
      ),
    });

  if (list.isError && !list.data)
    return <LoadFailed card title={t('members.loadFailed')} retry={list.refetch} retryText={t('members.retry')} />;

  return (
    <ListPage
      titleId="members-title"
      title={t('page.members')}
      hint={t('members.hint')}
      className="hg-members"
      data-testid="company-members"
      actions={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ member: null })}
            disabled={!roles.data}
            data-testid="member-create"
          >
            {t('members.add')}
          </Button>
        )
      }
    >
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('members.searchPlaceholder')}
        searchLabel={t('members.search')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <>
            <Select
              allowClear
              className="hg-members-filter"
              placeholder={t('members.allRoles')}
              aria-label={t('members.filterRole')}
              value={state.filters.role}
              onChange={(v?: string) => update({ filters: { role: v } })}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: roleLabel(r) }))}
              data-testid="members-role-filter"
            />
            <Select
              allowClear
              className="hg-members-filter"
              placeholder={t('members.allStatuses')}
              aria-label={t('members.filterStatus')}
              value={state.filters.status}
              onChange={(v?: string) => update({ filters: { status: v } })}
              options={MEMBER_STATUSES.map((s) => ({ value: s, label: t(`members.statuses.${s}`) }))}
              data-testid="members-status-filter"
            />
          </>
        }
      />
      <Table<Member>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        scroll={{ x: wide ? undefined : 640 }}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="members-table"
        locale={listEmpty(narrowed, t('members.noMatch'), t('members.none'))}
      />
      <MemberEditor
        open={!!editing}
        member={editing?.member ?? null}
        roles={roles.data ?? []}
        roleLabel={roleLabel}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}
