import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { HARDWARE_KINDS, type HardwareKind, type HardwareRow } from '@heliograph/shared';
import {
  FilterSelect,
  listEmpty,
  listPagination,
  ListToolbar,
  type ListSpec,
  useListState,
  useScrollRegion,
} from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { LoadFailed } from '../device-common/LoadFailed';
import { firmwareApi, firmwareKeys } from './api';
import './firmware.css';

const SPEC: ListSpec<'kind' | 'outdated', never> = {
  filters: { kind: HARDWARE_KINDS, outdated: ['true', 'false'] },
  defaultSize: 20,
};

/**
 * The maintenance log's "Hardware list" tab: the hardware list of spec §2.3 ("Firmware update records and a hardware list"): the devices the
 * caller may see, by kind, model and the firmware they report, with how many are online and the newer firmware
 * the company may install, so an operator sees what still runs old firmware. Filtered by kind and by "a newer
 * version is available", searched by model or version, paged.
 */
export function HardwareList(): React.JSX.Element {
  const { t } = useTranslation();
  const { state, update, reset, narrowed } = useListState(SPEC);
  // The rows hold no control: the part of the table that scrolls sideways takes the focus itself.
  const tableBox = useScrollRegion('hardware-title');
  const filters = {
    kind: state.filters.kind as HardwareKind | undefined,
    outdated: state.filters.outdated as 'true' | 'false' | undefined,
    q: state.search,
    page: state.page,
    size: state.size,
  };
  const list = useQuery({
    queryKey: firmwareKeys.hardware(filters),
    queryFn: () => firmwareApi.hardware(filters),
    placeholderData: keepPreviousData,
  });

  const columns: ColumnsType<HardwareRow> = [
    {
      title: t('firmware.hardware.kind'),
      dataIndex: 'kind',
      render: (k: HardwareKind) => t(`firmware.hardware.kinds.${k}`),
    },
    {
      title: t('firmware.hardware.model'),
      dataIndex: 'model',
      render: (v: string) =>
        v ? <bdi>{v}</bdi> : <span className="hg-fw-muted">{t('firmware.hardware.unknown')}</span>,
    },
    {
      title: t('firmware.hardware.firmware'),
      dataIndex: 'firmware',
      render: (v: string | null) =>
        v ? <bdi>{v}</bdi> : <span className="hg-fw-muted">{t('firmware.hardware.notReported')}</span>,
    },
    {
      title: t('firmware.hardware.devices'),
      dataIndex: 'devices',
      align: 'end',
      render: (v: number) => <Quantity>{v}</Quantity>,
    },
    {
      title: t('firmware.hardware.online'),
      dataIndex: 'online',
      align: 'end',
      responsive: ['sm'],
      render: (v: number) => <Quantity>{v}</Quantity>,
    },
    {
      title: t('firmware.hardware.newer'),
      key: 'newer',
      render: (_: unknown, r) =>
        !r.latest ? (
          <span className="hg-fw-muted">{t('firmware.hardware.noneInLibrary')}</span>
        ) : r.outdated ? (
          <Tag color="orange">{t('firmware.hardware.newerVersion', { version: r.latest.softwareVersion })}</Tag>
        ) : (
          <Tag color="green">{t('firmware.hardware.upToDate')}</Tag>
        ),
    },
  ];

  if (list.isError && !list.data)
    return (
      <LoadFailed title={t('firmware.hardware.loadFailed')} retry={list.refetch} retryText={t('firmware.retry')} />
    );

  return (
    <div data-testid="hardware-list">
      <h2 className="hg-fw-section" id="hardware-title">
        {t('firmware.hardware.title')}
      </h2>
      <p className="hg-page-hint">{t('firmware.hardware.hint')}</p>
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('firmware.hardware.search')}
        searchLabel={t('firmware.hardware.search')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <>
            <FilterSelect
              label={t('firmware.hardware.kind')}
              minWidth={160}
              value={state.filters.kind}
              onChange={(v?: string) => update({ filters: { kind: v } })}
              options={HARDWARE_KINDS.map((k) => ({ value: k, label: t(`firmware.hardware.kinds.${k}`) }))}
            />
            <FilterSelect
              label={t('firmware.hardware.newer')}
              minWidth={190}
              value={state.filters.outdated}
              onChange={(v?: string) => update({ filters: { outdated: v } })}
              options={[
                { value: 'true', label: t('firmware.hardware.outdatedOnly') },
                { value: 'false', label: t('firmware.hardware.upToDate') },
              ]}
            />
          </>
        }
      />
      <div ref={tableBox}>
        <Table<HardwareRow>
          rowKey={(r) => `${r.kind}\u0000${r.model}\u0000${r.firmware ?? ''}`}
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isLoading}
          scroll={{ x: 'max-content' }}
          pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
          locale={listEmpty(narrowed, t('firmware.hardware.noMatch'), t('firmware.hardware.none'))}
          data-testid="hardware-table"
        />
      </div>
    </div>
  );
}
