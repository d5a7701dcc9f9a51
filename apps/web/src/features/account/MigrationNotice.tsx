import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMigrationStatus, MIGRATION_KEY } from './migrationApi';

const DISMISSED = 'hg-migration-notice';

/**
 * The shell's migration notice: while the account is being moved to another region, and once it has arrived
 * here from another one (until dismissed). Nothing when the feature is off or nothing is moving.
 */
export function MigrationNotice(): React.JSX.Element | null {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED));
  const { data } = useQuery({
    queryKey: MIGRATION_KEY,
    queryFn: fetchMigrationStatus,
    staleTime: 60_000,
    refetchInterval: (q) =>
      ['submitted', 'in_progress'].includes(q.state.data?.migration?.status ?? '') ? 15_000 : false,
  });
  const m = data?.migration;
  if (!data?.enabled || !m || dismissed === m.id) return null;
  const region = (code: string) => t(`accountPersonal.migration.regions.${code}`, { defaultValue: code.toUpperCase() });
  const incoming = m.toRegion === data.region;
  if (incoming && m.status === 'migrated') {
    return (
      <Alert
        type="success"
        showIcon
        banner
        closable={{ 'aria-label': t('accountPersonal.close') }}
        onClose={() => {
          localStorage.setItem(DISMISSED, m.id);
          setDismissed(m.id);
        }}
        title={t('accountPersonal.migration.arrived', { region: region(m.fromRegion) })}
        data-testid="migration-notice"
      />
    );
  }
  if (!incoming && (m.status === 'submitted' || m.status === 'in_progress')) {
    return (
      <Alert
        type="info"
        showIcon
        banner
        title={t('accountPersonal.migration.moving', { region: region(m.toRegion) })}
        data-testid="migration-notice"
      />
    );
  }
  return null;
}
