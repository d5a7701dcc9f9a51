import { DeleteOutlined, EditOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { fieldMessage } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Space, Table, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../api/formErrors';
import { usePermissions } from '../../kit/permissions';
import { currentLang } from '../../i18n';
import { ListPage, ListToolbar, listEmpty, RowAction, useWide } from '../../components/list';
import { LoadFailed } from '../device-common/LoadFailed';
import { customerApi, customerKeys, type CustomerTypeNode } from './api';
import { typeTreeData } from './typeTree';
import './customers.css';

/** A tree row without empty children (antd would draw an expander for an empty list). */
type Row = Omit<CustomerTypeNode, 'children'> & { children?: Row[] };
const rowsOf = (nodes: readonly CustomerTypeNode[]): Row[] =>
  nodes.map(({ children, ...n }) => (children.length > 0 ? { ...n, children: rowsOf(children) } : n));

/** The search narrows the tree to matching types and the types above them. */
function filterTree(nodes: readonly CustomerTypeNode[], q: string): CustomerTypeNode[] {
  if (!q) return [...nodes];
  const needle = q.toLocaleLowerCase();
  return nodes.flatMap((n) => {
    const children = filterTree(n.children, q);
    return n.name.toLocaleLowerCase().includes(needle) || children.length > 0 ? [{ ...n, children }] : [];
  });
}

interface Editing {
  type: CustomerTypeNode | null;
  parentId: string | null;
}

/**
 * /customer/type — the company's customer types as a tree table (spec §2.2): add a type or a sub-type, edit
 * (name, parent, remark), delete after a confirmation that says how many customers lose the type; a type with
 * sub-types is refused by the server and the refusal shown.
 */
export default function CustomerTypesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const wide = useWide();
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const canEdit = held.has('customer.type.edit');
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<{ name: string; parentId?: string | null; remark?: string }>();
  const tree = useQuery({ queryKey: customerKeys.typeTree, queryFn: customerApi.typeTree });
  const shown = useMemo(() => rowsOf(filterTree(tree.data ?? [], search)), [tree.data, search]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: customerKeys.types });

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue({
      name: editing.type?.name ?? '',
      parentId: editing.type ? editing.type.parentId : editing.parentId,
      remark: editing.type?.remark ?? '',
    });
  }, [editing, form]);

  const save = useMutation({
    mutationFn: (v: { name: string; parentId?: string | null; remark?: string }) => {
      const body = { name: v.name.trim(), parentId: v.parentId ?? null, remark: v.remark?.trim() ?? '' };
      return editing?.type ? customerApi.updateType(editing.type.id, body) : customerApi.createType(body);
    },
    onSuccess: () => {
      void message.success(t('customers.typeSaved'));
      refresh();
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      setEditing(null);
    },
    onError: (err) => applyServerErrors(form, err, ['name', 'parentId', 'remark']),
  });
  const remove = useMutation({
    mutationFn: (id: string) => customerApi.removeType(id),
    onSuccess: () => {
      void message.success(t('customers.typeDeleted'));
      refresh();
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });

  const columns: ColumnsType<Row> = [
    { title: t('customers.typeName'), dataIndex: 'name', width: 240, render: (n: string) => <strong>{n}</strong> },
    {
      title: t('customers.remark'),
      dataIndex: 'remark',
      responsive: ['md'],
      render: (r: string) => r || <span className="hg-customer-sub">—</span>,
    },
    { title: t('customers.customerCount'), dataIndex: 'customers', width: 110, align: 'end' },
    ...(canEdit
      ? [
          {
            title: t('customers.actions'),
            key: 'actions',
            width: wide ? 400 : 140,
            render: (_: unknown, r: Row) => {
              const node = { ...r, children: [] } as CustomerTypeNode;
              return (
                <Space size={0} wrap>
                  <RowAction
                    wide={wide}
                    label={t('customers.addSubtype')}
                    icon={<SubnodeOutlined />}
                    onClick={() => setEditing({ type: null, parentId: r.id })}
                    aria-label={t('customers.addSubtypeNamed', { name: r.name })}
                    data-testid={`type-add-sub-${r.name}`}
                  />
                  <RowAction
                    wide={wide}
                    label={t('customers.edit')}
                    icon={<EditOutlined />}
                    onClick={() => setEditing({ type: node, parentId: r.parentId })}
                    aria-label={t('customers.editNamed', { name: r.name })}
                    data-testid={`type-edit-${r.name}`}
                  />
                  <RowAction
                    wide={wide}
                    label={t('customers.delete')}
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('customers.deleteNamed', { name: r.name })}
                    data-testid={`type-delete-${r.name}`}
                    onClick={() =>
                      modal.confirm({
                        title: t('customers.deleteTypeTitle', { name: r.name }),
                        content: t('customers.deleteTypeBody', { n: r.customers }),
                        okText: t('customers.delete'),
                        okButtonProps: { danger: true },
                        cancelText: t('customers.cancel'),
                        // The refusal (a type with sub-types) is shown by the request client's toast.
                        onOk: () => remove.mutateAsync(r.id).catch(() => undefined),
                      })
                    }
                  />
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  if (tree.isError && !tree.data)
    return (
      <LoadFailed card title={t('customers.typesLoadFailed')} retry={tree.refetch} retryText={t('customers.retry')} />
    );

  return (
    <ListPage
      titleId="types-title"
      title={t('page.customerTypes')}
      hint={t('customers.typesHint')}
      className="hg-customers"
      data-testid="customer-types"
      actions={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ type: null, parentId: null })}
            data-testid="type-create"
          >
            {t('customers.createType')}
          </Button>
        )
      }
    >
      <ListToolbar
        search={search}
        onSearch={setSearch}
        searchPlaceholder={t('customers.typeSearch')}
        searchLabel={t('customers.typeSearch')}
        data-testid="type"
      />
      <Table<Row>
        rowKey="id"
        columns={columns}
        dataSource={shown}
        loading={tree.isLoading}
        expandable={{ defaultExpandAllRows: true }}
        key={`${search}-${tree.dataUpdatedAt}`}
        pagination={false}
        scroll={{ x: wide ? 800 : 480 }}
        data-testid="types-table"
        locale={listEmpty(!!search, t('customers.noTypeMatch'), t('customers.noTypes'))}
      />
      <Modal
        open={!!editing}
        title={editing?.type ? t('customers.editTypeTitle') : t('customers.createTypeTitle')}
        okText={t('customers.save')}
        cancelText={t('customers.cancel')}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(null)}
        onOk={() =>
          void form.validateFields().then(
            (v) => save.mutate(v),
            () => undefined,
          )
        }
        destroyOnHidden
        data-testid="type-editor"
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="name"
            label={t('customers.typeName')}
            rules={[{ required: true, whitespace: true, message: fieldMessage('required', lang) }]}
          >
            <Input maxLength={64} autoFocus data-testid="type-name" />
          </Form.Item>
          <Form.Item name="parentId" label={t('customers.parentType')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              placeholder={t('customers.topLevel')}
              treeData={typeTreeData(tree.data ?? [], editing?.type?.id)}
              data-testid="type-parent"
            />
          </Form.Item>
          <Form.Item name="remark" label={t('customers.remark')}>
            <Input.TextArea maxLength={500} rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </ListPage>
  );
}
