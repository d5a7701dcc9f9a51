import {
  ERROR_CODES,
  ROLE_NAME_MAX,
  ROLE_REMARK_MAX,
  type PermissionKey,
  type PermissionNode,
} from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Drawer, Button, Form, Input, Skeleton, Space, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { currentLang } from '../../i18n';
import { useMediaQuery } from '../../kit/useMediaQuery';
import { roleApi, roleKeys, type CompanyRole } from './api';
import { indexTree, toggleKey } from './permissionTree';

interface Values {
  name: string;
  remark: string;
}

/**
 * Create or edit a role of the company: a name (checked with the server as typed: 801), a remark, and its
 * permissions as a checkbox tree in the user's language. Checking a button checks its page; unchecking a
 * page unchecks its buttons.
 */
export function RoleEditor({ open, role, onClose }: { open: boolean; role: CompanyRole | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const phone = useMediaQuery('(max-width: 575px)');
  const lang = currentLang();
  const tree = useQuery({ queryKey: roleKeys.tree(lang), queryFn: () => roleApi.tree(lang), enabled: open });
  const index = useMemo(() => indexTree(tree.data ?? []), [tree.data]);
  const [checked, setChecked] = useState<PermissionKey[]>([]);
  const [permError, setPermError] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ name: role?.name ?? '', remark: role?.remark ?? '' });
    setChecked(role?.permissions ?? []);
    setPermError(false);
  }, [open, role, form]);

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { name: v.name.trim(), remark: (v.remark ?? '').trim(), permissions: checked };
      return role ? roleApi.update(role.id, body) : roleApi.create(body);
    },
    onSuccess: () => {
      void message.success(t('roles.saved'));
      void queryClient.invalidateQueries({ queryKey: roleKeys.all });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === ERROR_CODES.roleNameExists)
        form.setFields([{ name: 'name', errors: [error.message] }]);
    },
  });

  const nameFree = async (_: unknown, value: unknown): Promise<void> => {
    const name = String(value ?? '').trim();
    if (!name) return;
    try {
      await roleApi.checkName(name, role?.id);
    } catch (error) {
      if (error instanceof ApiError && error.code === ERROR_CODES.roleNameExists)
        throw new Error(error.message, { cause: error });
    }
  };

  const nodes = tree.data;
  const treeData = useMemo(() => {
    type Node = { key: PermissionKey; title: string; children: Node[] };
    const map = (list: readonly PermissionNode[]): Node[] =>
      list.map((n) => ({
        key: n.permission,
        title: n.type === 0 ? n.name : `${n.name} · ${t('roles.action')}`,
        children: map(n.children),
      }));
    return map(nodes ?? []);
  }, [nodes, t]);

  const submit = () =>
    void form
      .validateFields()
      .then((v) => {
        if (checked.length === 0) {
          setPermError(true);
          return;
        }
        save.mutate(v);
      })
      .catch(() => undefined);

  return (
    <Drawer
      open={open}
      title={role ? t('roles.editTitle', { name: role.name }) : t('roles.createTitle')}
      onClose={onClose}
      size={phone ? '100%' : 560}
      destroyOnHidden
      data-testid="role-editor"
      footer={
        <Space className="hg-roles-footer">
          <Button onClick={onClose}>{t('roles.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit} data-testid="role-save">
            {t('roles.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('roles.name')}
          validateTrigger="onBlur"
          rules={[
            { required: true, whitespace: true, message: t('roles.nameRequired') },
            { max: ROLE_NAME_MAX, message: t('roles.nameTooLong', { max: ROLE_NAME_MAX }) },
            { validator: nameFree },
          ]}
        >
          <Input maxLength={ROLE_NAME_MAX} autoFocus data-testid="role-name" />
        </Form.Item>
        <Form.Item name="remark" label={t('roles.remark')}>
          <Input.TextArea maxLength={ROLE_REMARK_MAX} rows={2} showCount data-testid="role-remark" />
        </Form.Item>
      </Form>
      <div role="group" aria-labelledby="role-permissions-label" data-testid="role-permissions">
        <p id="role-permissions-label" className="hg-roles-tree-label">
          {t('roles.permissions')}
        </p>
        <p className="hg-page-hint">{t('roles.permissionsHint')}</p>
        {permError && checked.length === 0 && (
          <Alert type="error" showIcon title={t('roles.needPermission')} className="hg-roles-alert" />
        )}
        {tree.isLoading ? (
          <Skeleton active />
        ) : tree.isError ? (
          <Alert type="error" showIcon title={t('roles.treeFailed')} />
        ) : (
          <Tree<{ key: PermissionKey; title: string }>
            checkable
            checkStrictly
            selectable={false}
            defaultExpandAll
            treeData={treeData}
            checkedKeys={checked}
            onCheck={(_keys, info) => {
              setChecked(toggleKey(index, new Set(checked), info.node.key, info.checked));
            }}
          />
        )}
      </div>
    </Drawer>
  );
}
