import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import './list.css';

export interface StatusStat {
  /** The filter value this item selects; ALL_STATUS for the unfiltered list. */
  key: string;
  /** Defaults to the kit's word for common statuses (listKit.status.<key>). */
  label?: string;
  count?: number;
  /** Colour of the dot: a status word the stylesheet knows (normal, warning, fault, offline …) or 'all'. */
  tone?: string;
}

export const ALL_STATUS = 'all';

export interface StatusStatsBarProps {
  items: readonly StatusStat[];
  /** The selected key; ALL_STATUS (or undefined) when no status filter is set. */
  value: string | undefined;
  onChange: (key: string) => void;
  /** Accessible name of the group, e.g. "Plant status". */
  label?: string;
  loading?: boolean;
  'data-testid'?: string;
}

/**
 * Status statistics above a list (spec §7 counts by status): each status with its count, clicking one filters
 * the list. A radio group for assistive technology, with one tab stop and arrow keys moving the choice, as
 * WAI-ARIA asks of radio groups; the counts are part of each item's name.
 */
export function StatusStatsBar({
  items,
  value,
  onChange,
  label,
  loading,
  'data-testid': testId = 'status-stats',
}: StatusStatsBarProps): React.JSX.Element {
  const { t } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = value ?? ALL_STATUS;
  const selectedIndex = Math.max(
    0,
    items.findIndex((i) => i.key === selected),
  );

  const move = (from: number, delta: number): void => {
    const next = (from + delta + items.length) % items.length;
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    refs.current[next]?.focus();
  };

  const onKeyDown = (event: React.KeyboardEvent, index: number): void => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward || event.key === 'ArrowDown') move(index, 1);
    else if (event.key === backward || event.key === 'ArrowUp') move(index, -1);
    else if (event.key === 'Home') move(0, 0);
    else if (event.key === 'End') move(items.length - 1, 0);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label ?? t('listKit.statusGroup')}
      aria-busy={loading || undefined}
      className="hg-stats"
      data-testid={testId}
    >
      {items.map((item, index) => {
        const checked = index === selectedIndex;
        const text = item.label ?? t(`listKit.status.${item.key}`, { defaultValue: item.key });
        return (
          <button
            key={item.key}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            className={`hg-stat${checked ? ' hg-stat-active' : ''}`}
            data-tone={item.tone ?? item.key}
            data-key={item.key}
            data-testid={`${testId}-${item.key}`}
            onClick={() => onChange(item.key)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            <span className="hg-stat-dot" aria-hidden="true" />
            <span className="hg-stat-label">{text}</span>
            <span className="hg-stat-count" data-testid={`${testId}-${item.key}-count`}>
              {item.count === undefined ? '–' : item.count.toLocaleString()}
            </span>
          </button>
        );
      })}
    </div>
  );
}
