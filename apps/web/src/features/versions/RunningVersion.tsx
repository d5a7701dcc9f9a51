import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { versionApi, versionKeys } from './api';

/** The footer's running console version (GET version/latest `running`), linking to the update log. */
export function RunningVersion(): React.JSX.Element | null {
  const { t } = useTranslation();
  const latest = useQuery({ queryKey: versionKeys.latest, queryFn: versionApi.latest, staleTime: 5 * 60_000 });
  const running = latest.data?.running;
  if (!running) return null;
  return (
    <Link to="/systemupdate" className="hg-running-version" data-testid="running-version">
      {t('versions.running', { version: running })}
    </Link>
  );
}
