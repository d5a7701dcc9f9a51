import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  FIRMWARE_KINDS,
  UPGRADE_STATES,
  type FirmwareKind,
  type UpgradeRow,
  type UpgradeState,
} from '@heliograph/shared';
import { DatePicker, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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
import { XlsxExportButton } from '../device-common/XlsxExportButton';
import { upgradeTime, viewerZone } from '../device-common/upgrade/format';
import { UpgradeProgress } from '../device-common/upgrade/UpgradeProgress';
import { UpgradeStateTag } from '../device-common/upgrade/UpgradeStateTag';
import { firmwareApi, firmwareKeys, RECORDS_DOWNLOAD_PATH, type RecordsFilters } from './api';

/** The records' address: ?q=…&kind=inverter&state=failed&from=…&to=…&rolloutId=…&page=2 */
export const RECORDS_SPEC: ListSpec<'kind' | 'state' | 'from' | 'to' | 'rolloutId', never> = {
  filters: { kind: FIRMWARE_KINDS, state: UPGRADE_STATES, from: 'number', to: 'number', rolloutId: 'text' },
  defaultSize: 20,
};

/** Where each kind's device page is, for the serial number's link. */
const DEVICE_PAGE: Record<FirmwareKind, string> = {
  gateway: '/device/gateway',
  inverter: '/device/inverter',
  battery: '/device/battery',
  lora: '/device/lora',
  meter: '/device/meter',
  switch: '/device/acSwitch',
};

/**
 * The maintenance log's "Upgrade records" tab (spec §2.3 "Firmware update records"): every upgrade the caller
 * may see, newest first, filtered by device type, state, a search and the days it started, kept in the address;
 * a row opens onto its steps and their times; the same records download as .xlsx.
 */
export function UpgradeRecords({ tz = viewerZone() }: { tz?: string }): React.JSX.Element {
  const { t } = useTranslation();
  const { state, update, reset, narrowed } = useListState(RECORDS_SPEC);
  const tableBox = useScrollRegion('records-title');
  const f = state.filters;
  const filters: RecordsFilters = {
    ...(f.kind ? { kind: f.kind as FirmwareKind } : {}),
    ...(f.state ? { state: f.state as UpgradeState } : {}),
    ...(state.search ? { q: state.search } : {}),
    ...(f.from ? { from: Number(f.from) } : {}),
    ...(f.to ? { to: Number(f.to) } : {}),
    ...(f.rolloutId ? { rolloutId: f.rolloutId } : {}),
  };
  const query = { ...filters, page: state.page, size: state.size };
  const list = useQuery({
    queryKey: firmwareKeys.records(query),
    queryFn: () => firmwareApi.records(query),
    placeholderData: keepPreviousData,
  });

  const kindName = (k: FirmwareKind) => t(`firmware.hardware.kinds.${k}`);
  const columns: ColumnsType<UpgradeRow> = [
    {
      title: t('firmware.records.device'),
      key: 'device',
      render: (_, r) => (
        <span className="hg-fw-product">
          <Link to={`${DEVICE_PAGE[r.kind]}/${encodeURIComponent(r.sn)}`}>
            <Quantity>{r.sn}</Quantity>
          </Link>
          <small>{kindName(r.kind)}</small>
        </span>
      ),
    },
    {
      title: t('firmware.records.plant'),
      key: 'plant',
      responsive: ['md'],
      render: (_, r) => (r.plant ? <bdi>{r.plant.name}</bdi> : <span className="hg-fw-muted">--</span>),
    },
    {
      title: t('firmware.records.model'),
      dataIndex: 'model',
      responsive: ['lg'],
      render: (v: string) => (v ? <bdi>{v}</bdi> : '--'),
    },
    {
      title: t('firmware.records.version'),
      key: 'version',
      render: (_, r) => (
        <Quantity>
          {t('deviceCommon.upgrade.fromTo', {
            from: r.fromVersion ?? t('deviceCommon.upgrade.unknownVersion'),
            to: r.toVersion,
          })}
        </Quantity>
      ),
    },
    {
      title: t('firmware.records.state'),
      key: 'state',
      render: (_, r) => (
        <>
          <UpgradeStateTag state={r.state} />
          {r.wave !== null ? <Tag>{t('firmware.records.wave', { wave: r.wave })}</Tag> : null}
        </>
      ),
    },
    { title: t('firmware.records.operator'), dataIndex: 'operator', responsive: ['lg'] },
    {
      title: t('firmware.records.started'),
      key: 'started',
      render: (_, r) => <Quantity>{upgradeTime(r.startedAt ?? r.createdAt, tz)}</Quantity>,
    },
    {
      title: t('firmware.records.finished'),
      key: 'finished',
      responsive: ['sm'],
      render: (_, r) => <Quantity>{upgradeTime(r.finishedAt, tz)}</Quantity>,
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed title={t('firmware.records.loadFailed')} retry={list.refetch} retryText={t('firmware.retry')} />;

  const range: [Dayjs | null, Dayjs | null] = [
    f.from ? dayjs(Number(f.from)) : null,
    f.to ? dayjs(Number(f.to)) : null,
  ];
  return (
    <div data-testid="upgrade-records">
      <h2 className="hg-fw-section" id="records-title">
        {t('firmware.records.title')}
      </h2>
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('firmware.records.search')}
        searchLabel={t('firmware.records.search')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <>
            <FilterSelect
              label={t('firmware.records.kind')}
              minWidth={160}
              value={f.kind}
              onChange={(v?: string) => update({ filters: { kind: v } })}
              options={FIRMWARE_KINDS.map((k) => ({ value: k, label: kindName(k) }))}
              testId="records-kind"
            />
            <FilterSelect
              label={t('firmware.records.state')}
              minWidth={170}
              value={f.state}
              onChange={(v?: string) => update({ filters: { state: v } })}
              options={UPGRADE_STATES.map((s) => ({ value: s, label: t(`deviceCommon.upgrade.states.${s}`) }))}
              testId="records-state"
            />
            <DatePicker.RangePicker
              value={range}
              allowEmpty={[true, true]}
              aria-label={t('firmware.records.dates')}
              onChange={(v) =>
                update({
                  filters: {
                    from: v?.[0] ? String(v[0].startOf('day').valueOf()) : '',
                    to: v?.[1] ? String(v[1].endOf('day').valueOf()) : '',
                  },
                })
              }
            />
            {f.rolloutId ? (
              <Tag closable onClose={() => update({ filters: { rolloutId: undefined } })} data-testid="records-rollout">
                {t('firmware.records.oneRollout')}
              </Tag>
            ) : null}
          </>
        }
        actions={
          <XlsxExportButton
            path={RECORDS_DOWNLOAD_PATH}
            query={filters}
            fileName="upgrade-records.xlsx"
            disabled={!list.data || list.data.total === 0}
            data-testid="records-export"
          />
        }
      />
      <div ref={tableBox}>
        <Table<UpgradeRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isLoading}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowRender: (r) => <UpgradeProgress row={r} tz={tz} /> }}
          pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
          locale={listEmpty(narrowed, t('firmware.records.noMatch'), t('firmware.records.none'))}
          data-testid="records-table"
        />
      </div>
    </div>
  );
}
