import { useTranslation } from 'react-i18next';
import type { LiveStatus } from './usePlantLive';

/** Whether the page follows the plant live: a dot and a word ("Live", "Reconnecting…"). */
export function LiveBadge({ status }: { status: LiveStatus }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <span
      className={`hg-live hg-live-${status}`}
      data-testid="live-status"
      data-status={status}
      title={t(`overview.live.${status}Hint`)}
    >
      <span className="hg-live-dot" aria-hidden="true" />
      {t(`overview.live.${status}`)}
    </span>
  );
}
