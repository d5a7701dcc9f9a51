import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COMM_LOG_LIMITS } from '@heliograph/shared';
import { Alert, Button } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { commLogApi, commLogKeys } from './api';

/**
 * Whether the log keeps this gateway's telemetry in full (issue 11: a fleet's telemetry is logged as summaries;
 * a technician switches full recording on for the gateway being looked into, for at most a day).
 */
export function Recording({ sn }: { sn: string }): React.JSX.Element | null {
  const { t } = useTranslation();
  const client = useQueryClient();
  const state = useQuery({ queryKey: commLogKeys.recording(sn), queryFn: () => commLogApi.recording(sn) });
  const change = useMutation({
    mutationFn: (hours: number) => commLogApi.setRecording(sn, hours),
    onSuccess: (data) => client.setQueryData(commLogKeys.recording(sn), data),
  });
  if (!state.data) return null;
  const until = state.data.fullUntil;
  return (
    <div className="hg-comm-log-recording" data-testid="comm-log-recording" aria-live="polite">
      <Alert
        type={until ? 'success' : 'info'}
        showIcon
        title={
          until
            ? t('commLog.recordingFull', { until: dayjs(until).format('YYYY-MM-DD HH:mm') })
            : t('commLog.recordingSummary')
        }
        action={
          <Button
            size="small"
            loading={change.isPending}
            onClick={() => change.mutate(until ? 0 : COMM_LOG_LIMITS.fullTelemetryHours)}
            data-testid="comm-log-recording-toggle"
          >
            {until ? t('commLog.recordingOff') : t('commLog.recordingOn')}
          </Button>
        }
      />
      {change.isError ? <Alert type="error" showIcon title={t('commLog.recordingFailed')} /> : null}
    </div>
  );
}
