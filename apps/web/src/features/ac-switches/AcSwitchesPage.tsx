import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { SWITCH_STATUSES, type SwitchRow, type SwitchStatus } from '@heliograph/shared';
import { Button, Dropdown, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routeUrl } from '../../api/call';
import { usePermissions } from '../../kit/permissions';
import { DeviceLink } from '../device-common/DeviceLink';
import { Quantity } from '../../components/Quantity';
import { DeviceListLayout } from '../device-common/DeviceListLayout';
import { useDeviceList } from '../device-common/useDeviceList';
import { lastSeenColumn } from '../device-common/deviceColumns';
import { OnlineTag } from '../device-common/OnlineTag';
import { switchApi, switchKeys, switchPath } from './acSwitchApi';
import { SWITCH_SETTING_DIALOGS } from './BatchSettingModals';
import { BindButton } from './BindButton';
import { CreateSwitchModal } from './CreateSwitchModal';
import { PowerTag, PowerToggle } from './SwitchPower';
import '../device-common/storage.css';
import './acSwitches.css';

const STATUS_TONE: Record<SwitchStatus, string> = {
  on: 'normal',
  off: 'warning',
  online: 'normal',
  offline: 'offline',
  unbound: 'offline',
};
type BatchDialog = 'user' | 'server' | 'mesh' | null;

/** /device/acSwitch — smart AC switches with status statistics, on/off per row and batch settings. */
export default function AcSwitchesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { held } = usePermissions();
  const mayControl = held.has('switch.control');
  const source = useDeviceList({
    statuses: SWITCH_STATUSES,
    key: switchKeys.list,
    fetch: switchApi.list,
    describe: (s) => ({ label: t(`acSwitches.filter.${s}`), tone: STATUS_TONE[s] }),
    // Switches report every few seconds; a toggled row shows its new reading without a reload.
    refetchInterval: 15_000,
  });
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<BatchDialog>(null);

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
    lastSeenColumn(t('acSwitches.lastSeen'), 'hg-num'),
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
      page={{ name: 'switches', ids: 'switch', catalogue: 'acSwitches' }}
      source={source}
      actions={
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
        </>
      }
      download={{ path: routeUrl('GET /acSwitch/download'), query: source.filters, fileName: 'ac-switches.xlsx' }}
      table={{
        rowKey: 'sn',
        columns,
        className: 'hg-switch-table',
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
      {SWITCH_SETTING_DIALOGS.map(([key, Dialog]) => (
        <Dialog key={key} sns={selected} open={dialog === key} onClose={() => setDialog(null)} />
      ))}
    </DeviceListLayout>
  );
}
