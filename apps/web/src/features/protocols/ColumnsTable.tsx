import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Grid, Input, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnDescription } from '@heliograph/shared';
import { currentLang } from '../../i18n';
import { protocolApi, protocolKeys, type ColumnRow, type ConfigRow } from './api';
import { ColumnDialog } from './ColumnDialog';
import { orderOf } from './columnForm';

interface Props {
  config: ConfigRow;
}

/** The columns of one config version: searched, paged, and on the newest version added, changed and deleted. */
export function ColumnsTable({ config }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const wide = Grid.useBreakpoint().md ?? true;
  const lang = currentLang();
  const queryClient = useQueryClient();
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<ColumnRow | 'new' | null>(null);
  const columns = useQuery({
    queryKey: protocolKeys.columns(config.id),
    queryFn: () => protocolApi.columns(config.id),
  });
  const remove = useMutation({
    mutationFn: (id: string) => protocolApi.removeColumn(id),
    onSuccess: () => {
      void message.success(t('protocols.columnDeleted'));
      void queryClient.invalidateQueries({ queryKey: protocolKeys.all });
    },
  });
  const needle = q.trim().toLowerCase();
  const rows = (columns.data ?? []).filter(
    (c) =>
      !needle ||
      c.name.toLowerCase().includes(needle) ||
      columnDescription(c.descriptions, lang).toLowerCase().includes(needle),
  );
  const editable = config.latest;

  const table: ColumnsType<ColumnRow> = [
    {
      title: t('protocols.col.name'),
      dataIndex: 'name',
      render: (name: string, c) => (
        <span className="hg-pc-name">
          <code dir="ltr">{name}</code>
          <small>
            <bdi>{columnDescription(c.descriptions, lang)}</bdi>
          </small>
        </span>
      ),
    },
    {
      title: t('protocols.col.address'),
      key: 'address',
      render: (_: unknown, c) => (
        <code>
          <bdi dir="ltr">{`${String(c.functionCode).padStart(2, '0')} · ${c.startAddress} ×${c.registerCount}`}</bdi>
        </code>
      ),
    },
    {
      title: t('protocols.col.dataType'),
      dataIndex: 'dataType',
      responsive: ['md'],
      render: (v: string) => <code dir="ltr">{v}</code>,
    },
    {
      title: t('protocols.col.order'),
      key: 'order',
      responsive: ['lg'],
      render: (_: unknown, c) => <code dir="ltr">{orderOf(c)}</code>,
    },
    {
      title: t('protocols.col.scale'),
      key: 'scale',
      responsive: ['md'],
      render: (_: unknown, c) => (
        <code>
          <bdi dir="ltr">{`×${c.scale}${c.scaleFactor ? ` ×10^${c.scaleFactor}` : ''}${c.base ? ` ${c.base > 0 ? '+' : '−'}${Math.abs(c.base)}` : ''}`}</bdi>
        </code>
      ),
    },
    { title: t('protocols.col.unit'), dataIndex: 'unit', render: (v: string) => <bdi>{v}</bdi> },
    {
      title: t('protocols.col.required'),
      dataIndex: 'required',
      responsive: ['lg'],
      render: (v: boolean) => (v ? <Tag color="blue">{t('protocols.yes')}</Tag> : null),
    },
    ...(editable
      ? [
          {
            title: t('protocols.actions'),
            key: 'actions',
            width: wide ? 200 : 90,
            render: (_: unknown, c: ColumnRow) => (
              <Space size={0}>
                <Button
                  type="link"
                  icon={<EditOutlined />}
                  aria-label={t('protocols.editColumnNamed', { name: c.name })}
                  onClick={() => setEditing(c)}
                >
                  {wide && t('protocols.edit')}
                </Button>
                <Button
                  type="link"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('protocols.deleteColumnNamed', { name: c.name })}
                  onClick={() =>
                    modal.confirm({
                      title: t('protocols.deleteColumnTitle', { name: c.name }),
                      okText: t('protocols.delete'),
                      okButtonProps: { danger: true },
                      cancelText: t('protocols.cancel'),
                      onOk: () => remove.mutateAsync(c.id),
                    })
                  }
                >
                  {wide && t('protocols.delete')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="hg-pc-columns">
      <div className="hg-pc-columns-bar">
        <h3 className="hg-pc-subtitle">{t('protocols.columnsOf', { name: config.name, version: config.version })}</h3>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('protocols.searchColumns')}
            aria-label={t('protocols.searchColumns')}
            onSearch={setQ}
            onChange={(e) => setQ(e.target.value)}
            style={{ width: 220 }}
          />
          {editable ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="column-add">
              {t('protocols.addColumn')}
            </Button>
          ) : null}
        </Space>
      </div>
      <Table<ColumnRow>
        rowKey="id"
        size="small"
        columns={table}
        dataSource={rows}
        loading={columns.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        data-testid="column-table"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(
                columns.isError ? 'protocols.loadFailed' : needle ? 'protocols.noMatch' : 'protocols.noColumns',
              )}
            />
          ),
        }}
      />
      <ColumnDialog
        config={config}
        column={editing === 'new' ? null : editing}
        open={editing !== null}
        siblings={(columns.data ?? []).filter((c) => editing === 'new' || c.id !== editing?.id)}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
