import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Dropdown, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_STATUS, useListState, type ListSpec } from '../../components/list';
import { usePermissions } from '../../kit/permissions';
import { plantIdOrNothing } from '../device-common/deviceApi';
import { DeviceLink } from '../device-common/DeviceLink';
import { Quantity } from '../../components/Quantity';
import { DeviceListLayout } from '../device-common/DeviceListLayout';
import { XlsxExportButton } from '../device-common/XlsxExportButton';
import { formatLastSeen } from '../device-common/lastSeen';
import { OnlineTag } from '../device-common/OnlineTag';
import { SWITCH_STATUSES, switchApi, switchKeys, switchPath, type SwitchRow } from './acSwitchApi';
import { AssociateUserModal, MeshCheckModal, ServerAddressModal } from './BatchSettingModals';
import { BindButton } from './BindButton';
import { CreateSwitchModal } from './CreateSwitchModal';
import { PowerTag, PowerToggle } from './SwitchPower';
import '../device-common/storage.css';
import './acSwitches.css';

const SPEC: ListSpec<'status' | 'plant', never> = { filters: { status: SWITCH_STATUSES, plant: 'text' } };
type BatchDialog = 'user' | 'server' | 'mesh' | null;

/** /device/acSwitch — smart AC switches with status statistics, on/off per row and batch settings. */
export default function AcSwitchesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { held } = usePermissions();
  const mayControl = held.has('switch.control');
  const list = useListState(SPEC);
  const { state } = list;
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<BatchDialog>(null);
  const filters = {
    q: state.search || undefined,
    status: state.filters.status,
    plantId: plantIdOrNothing(state.filters.plant),
  };
  const listQuery = { page: state.page, size: state.size, ...filters };
  const query = useQuery({
    queryKey: switchKeys.list(listQuery),
    queryFn: () => switchApi.list(listQuery),
    placeholderData: keepPreviousData,
    // Switches report every few seconds; a toggled row shows its new reading without a reload.
    refetchInterval: 15_000,
  });
  const data = query.data;

  const stats = [
    { key: ALL_STATUS, count: data?.counts.all },
    ...SWITCH_STATUSES.map((s) => ({
      key: s,
      count: data?.counts[s],
      label: t(`acSwitches.filter.${s}`),
      tone: { on: 'normal', off: 'warning', online: 'normal', offline: 'offline', unbound: 'offline' }[s],
    })),
  ];

  const columns: TableColumnsType<SwitchRow> = [
    {
      key: 'sn',
      title: t('acSwitches.sn'),
      fixed: 'start',
      render: (_, s) => <DeviceLink to={switchPath(s.sn)} sn={s.sn} alias={s.alias} />,
    },
    // On a phone the state and its toggle come right after the serial number; plant and connection are on its page.
    {
      key: 'plant',
      title: t('batteries.common.plant'),
      responsive: ['md'],
      render: (_, s) => s.plantName ?? t('acSwitches.unbound'),
    },
    {
      key: 'online',
      title: t('acSwitches.connection'),
      responsive: ['md'],
      render: (_, s) => <OnlineTag online={s.online} />,
    },
    {
      key: 'state',
      title: t('acSwitches.stateTitle'),
      render: (_, s) =>
        mayControl ? (
          <div className="hg-switch-cell">
            <PowerTag on={s.on} localOff={s.localOff} />
            <PowerToggle target={s} />
          </div>
        ) : (
          <PowerTag on={s.on} localOff={s.localOff} />
        ),
    },
    {
      key: 'power',
      title: t('acSwitches.power.title'),
      align: 'end',
      className: 'hg-num',
      render: (_, s) => <Quantity>{s.powerW === null ? '--' : `${s.powerW.toLocaleString()} W`}</Quantity>,
    },
    {
      key: 'leakage',
      title: t('acSwitches.leakage'),
      align: 'end',
      className: 'hg-num',
      responsive: ['md'],
      render: (_, s) => <Quantity>{s.leakageMa === null ? '--' : `${s.leakageMa} mA`}</Quantity>,
    },
    {
      key: 'user',
      title: t('acSwitches.user.column'),
      responsive: ['lg'],
      render: (_, s) => s.associatedUser ?? '--',
    },
    {
      key: 'lastSeen',
      title: t('acSwitches.lastSeen'),
      className: 'hg-num',
      responsive: ['lg'],
      render: (_, s) => <Quantity>{formatLastSeen(s.lastSeen)}</Quantity>,
    },
    ...(mayControl
      ? [
          {
            key: 'bind',
            title: t('acSwitches.bind.column'),
            render: (_: unknown, s: SwitchRow) => <BindButton target={s} compact />,
          },
        ]
      : []),
  ];

  const batchMenu = {
    items: [
      { key: 'user', label: t('acSwitches.user.title') },
      { key: 'server', label: t('acSwitches.server.title') },
      { key: 'mesh', label: t('acSwitches.mesh.title') },
    ],
    onClick: ({ key }: { key: string }) => setDialog(key as BatchDialog),
  };

  return (
    <DeviceListLayout
      name="switches"
      data-testid="switches-page"
      title={t('page.acSwitches')}
      hint={t('acSwitches.hint')}
      list={list}
      query={query}
      stats={{ items: stats, filter: 'status', label: t('acSwitches.statusGroup'), 'data-testid': 'switch-stats' }}
      plantFilter={{ name: 'plant', testId: 'switch-plant' }}
      toolbar={{
        searchPlaceholder: t('acSwitches.searchPlaceholder'),
        searchLabel: t('acSwitches.search'),
        'data-testid': 'switch-toolbar',
        actions: (
          <>
            {mayControl ? (
              <Dropdown menu={batchMenu} disabled={selected.length === 0} trigger={['click']}>
                <Button data-testid="switch-batch">
                  {t('acSwitches.batch.button', { n: selected.length })} <DownOutlined />
                </Button>
              </Dropdown>
            ) : null}
            {mayControl ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setCreating(true)}
                data-testid="switch-create-open"
              >
                {t('acSwitches.create.button')}
              </Button>
            ) : null}
            <XlsxExportButton
              path="/api/v1/acSwitch/download"
              query={filters}
              fileName="ac-switches.xlsx"
              disabled={!data || data.total === 0}
              data-testid="switch-export"
            />
          </>
        ),
      }}
      empty={{ noMatch: t('acSwitches.noMatch'), none: t('acSwitches.none') }}
      table={{
        rowKey: 'sn',
        columns,
        dataSource: data?.rows ?? [],
        className: 'hg-switch-table',
        'data-testid': 'switch-table',
        rowSelection: mayControl
          ? {
              selectedRowKeys: selected,
              preserveSelectedRowKeys: true,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (s) => ({ 'aria-label': t('acSwitches.batch.select', { sn: s.sn }) }),
            }
          : undefined,
      }}
    >
      <CreateSwitchModal open={creating} onClose={() => setCreating(false)} />
      <AssociateUserModal sns={selected} open={dialog === 'user'} onClose={() => setDialog(null)} />
      <ServerAddressModal sns={selected} open={dialog === 'server'} onClose={() => setDialog(null)} />
      <MeshCheckModal sns={selected} open={dialog === 'mesh'} onClose={() => setDialog(null)} />
    </DeviceListLayout>
  );
}
