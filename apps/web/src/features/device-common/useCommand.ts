import type { CommandOutcome } from '@heliograph/shared';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { operationLogKey } from './commandApi';
import { useFollowUp } from './useFollowUp';

/**
 * Sends a device command and tells the person how it ended (spec §4: sent, succeeded, failed, timed out).
 * `send` is the page's call (it returns the server's outcome); refusals such as "device offline" arrive as
 * the client's usual translated toast. The device's operation log is refreshed either way, and so is `refresh`
 * (the page's own data) once the command has ended, whether it worked or not, and again as the device's
 * report on change comes in (useFollowUp).
 */
export function useCommand<V>(target: string, send: (vars: V) => Promise<CommandOutcome>, refresh?: QueryKey) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const followUp = useFollowUp();
  return useMutation<CommandOutcome, ApiError | Error, V>({
    mutationFn: async (vars) => {
      try {
        return await send(vars);
      } finally {
        if (refresh) followUp(() => void queryClient.invalidateQueries({ queryKey: refresh }));
      }
    },
    onMutate: () => {
      void message.open({ key: `cmd-${target}`, type: 'loading', content: t('deviceCommon.command.sending') });
    },
    onSuccess: (outcome) => {
      const key = `cmd-${target}`;
      if (outcome.status === 'succeeded') void message.success({ key, content: t('deviceCommon.command.succeeded') });
      else if (outcome.status === 'timed_out')
        void message.warning({ key, content: t('deviceCommon.command.timedOut') });
      else
        void message.error({
          key,
          content: outcome.error
            ? t('deviceCommon.command.failedBecause', { reason: outcome.error })
            : t('deviceCommon.command.failed'),
        });
    },
    onError: () => message.destroy(`cmd-${target}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operationLogKey(target) }),
  });
}
