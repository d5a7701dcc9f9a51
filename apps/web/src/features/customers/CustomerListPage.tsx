import { DeleteOutlined, EditOutlined, HomeOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Table, Tag, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { customerApi, customerKeys, type CustomerRow } from './api';
import { CustomerEditor } from './CustomerEditor';
import { PlantPicker } from './PlantPicker';
import { flatToTree, typeTreeData } from './typeTree';
import './customers.css';

const SPEC: ListSpec<'type', never> = { defaultSize: 10, filters: { type: 'text' } };

/**
 * /customer/list — the company's customers (spec §2.2): searched by name, contact, account, phone or e-mail,
 * filtered by type (a type takes its sub-types), paged. Holders of customer.edit create and edit customers
 * (with their account and permission list), give them plants and delete them after a confirmation.
 */
export default function CustomerListPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const canEdit = held.has('customer.edit');
  const { state, update, reset, narrowed } = useListState(SPEC);
  const typeId = state.filters.type ?? '';
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ customer: CustomerRow | null } | null>(null);
  const [assigning, setAssigning] = useState<CustomerRow | null>(null);
  const list = useQuery({
    queryKey: customerKeys.list(state.search, typeId, state.page, state.size),
    queryFn: () => customerApi.list(state.search, typeId, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const types = useQuery({ queryKey: customerKeys.typeList, queryFn: customerApi.typeList, retry: false });
  const remove = useMutation({
    mutationFn: (id: string) => customerApi.remove(id),
    onSuccess: () => {
      void message.success(t('customers.deleted'));
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });

  const columns: ColumnsType<CustomerRow> = [
    {
      title: t('customers.name'),
      dataIndex: 'name',
      width: wide ? 180 : undefined,
      render: (name: string, r) => (
        <div>
          <strong>{name}</strong>
          <div className="hg-customer-sub" dir="ltr">
            {r.account}
          </div>
        </div>
      ),
    },
    {
      title: t('customers.type'),
      dataIndex: 'typeName',
      width: 120,
      responsive: ['sm'],
      render: (n: string | null) => (n ? <Tag>{n}</Tag> : <span className="hg-customer-sub">—</span>),
    },
    {
      title: t('customers.contact'),
      key: 'contact',
      width: 200,
      responsive: ['md'],
      render: (_: unknown, r) => (
        <div>
          {r.contactName || '—'}
          {(r.phone || r.email) && (
            <div className="hg-customer-sub" dir="ltr">
              {[r.phone, r.email].filter(Boolean).join(' · ')}
            </div>
          )}
        </div>
      ),
    },
    { title: t('customers.plants'), dataIndex: 'plants', width: 80, align: 'end' },
    {
      title: t('customers.status'),
      dataIndex: 'disabled',
      width: 100,
      responsive: ['sm'],
      render: (d: boolean) =>
        d ? <Tag color="red">{t('customers.disabled')}</Tag> : <Tag color="green">{t('customers.enabled')}</Tag>,
    },
    ...(canEdit
      ? [
          {
            title: t('customers.actions'),
            key: 'actions',
            width: wide ? 280 : 130,
            fixed: wide ? ('end' as const) : undefined,
            render: (_: unknown, r: CustomerRow) => (
              <Space size={0} wrap>
                <RowAction
                  wide={wide}
                  label={t('customers.edit')}
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ customer: r })}
                  aria-label={t('customers.editNamed', { name: r.name })}
                  data-testid={`customer-edit-${r.account}`}
                />
                <RowAction
                  wide={wide}
                  label={t('customers.assignPlants')}
                  icon={<HomeOutlined />}
                  onClick={() => setAssigning(r)}
                  aria-label={t('customers.plantsNamed', { name: r.name })}
                  data-testid={`customer-plants-${r.account}`}
                />
                <RowAction
                  wide={wide}
                  label={t('customers.delete')}
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('customers.deleteNamed', { name: r.name })}
                  data-testid={`customer-delete-${r.account}`}
                  onClick={() =>
                    modal.confirm({
                      title: t('customers.deleteTitle', { name: r.name }),
                      content: t('customers.deleteBody', { n: r.plants, account: r.account }),
                      okText: t('customers.delete'),
                      okButtonProps: { danger: true },
                      cancelText: t('customers.cancel'),
                      onOk: () => remove.mutateAsync(r.id),
                    })
                  }
                />
              </Space>
            ),
          },
        ]
      : []),
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('customers.loadFailed')} retry={list.refetch} retryText={t('customers.retry')} />;

  return (
    <ListPage
      titleId="customers-title"
      title={t('page.customerList')}
      hint={t('customers.hint')}
      className="hg-customers"
      data-testid="customer-list"
      actions={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ customer: null })}
            data-testid="customer-create"
          >
            {t('customers.create')}
          </Button>
        )
      }
    >
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('customers.searchPlaceholder')}
        searchLabel={t('customers.search')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            className="hg-customer-type-filter"
            value={typeId || undefined}
            placeholder={t('customers.allTypes')}
            aria-label={t('customers.typeFilter')}
            treeData={typeTreeData(flatToTree(types.data ?? []))}
            onChange={(v: string | undefined) => update({ filters: { type: v ?? undefined } })}
            data-testid="customer-type-filter"
          />
        }
      />
      <Table<CustomerRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        // On a phone the columns share the width (type, contact and status stand aside) instead of scrolling.
        scroll={wide ? { x: 1000 } : undefined}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="customers-table"
        locale={listEmpty(narrowed, t('customers.noMatch'), t('customers.none'))}
      />
      <CustomerEditor open={!!editing} customer={editing?.customer ?? null} onClose={() => setEditing(null)} />
      <PlantPicker customer={assigning} onClose={() => setAssigning(null)} />
    </ListPage>
  );
}
