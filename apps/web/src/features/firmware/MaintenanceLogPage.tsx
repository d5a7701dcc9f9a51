import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPage } from '../../components/list';
import { HardwareList } from './HardwareList';
import { Rollouts } from './Rollouts';
import { UpgradeRecords } from './UpgradeRecords';
import './firmware.css';

const TABS = ['records', 'rollouts', 'hardware'] as const;
type Tab = (typeof TABS)[number];

/**
 * /log/uphold — the maintenance log of spec §2.3 ("Firmware update records and a hardware list"): the upgrade
 * records first, the staged rollouts, then the hardware list. The tab is in the address (?tab=), so a reload
 * or a shared link opens the same view; a new tab starts with its own filters.
 */
export default function MaintenanceLogPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(raw ?? '') ? (raw as Tab) : 'records';
  const open = (next: Tab, extra: Record<string, string> = {}) =>
    // Each tab's filters are its own: switching drops the other tab's parameters.
    setParams(new URLSearchParams({ ...(next === 'records' ? {} : { tab: next }), ...extra }), { replace: true });

  return (
    <ListPage
      titleId="maintenance-title"
      title={t('page.maintenanceLog')}
      hint={t('firmware.log.hint')}
      data-testid="maintenance-log"
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => open(key as Tab)}
        destroyOnHidden
        items={[
          { key: 'records', label: t('firmware.log.records'), children: <UpgradeRecords /> },
          {
            key: 'rollouts',
            label: t('firmware.log.rollouts'),
            children: <Rollouts onShowRecords={(rolloutId) => open('records', { rolloutId })} />,
          },
          { key: 'hardware', label: t('firmware.log.hardware'), children: <HardwareList /> },
        ]}
      />
    </ListPage>
  );
}
