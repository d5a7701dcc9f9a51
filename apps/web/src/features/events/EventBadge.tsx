import { AlertOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { LIMITS, TIMERS } from '@heliograph/shared';
import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EVENT_COUNT_KEY, fetchEventCount } from './eventApi';

/**
 * Open faults and warnings of the caller's devices in the top bar, polled with the message count; opens the
 * event list narrowed to what is open. Red while any fault is open, amber for warnings only.
 */
export function EventBadge(): React.JSX.Element {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: EVENT_COUNT_KEY,
    queryFn: fetchEventCount,
    refetchInterval: TIMERS.messagePollMs,
    staleTime: 60_000,
  });
  const faults = data?.fault ?? 0;
  const warnings = data?.warning ?? 0;
  const count = faults + warnings;
  return (
    <Link
      to="/device/event/list?state=open"
      className="hg-topbar-icon"
      data-testid="event-badge"
      data-count={count}
      aria-label={t('events.badge', { faults, warnings })}
    >
      <Badge
        count={count}
        overflowCount={LIMITS.messageBadgeMax}
        size="small"
        offset={[2, -2]}
        color={faults > 0 ? '#cf1322' : '#d48806'}
      >
        <AlertOutlined className="hg-topbar-bell" />
      </Badge>
    </Link>
  );
}
