import { BellOutlined } from '@ant-design/icons';
import { Badge } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LIMITS, TIMERS } from '@heliograph/shared';
import { fetchMessageCount, MESSAGE_COUNT_KEY } from '../api/auth';

/** Unread messages, polled every 5 minutes, shown as 99+ above 99 (spec §2.2, §9). */
export function MessageBadge(): React.JSX.Element {
  const { t } = useTranslation();
  const { data: count = 0 } = useQuery({
    queryKey: MESSAGE_COUNT_KEY,
    queryFn: fetchMessageCount,
    refetchInterval: TIMERS.messagePollMs,
    staleTime: TIMERS.messagePollMs,
  });
  return (
    <Link
      to="/notice"
      className="hg-topbar-icon"
      data-testid="message-badge"
      data-count={count}
      aria-label={t('shell.messages', { n: count })}
    >
      <Badge count={count} overflowCount={LIMITS.messageBadgeMax} size="small" offset={[2, -2]}>
        <BellOutlined className="hg-topbar-bell" />
      </Badge>
    </Link>
  );
}
