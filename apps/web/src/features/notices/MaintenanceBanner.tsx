import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_COUNT_KEY } from '../../api/auth';
import { noticeApi, noticeKeys } from './api';
import { noticeText, typeLabel } from './noticeText';
import './notices.css';

/**
 * The maintenance notices in effect for the user (spec §4): labelled upgrade (type 1) or maintenance, the window
 * filled into the text. Closing one marks it read; a notice set invalid disappears at the next refetch, which the
 * live stream triggers at once.
 */
export function MaintenanceBanner(): React.JSX.Element | null {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: [...noticeKeys.maintenance, i18n.language],
    queryFn: noticeApi.maintenance,
    retry: false,
  });
  const read = useMutation({
    mutationFn: (id: string) => noticeApi.read({ id, kind: 'maintenance' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
      void queryClient.invalidateQueries({ queryKey: MESSAGE_COUNT_KEY });
    },
  });
  const notices = (current.data?.notices ?? []).filter((n) => !n.read);
  if (notices.length === 0) return null;
  return (
    <div className="hg-maintenance-banners" data-testid="maintenance-banners">
      {notices.map((n) => (
        <Alert
          key={n.id}
          type={n.type === 1 ? 'info' : 'warning'}
          showIcon
          closable={{ 'aria-label': t('notices.dismiss'), onClose: () => read.mutate(n.id) }}
          title={`${typeLabel(t, n)}: ${n.title}`}
          description={noticeText(t, n)}
          data-testid="maintenance-banner"
        />
      ))}
    </div>
  );
}
