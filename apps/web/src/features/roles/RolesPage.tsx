import { DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, ListToolbar, listEmpty, RowAction, useWide } from '../../components/list';
import { displayRole } from '../../i18n/roles';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { roleApi, roleKeys, type CompanyRole } from './api';
import { RoleEditor } from './RoleEditor';
import './roles.css';

/**
 * /enterprise/roles — the company's own roles (at most 5, spec §5, §9) and the built-in roles a member may
 * hold (read-only), with how many members hold each. Create and edit in a drawer, delete after a
 * confirmation; the caller's own role is shown as not editable (802).
 */
export default function RolesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const canEdit = held.has('company.role.edit');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ role: CompanyRole | null } | null>(null);
  const list = useQuery({ queryKey: roleKeys.list, queryFn: roleApi.list });
  const remove = useMutation({
    mutationFn: (id: string) => roleApi.remove(id),
    onSuccess: () => {
      void message.success(t('roles.deleted'));
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
    },
  });

  const nameOf = (r: CompanyRole) => (r.builtin ? displayRole(r.builtin) : r.name);
  const full = (list.data?.own ?? 0) >= (list.data?.max ?? 5);
  const needle = search.trim().toLowerCase();
  const rows = (list.data?.rows ?? []).filter((r) => !needle || nameOf(r).toLowerCase().includes(needle));

  const lockReason = (r: CompanyRole) => (r.builtin ? t('roles.builtinLocked') : t('roles.ownLocked'));

  const columns: ColumnsType<CompanyRole> = [
    {
      title: t('roles.name'),
      key: 'name',
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          <strong>{nameOf(r)}</strong>
          {r.builtin ? <Tag>{t('roles.builtin')}</Tag> : null}
          {!r.builtin && !r.editable ? <Tag color="gold">{t('roles.yours')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('roles.remark'),
      dataIndex: 'remark',
      responsive: ['md'],
      render: (v: string, r) => (r.builtin ? t(`roles.builtinRemark.${r.builtin}`, { defaultValue: '' }) : v),
    },
    {
      title: t('roles.permissionCount'),
      key: 'permissions',
      width: 130,
      render: (_: unknown, r) => t('roles.permissionsN', { count: r.permissions.length }),
    },
    {
      title: t('roles.members'),
      dataIndex: 'members',
      width: 100,
      render: (n: number) => <span data-testid="role-members">{n}</span>,
    },
    {
      title: t('roles.actions'),
      key: 'actions',
      width: wide ? 200 : 100,
      render: (_: unknown, r) =>
        !r.editable || !canEdit ? (
          <Tooltip title={canEdit ? lockReason(r) : t('roles.noEdit')}>
            <span className="hg-roles-locked" aria-label={canEdit ? lockReason(r) : t('roles.noEdit')}>
              <LockOutlined /> {wide && t('roles.readOnly')}
            </span>
          </Tooltip>
        ) : (
          <Space size={0} wrap>
            <RowAction
              wide={wide}
              label={t('roles.edit')}
              icon={<EditOutlined />}
              onClick={() => setEditing({ role: r })}
              aria-label={t('roles.editNamed', { name: r.name })}
              data-testid={`role-edit-${r.name}`}
            />
            <RowAction
              wide={wide}
              label={t('roles.delete')}
              danger
              icon={<DeleteOutlined />}
              aria-label={t('roles.deleteNamed', { name: r.name })}
              data-testid={`role-delete-${r.name}`}
              onClick={() =>
                modal.confirm({
                  title: t('roles.deleteTitle', { name: r.name }),
                  content: r.members > 0 ? t('roles.deleteHeld', { count: r.members }) : t('roles.deleteBody'),
                  okText: t('roles.delete'),
                  okButtonProps: { danger: true },
                  cancelText: t('roles.cancel'),
                  onOk: () => remove.mutateAsync(r.id),
                })
              }
            />
          </Space>
        ),
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('roles.loadFailed')} retry={list.refetch} retryText={t('roles.retry')} />;

  return (
    <ListPage
      titleId="roles-title"
      title={t('page.roles')}
      hint={t('roles.hint')}
      className="hg-roles"
      data-testid="company-roles"
      actions={
        <Space wrap>
          {list.data && (
            <Tag color={full ? 'orange' : 'blue'} data-testid="roles-count">
              {t('roles.countOf', { count: list.data.own, max: list.data.max })}
            </Tag>
          )}
          {canEdit && (
            <Tooltip title={full ? t('roles.limitReached', { max: list.data?.max ?? 5 }) : undefined}>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                disabled={full || !list.data}
                onClick={() => setEditing({ role: null })}
                data-testid="role-create"
              >
                {t('roles.create')}
              </Button>
            </Tooltip>
          )}
        </Space>
      }
    >
      <ListToolbar
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('roles.searchPlaceholder')}
        searchLabel={t('roles.search')}
        narrowed={!!needle}
        onReset={() => setSearch('')}
      />
      <Table<CompanyRole>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.isLoading}
        scroll={{ x: wide ? undefined : 520 }}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        data-testid="roles-table"
        locale={listEmpty(!!needle, t('roles.noMatch'), t('roles.none'))}
      />
      <RoleEditor open={!!editing} role={editing?.role ?? null} onClose={() => setEditing(null)} />
    </ListPage>
  );
}
