import {
  DeleteOutlined,
  DesktopOutlined,
  EditOutlined,
  LinkOutlined,
  PlusOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Space, Table, Tag } from 'antd';
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
import { Quantity } from '../../components/Quantity';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import { LoadFailed } from '../device-common/LoadFailed';
import { displayApi, displayKeys, type Display } from './api';
import { DisplayDialog } from './DisplayDialog';
import { EmbedDialog } from './EmbedDialog';
import { displayUrl } from './displayUrl';
import { LinkDialog } from './LinkDialog';
import './displays.css';

const SPEC: ListSpec<never, never> = { defaultSize: 10, filters: {} };

/**
 * /large-screen/list (spec §2.2, fullscreen.list): the company's displays — search and pages, create and edit,
 * open in each style, and the display link a wall PC opens without an account (made, replaced or revoked here).
 */
export default function DisplaysPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const locale = useFigureLocale();
  const { modal, message } = App.useApp();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Display | null>(null);
  const [open, setOpen] = useState(false);
  const [embedding, setEmbedding] = useState(false);
  const [linked, setLinked] = useState<{ display: Display; token: string } | null>(null);
  const list = useQuery({
    queryKey: displayKeys.list(state.search, state.page, state.size),
    queryFn: () => displayApi.list(state.search, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: displayKeys.all });

  const newLink = useMutation({
    mutationFn: (d: Display) => displayApi.newLink(d.id).then((r) => ({ display: d, token: r.token })),
    onSuccess: (r) => {
      setLinked(r);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (d: Display) => displayApi.revokeLink(d.id),
    onSuccess: () => {
      void message.success(t('displays.link.revoked'));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (d: Display) => displayApi.remove(d.id),
    onSuccess: () => {
      void message.success(t('displays.deleted'));
      refresh();
    },
  });

  const askNewLink = (d: Display) =>
    d.link
      ? modal.confirm({
          title: t('displays.link.replaceTitle', { name: d.name }),
          content: t('displays.link.replaceBody'),
          okText: t('displays.link.replace'),
          cancelText: t('displays.cancel'),
          onOk: () => newLink.mutateAsync(d),
        })
      : newLink.mutate(d);

  const columns: ColumnsType<Display> = [
    { title: t('displays.columns.name'), dataIndex: 'name', key: 'name', render: (n: string) => <strong>{n}</strong> },
    {
      title: t('displays.columns.style'),
      key: 'style',
      width: wide ? 170 : undefined,
      render: (_: unknown, d) => (
        // On a phone the style's name wraps rather than pushing the actions out of the card.
        <Tag className="hg-display-style">
          {t(`displays.styles.${d.style}`)}
          {d.style === 'spliced' ? <Quantity>{` ${d.rows}×${d.cols}`}</Quantity> : null}
        </Tag>
      ),
    },
    {
      title: t('displays.columns.plants'),
      key: 'plants',
      width: 150,
      responsive: ['sm'],
      render: (_: unknown, d) =>
        d.allPlants ? (
          t('displays.allPlantsN', { n: d.plantCount.toLocaleString(locale) })
        ) : (
          <Quantity>{d.plantCount.toLocaleString(locale)}</Quantity>
        ),
    },
    {
      title: t('displays.columns.link'),
      key: 'link',
      width: 200,
      responsive: ['md'],
      render: (_: unknown, d) =>
        d.link ? (
          <Tag color="green" data-testid={`display-link-state-${d.id}`}>
            {t('displays.link.activeSince', { date: new Date(d.link.createdAt).toLocaleDateString(locale) })}
          </Tag>
        ) : (
          <Tag data-testid={`display-link-state-${d.id}`}>{t('displays.link.none')}</Tag>
        ),
    },
    {
      title: t('displays.columns.actions'),
      key: 'actions',
      width: wide ? 420 : 64,
      render: (_: unknown, d) => (
        <Space size={0} wrap>
          <Dropdown
            menu={{
              items: (['single', 'spliced', 'multipage'] as const).map((s) => ({
                key: s,
                label: (
                  <a
                    href={displayUrl(d.id, s)}
                    target="_blank"
                    rel="noopener"
                    data-testid={`display-open-${s}-${d.id}`}
                  >
                    {t(`displays.styles.${s}`)}
                  </a>
                ),
              })),
            }}
          >
            <Button
              type="link"
              icon={<DesktopOutlined />}
              aria-label={t('displays.openNamed', { name: d.name })}
              data-testid={`display-open-${d.id}`}
            >
              {wide && t('displays.open')}
            </Button>
          </Dropdown>
          <RowAction
            wide={wide}
            label={t('displays.edit')}
            aria-label={t('displays.editNamed', { name: d.name })}
            icon={<EditOutlined />}
            onClick={() => {
              setEditing(d);
              setOpen(true);
            }}
            data-testid={`display-edit-${d.id}`}
          />
          <RowAction
            wide={wide}
            label={d.link ? t('displays.link.renew') : t('displays.link.create')}
            aria-label={
              d.link
                ? t('displays.link.renewNamed', { name: d.name })
                : t('displays.link.createNamed', { name: d.name })
            }
            icon={<LinkOutlined />}
            loading={newLink.isPending && newLink.variables?.id === d.id}
            onClick={() => askNewLink(d)}
            data-testid={`display-link-${d.id}`}
          />
          {d.link ? (
            <RowAction
              wide={wide}
              danger
              label={t('displays.link.revoke')}
              aria-label={t('displays.link.revokeNamed', { name: d.name })}
              icon={<StopOutlined />}
              data-testid={`display-revoke-${d.id}`}
              onClick={() =>
                modal.confirm({
                  title: t('displays.link.revokeTitle', { name: d.name }),
                  content: t('displays.link.revokeBody'),
                  okText: t('displays.link.revoke'),
                  okButtonProps: { danger: true, 'data-testid': 'display-revoke-confirm' },
                  cancelText: t('displays.cancel'),
                  onOk: () => revoke.mutateAsync(d),
                })
              }
            />
          ) : null}
          <RowAction
            wide={wide}
            danger
            label={t('displays.delete')}
            aria-label={t('displays.deleteNamed', { name: d.name })}
            icon={<DeleteOutlined />}
            data-testid={`display-delete-${d.id}`}
            onClick={() =>
              modal.confirm({
                title: t('displays.deleteTitle', { name: d.name }),
                content: t('displays.deleteBody'),
                okText: t('displays.delete'),
                okButtonProps: { danger: true },
                cancelText: t('displays.cancel'),
                onOk: () => remove.mutateAsync(d),
              })
            }
          />
        </Space>
      ),
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('displays.loadFailed')} retry={list.refetch} retryText={t('displays.retry')} />;

  return (
    <ListPage
      titleId="displays-title"
      title={t('page.displays')}
      hint={t('displays.hint')}
      data-testid="displays-page"
      actions={
        <Space wrap>
          <Button onClick={() => setEmbedding(true)} icon={<LinkOutlined />} data-testid="embed-open">
            {t('displays.embed.open')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
            data-testid="display-create"
          >
            {t('displays.create')}
          </Button>
        </Space>
      }
    >
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('displays.searchPlaceholder')}
        searchLabel={t('displays.search')}
        narrowed={narrowed}
        onReset={reset}
      />
      <Table<Display>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        scroll={{ x: wide ? 1000 : undefined }}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="displays-table"
        locale={listEmpty(narrowed, t('displays.noMatch'), t('displays.none'))}
      />
      <DisplayDialog open={open} editing={editing} onClose={() => setOpen(false)} />
      <EmbedDialog open={embedding} onClose={() => setEmbedding(false)} />
      <LinkDialog display={linked?.display ?? null} token={linked?.token ?? null} onClose={() => setLinked(null)} />
    </ListPage>
  );
}
