import { Quantity } from '../../components/Quantity';
import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Grid, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar, listPagination, useListState, type ListSpec } from '../../components/list';
import { usePermissions } from '../../kit/permissions';
import { templateApi, templateKeys, type ConfigTemplate } from './api';
import { ApplyDialog } from './ApplyDialog';
import { TemplateEditor } from './TemplateEditor';
import './templates.css';
import { LoadFailed } from '../device-common/LoadFailed';

const SPEC: ListSpec<never, never> = { defaultSize: 10 };

/**
 * /device/setting/recommend — inverter parameter configuration templates (spec §2.2): named sets of setting
 * values, searched by name, created, edited, deleted (after a confirmation) and applied to inverters.
 */
export default function ConfigTemplatesPage(): React.JSX.Element {
  const { t, i18n } = useTranslation();
  // On a phone the actions become icons (their aria-labels name them) and stop being pinned, which would
  // otherwise cover the whole row.
  const wide = Grid.useBreakpoint().md ?? true;
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const canApply = held.has('inverter.setting');
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ template: ConfigTemplate | null } | null>(null);
  const [applying, setApplying] = useState<ConfigTemplate | null>(null);
  const list = useQuery({
    queryKey: templateKeys.list(state.search, state.page, state.size),
    queryFn: () => templateApi.list(state.search, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => templateApi.remove(id),
    onSuccess: () => {
      void message.success(t('configTemplates.deleted'));
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
    },
  });

  const settingName = (key: string) =>
    i18n.exists(`inverters.settingKeys.${key}`) ? t(`inverters.settingKeys.${key}`) : key;

  const columns: ColumnsType<ConfigTemplate> = [
    { title: t('configTemplates.name'), dataIndex: 'name', width: 170, render: (n: string) => <strong>{n}</strong> },
    {
      title: t('configTemplates.protocol'),
      dataIndex: 'protocol',
      width: 150,
      render: (p: string) => t(`configTemplates.protocols.${p}`, { defaultValue: p }),
    },
    {
      title: t('configTemplates.model'),
      dataIndex: 'model',
      width: 110,
      render: (m: string) => m || t('configTemplates.anyModel'),
    },
    {
      title: t('configTemplates.values'),
      dataIndex: 'values',
      width: 280,
      render: (v: Record<string, unknown>) => (
        // Bounded width: in a max-content table an unbounded tag row would push the actions out of view.
        <div className="hg-tpl-values">
          {Object.entries(v).map(([k, x]) => (
            <Tag key={k}>
              {settingName(k)}: {String(x)}
            </Tag>
          ))}
        </div>
      ),
    },
    {
      title: t('configTemplates.updated'),
      dataIndex: 'updatedAt',
      width: 140,
      responsive: ['md'],
      render: (ms: number) => <Quantity>{dayjs(ms).format('YYYY-MM-DD HH:mm')}</Quantity>,
    },
    {
      title: t('configTemplates.actions'),
      key: 'actions',
      width: wide ? 220 : 120,
      fixed: wide ? 'end' : undefined,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <Tooltip title={canApply ? undefined : t('configTemplates.noApply')}>
            <Button
              type="link"
              icon={<SendOutlined className="hg-flip-rtl" />}
              disabled={!canApply}
              onClick={() => setApplying(r)}
              aria-label={t('configTemplates.applyTo', { name: r.name })}
              data-testid={`template-apply-${r.name}`}
            >
              {wide && t('configTemplates.apply')}
            </Button>
          </Tooltip>
          <Button
            type="link"
            icon={<EditOutlined />}
            onClick={() => setEditing({ template: r })}
            aria-label={t('configTemplates.editNamed', { name: r.name })}
          >
            {wide && t('configTemplates.edit')}
          </Button>
          <Button
            type="link"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('configTemplates.deleteNamed', { name: r.name })}
            onClick={() =>
              modal.confirm({
                title: t('configTemplates.deleteTitle', { name: r.name }),
                content: t('configTemplates.deleteBody'),
                okText: t('configTemplates.delete'),
                okButtonProps: { danger: true },
                cancelText: t('configTemplates.cancel'),
                onOk: () => remove.mutateAsync(r.id),
              })
            }
          >
            {wide && t('configTemplates.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  if (list.isError && !list.data)
    return (
      <LoadFailed
        card
        title={t('configTemplates.loadFailed')}
        retry={list.refetch}
        retryText={t('configTemplates.retry')}
      />
    );

  return (
    <section className="hg-page-card hg-templates" aria-labelledby="templates-title" data-testid="config-templates">
      <header className="hg-page-header">
        <div>
          <h1 id="templates-title" className="hg-page-title">
            {t('page.configTemplates')}
          </h1>
          <p className="hg-page-hint">{t('configTemplates.hint')}</p>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ template: null })}
          data-testid="template-create"
        >
          {t('configTemplates.create')}
        </Button>
      </header>
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('configTemplates.searchPlaceholder')}
        searchLabel={t('configTemplates.search')}
        narrowed={narrowed}
        onReset={reset}
      />
      <Table<ConfigTemplate>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        // A fixed minimum rather than max-content: the settings tags wrap inside their column instead of
        // widening the table until the pinned actions cover them.
        scroll={{ x: wide ? 1040 : 720 }}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="templates-table"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={narrowed ? t('configTemplates.noMatch') : t('configTemplates.none')}
            />
          ),
        }}
      />
      <TemplateEditor open={!!editing} template={editing?.template ?? null} onClose={() => setEditing(null)} />
      <ApplyDialog template={applying} onClose={() => setApplying(null)} />
    </section>
  );
}
