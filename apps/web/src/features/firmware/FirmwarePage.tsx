import {
  CloudUploadOutlined,
  DeleteOutlined,
  KeyOutlined,
  SafetyCertificateOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Grid, Segmented, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FIRMWARE_KINDS } from '@heliograph/shared';
import { formatBytes, formatTime } from '../../components/fileFormat';
import { FilterSelect, listPagination, ListToolbar, type ListSpec, useListState } from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { firmwareApi, firmwareKeys, type FirmwareKind, type FirmwareRow } from './api';
import { FirmwareDetail } from './FirmwareDetail';
import { GrantsDialog } from './GrantsDialog';
import { KIND_OF_PATH, PAGE_TITLE, VIEW_PERMISSION } from './kinds';
import { LabelsDialog } from './LabelsDialog';
import { UploadDialog } from './UploadDialog';
import { VendorKeysDialog } from './VendorKeysDialog';
import './firmware.css';

const FLAG = ['true', 'false'] as const;
const SPEC: ListSpec<'enabled' | 'released' | 'label' | 'kind', never> = {
  filters: { enabled: FLAG, released: FLAG, label: 'text', kind: FIRMWARE_KINDS },
  defaultSize: 20,
};

/**
 * The firmware library (spec §2.2 firmware/gate, inv, batt, mastnode, meter, switch, and auth): one page per
 * device kind, searched, filtered and paged. Platform administrators upload signed images, describe, enable,
 * release and delete them, manage labels and vendor keys, and authorise firmware to companies (the auth page
 * is the same list across kinds with the authorisation at hand). Companies see what was made for or
 * authorised to them, read-only.
 */
