import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Empty, Input, Modal, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Quantity } from '../../components/Quantity';
import { LoadFailed } from '../device-common/LoadFailed';
import { customerApi, customerKeys, type CustomerPlantRow, type CustomerRow } from './api';

const SIZE = 10;

/**
 * The plants a customer owns, picked from the company's plants that have no owner or belong to one of its
 * customers (searchable, paged). Ticking keeps the choice across pages and searches; saving gives the customer
 * exactly the ticked plants and takes back the rest.
 */
export function PlantPicker({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const id = customer?.id ?? '';
  const list = useQuery({
    queryKey: customerKeys.plants(id, q, page),
    queryFn: () => customerApi.plants(id, q, page, SIZE),
    enabled: !!customer,
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    setQ('');
    setPage(1);
    setPicked(null);
  }, [id]);
  useEffect(() => {
    if (picked === null && list.data) setPicked(new Set(list.data.assigned));
  }, [list.data, picked]);

  const save = useMutation({
    mutationFn: () => customerApi.assign(id, [...(picked ?? [])]),
    onSuccess: () => {
      void message.success(t('customers.plantsSaved'));
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      onClose();
    },
  });

  const columns: ColumnsType<CustomerPlantRow> = [
    {
      title: t('customers.plantName'),
      dataIndex: 'name',
      render: (name: string, r) => (
        <span>
          {name} {r.assigned && <Tag color="blue">{t('customers.owned')}</Tag>}
        </span>
      ),
    },
    { title: t('customers.address'), dataIndex: 'address', responsive: ['sm'] },
    {
      title: t('customers.capacity'),
      dataIndex: 'capacityKw',
      width: 110,
      render: (kw: number) => <Quantity>{`${kw} kW`}</Quantity>,
    },
  ];

  const selected = picked ?? new Set<string>();
  return (
    <Modal
      open={!!customer}
      title={t('customers.plantsTitle', { name: customer?.name ?? '' })}
      okText={t('customers.save')}
      cancelText={t('customers.cancel')}
      onOk={() => save.mutate()}
      okButtonProps={{ disabled: picked === null }}
      confirmLoading={save.isPending}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      data-testid="plant-picker"
    >
      <p className="hg-page-hint">{t('customers.plantsHint', { n: selected.size })}</p>
      <Input.Search
        allowClear
        maxLength={64}
        placeholder={t('customers.plantSearch')}
        aria-label={t('customers.plantSearch')}
        enterButton={t('customers.search')}
        onSearch={(v) => {
          setQ(v.trim());
          setPage(1);
        }}
        className="hg-customer-picker-search"
        data-testid="plant-picker-search"
      />
      {list.isError && !list.data ? (
        <LoadFailed title={t('customers.plantsFailed')} retry={list.refetch} retryText={t('customers.retry')} />
      ) : (
        <Table<CustomerPlantRow>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isLoading}
          rowSelection={{
            selectedRowKeys: [...selected],
            preserveSelectedRowKeys: true,
            onSelect: (row, on) => {
              const next = new Set(selected);
              if (on) next.add(row.id);
              else next.delete(row.id);
              setPicked(next);
            },
            onSelectAll: (on, _rows, changed) => {
              const next = new Set(selected);
              for (const r of changed)
                if (on) next.add(r.id);
                else next.delete(r.id);
              setPicked(next);
            },
            getCheckboxProps: (r) => ({ 'aria-label': t('customers.pickPlant', { name: r.name }) }),
          }}
          pagination={{
            current: page,
            pageSize: SIZE,
            total: list.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('customers.noPlants')} /> }}
          data-testid="plant-picker-table"
        />
      )}
    </Modal>
  );
}
