import { ERROR_CODES, isUpgradeOpen, type UpgradeRow } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
// Through the toolkit's own name: the boundary rule reads a bare "../" from this sub-folder as another feature.
import { operationLogKey } from '../../device-common/commandApi';
import { upgradeApi, upgradeKeys } from './api';

/** How often an open upgrade is asked about (issue 13: every 2 s while it runs, never once it has ended). */
export const UPGRADE_POLL_MS = 2_000;

/** react-query's refetchInterval for a device's newest upgrade: poll while it is open, stop when final. */
export function upgradePollInterval(row: UpgradeRow | null | undefined): number | false {
  return row && isUpgradeOpen(row.state) ? UPGRADE_POLL_MS : false;
}

/**
 * A device's newest upgrade, polled while it is open, with its cancel. When an upgrade the page watched ends,
 * `refresh` (the page's device detail) is fetched again, so the new firmware and the status show at once.
 */
export function useUpgradeProgress(sn: string, refresh?: QueryKey) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = upgradeKeys.progress(sn);
  const query = useQuery({
    queryKey: key,
    queryFn: () => upgradeApi.progress(sn),
    refetchInterval: (q) => upgradePollInterval(q.state.data),
  });
  const row = query.data ?? null;

  // The upgrade last seen open: when the same one comes back final, the device has changed.
  const watched = useRef<string | null>(null);
  useEffect(() => {
    if (!row) return;
    if (isUpgradeOpen(row.state)) watched.current = row.id;
    else if (watched.current === row.id) {
      watched.current = null;
      if (refresh) void queryClient.invalidateQueries({ queryKey: refresh });
      void queryClient.invalidateQueries({ queryKey: operationLogKey(sn) });
    }
  }, [row, refresh, queryClient, sn]);

  const [cancelRefused, setCancelRefused] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => upgradeApi.cutUpgrade(sn),
    onMutate: () => setCancelRefused(null),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      void message.info(t('deviceCommon.upgrade.cancelSent'));
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === ERROR_CODES.inverterNoCancel) setCancelRefused(err.message);
    },
  });

  return {
    row,
    query,
    cancel: () => cancel.mutate(),
    cancelling: cancel.isPending,
    cancelRefused,
  };
}