export default function FirmwarePage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const { pathname } = useLocation();
  const { modal, message } = App.useApp();
  const { held } = usePermissions();
  const queryClient = useQueryClient();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const authPage = !KIND_OF_PATH[pathname];
  const viewable = FIRMWARE_KINDS.filter((k) => held.has(VIEW_PERMISSION[k]));
  const kind: FirmwareKind =
    KIND_OF_PATH[pathname] ?? (state.filters.kind as FirmwareKind | undefined) ?? viewable[0] ?? 'inverter';
  const canManage = held.has('firmware.upload');
  const canAuthorise = held.has('firmware.inverter.auth');
  const [dialog, setDialog] = useState<'upload' | 'labels' | 'keys' | null>(null);
  const [detail, setDetail] = useState<FirmwareRow | null>(null);
  const [granting, setGranting] = useState<FirmwareRow | null>(null);

  const filters = {
    kind,
    q: state.search,
    enabled: state.filters.enabled as 'true' | 'false' | undefined,
    released: state.filters.released as 'true' | 'false' | undefined,
    labelId: state.filters.label,
    page: state.page,
    size: state.size,
  };
  const list = useQuery({
    queryKey: firmwareKeys.list(filters),
    queryFn: () => firmwareApi.list(filters),
    placeholderData: keepPreviousData,
  });
  const labels = useQuery({ queryKey: firmwareKeys.labels(kind), queryFn: () => firmwareApi.labels(kind) });
  const changed = () => void queryClient.invalidateQueries({ queryKey: firmwareKeys.all });
  const flag = useMutation({
    mutationFn: ({ id, which, value }: { id: string; which: 'enabled' | 'released'; value: boolean }) =>
      which === 'enabled' ? firmwareApi.setEnabled(id, value) : firmwareApi.setReleased(id, value),
    onSuccess: (row, v) => {
      void message.success(t(`firmware.${v.which}${v.value ? 'On' : 'Off'}`, { name: row.softwareVersion }));
      changed();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => firmwareApi.remove(id),
    onSuccess: () => {
      void message.success(t('firmware.deleted'));
      changed();
    },
  });

  const title = (r: FirmwareRow) => `${r.product} ${r.softwareVersion}`;
  const stateTags = (r: FirmwareRow) => (
    <Space size={4} wrap>
      <Tag color={r.enabled ? 'green' : 'default'}>{t(r.enabled ? 'firmware.enabled' : 'firmware.disabled')}</Tag>
      <Tag color={r.released ? 'blue' : 'default'}>{t(r.released ? 'firmware.released' : 'firmware.unreleased')}</Tag>
    </Space>
  );
  const columns: ColumnsType<FirmwareRow> = [
    {
      title: t('firmware.product'),
      key: 'product',
      // On a phone the description wraps, so version and actions stay in view.
      width: wide ? undefined : 190,
      render: (_: unknown, r) => (
        <span className="hg-fw-product">
          <Button type="link" style={{ padding: 0, height: 'auto' }} onClick={() => setDetail(r)}>
            <strong>
              <bdi>{r.product}</bdi>
            </strong>
          </Button>
          <small>
            <bdi>{r.brand}</bdi>
            {r.epn ? <> · {r.epn}</> : null}
            {r.hardwareVersion ? <> · {t('firmware.hardwareShort', { version: r.hardwareVersion })}</> : null}
          </small>
          {wide ? null : stateTags(r)}
        </span>
      ),
    },
    {
      title: t('firmware.softwareVersion'),
      dataIndex: 'softwareVersion',
      render: (v: string) => <bdi style={{ whiteSpace: 'nowrap' }}>{v}</bdi>,
    },
    {
      title: t('firmware.file'),
      key: 'file',
      responsive: ['md'],
      render: (_: unknown, r) => (
        <span className="hg-fw-product">
          <bdi>{r.fileName}</bdi>
          <small>
            <Quantity>{formatBytes(r.size)}</Quantity>
          </small>
        </span>
      ),
    },
    {
      title: t('firmware.label'),
      key: 'label',
      responsive: ['xl'],
      render: (_: unknown, r) =>
        r.label ? <Tag>{r.label.parent ? `${r.label.parent} / ${r.label.name}` : r.label.name}</Tag> : null,
    },
    {
      title: t('firmware.state'),
      key: 'state',
      responsive: ['md'],
      render: (_: unknown, r) =>
        canManage ? (
          <Space orientation="vertical" size={4}>
            <Switch
              size="small"
              checked={r.enabled}
              loading={flag.isPending && flag.variables.id === r.id && flag.variables.which === 'enabled'}
              checkedChildren={t('firmware.enabled')}
              unCheckedChildren={t('firmware.disabled')}
              aria-label={t('firmware.enabledFor', { name: title(r) })}
              onChange={(value) => flag.mutate({ id: r.id, which: 'enabled', value })}
            />
            <Switch
              size="small"
              checked={r.released}
              loading={flag.isPending && flag.variables.id === r.id && flag.variables.which === 'released'}
              checkedChildren={t('firmware.released')}
              unCheckedChildren={t('firmware.unreleased')}
              aria-label={t('firmware.releasedFor', { name: title(r) })}
              onChange={(value) => flag.mutate({ id: r.id, which: 'released', value })}
            />
          </Space>
        ) : (
          stateTags(r)
        ),
    },
    {
      title: t('firmware.uploaded'),
      dataIndex: 'createdAt',
      width: 170,
      responsive: ['xxl'],
      render: (v: number) => <Quantity>{formatTime(v)}</Quantity>,
    },
    ...(canManage || canAuthorise
      ? [
          {
            title: t('firmware.actions'),
            key: 'actions',
            width: wide ? 260 : 100,
            render: (_: unknown, r: FirmwareRow) => (
              <Space size={0} wrap>
                {canAuthorise ? (
                  <Button
                    type="link"
                    icon={<SafetyCertificateOutlined />}
                    aria-label={t('firmware.authoriseNamed', { name: title(r) })}
                    onClick={() => setGranting(r)}
                  >
                    {wide && t('firmware.authorise', { count: r.grants ?? 0 })}
                  </Button>
                ) : null}
                {canManage ? (
                  <Button
                    type="link"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('firmware.deleteNamed', { name: title(r) })}
                    onClick={() =>
                      modal.confirm({
                        title: t('firmware.deleteTitle', { name: title(r) }),
                        content: t('firmware.deleteBody'),
                        okText: t('firmware.delete'),
                        okButtonProps: { danger: true },
                        cancelText: t('firmware.cancel'),
                        onOk: () => remove.mutateAsync(r.id),
                      })
                    }
                  >
                    {wide && t('firmware.delete')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('firmware.loadFailed')} retry={list.refetch} retryText={t('firmware.retry')} />;

  const labelOptions = (labels.data ?? []).map((l) => {
    const parent = l.parentId ? labels.data?.find((p) => p.id === l.parentId) : undefined;
    return { value: l.id, label: parent ? `${parent.name} / ${l.name}` : l.name };
  });

  return (
    <section className="hg-page-card" aria-labelledby="firmware-title" data-testid="firmware-page">
      <header className="hg-page-header">
        <div>
          <h1 id="firmware-title" className="hg-page-title">
            {authPage ? t('page.firmwareAuth') : t(PAGE_TITLE[kind])}
          </h1>
          <p className="hg-page-hint">
            {t(authPage ? 'firmware.authHint' : canManage ? 'firmware.hint' : 'firmware.hintCompany')}
          </p>
        </div>
        {canManage ? (
          <Space wrap>
            <Button icon={<KeyOutlined />} onClick={() => setDialog('keys')} data-testid="firmware-keys">
              {t('firmware.vendorKeys')}
            </Button>
            <Button icon={<TagsOutlined />} onClick={() => setDialog('labels')}>
              {t('firmware.labels')}
            </Button>
            <Button
              type="primary"
              icon={<CloudUploadOutlined />}
              onClick={() => setDialog('upload')}
              data-testid="firmware-upload"
            >
              {t('firmware.upload')}
            </Button>
          </Space>
        ) : null}
      </header>
      {authPage ? (
        <div className="hg-fw-kinds">
          <Segmented
            value={kind}
            onChange={(k) => update({ filters: { ...state.filters, kind: String(k), label: undefined } })}
            options={viewable.map((k) => ({ value: k, label: t(`firmware.kind.${k}`) }))}
            aria-label={t('firmware.kindLabel')}
          />
        </div>
      ) : null}
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('firmware.search')}
        searchLabel={t('firmware.search')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <>
            <FilterSelect
              label={t('firmware.enabledFilter')}
              minWidth={150}
              value={state.filters.enabled}
              onChange={(v?: string) => update({ filters: { ...state.filters, enabled: v } })}
              options={[
                { value: 'true', label: t('firmware.enabled') },
                { value: 'false', label: t('firmware.disabled') },
              ]}
            />
            <FilterSelect
              label={t('firmware.releasedFilter')}
              minWidth={150}
              value={state.filters.released}
              onChange={(v?: string) => update({ filters: { ...state.filters, released: v } })}
              options={[
                { value: 'true', label: t('firmware.released') },
                { value: 'false', label: t('firmware.unreleased') },
              ]}
            />
            {labelOptions.length > 0 ? (
              <FilterSelect
                label={t('firmware.label')}
                minWidth={160}
                value={state.filters.label}
                onChange={(v?: string) => update({ filters: { ...state.filters, label: v } })}
                options={labelOptions}
              />
            ) : null}
          </>
        }
      />
      <Table<FirmwareRow>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="firmware-table"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={narrowed ? t('firmware.noMatch') : t(canManage ? 'firmware.none' : 'firmware.noneCompany')}
            />
          ),
        }}
      />
      <FirmwareDetail
        row={detail}
        onClose={() => setDetail(null)}
        canManage={canManage}
        labels={labelOptions}
        onSaved={(row) => {
          setDetail(row);
          changed();
        }}
      />
      {canManage ? (
        <>
          <UploadDialog kind={kind} open={dialog === 'upload'} labels={labelOptions} onClose={() => setDialog(null)} />
          <LabelsDialog kind={kind} open={dialog === 'labels'} onClose={() => setDialog(null)} />
          <VendorKeysDialog open={dialog === 'keys'} onClose={() => setDialog(null)} />
        </>
      ) : null}
      {canAuthorise ? <GrantsDialog row={granting} onClose={() => setGranting(null)} onChanged={changed} /> : null}
    </section>
  );
}
