import { Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import './list.css';

export interface ListToolbarProps {
  /** The current search text (from useListState); the box shows it and is reset when it changes. */
  search?: string;
  onSearch?: (value: string) => void;
  searchPlaceholder?: string;
  /** Accessible name of the search box; defaults to "Search". */
  searchLabel?: string;
  searchMax?: number;
  /** Filter controls (Select, InputNumber …), laid out in a row that wraps. */
  filters?: React.ReactNode;
  /** Shown as "Clear filters" when set and something narrows the list. */
  onReset?: () => void;
  narrowed?: boolean;
  /** Buttons at the end of the bar (add, export, view toggle). */
  actions?: React.ReactNode;
  'data-testid'?: string;
}

/**
 * The bar above a list: search, filter slots and actions. It wraps on narrow screens, the search box taking
 * the whole first line on a phone, and uses logical properties so it mirrors in Hebrew.
 */
export function ListToolbar({
  search,
  onSearch,
  searchPlaceholder,
  searchLabel,
  searchMax = 64,
  filters,
  onReset,
  narrowed,
  actions,
  'data-testid': testId = 'list-toolbar',
}: ListToolbarProps): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <div className="hg-list-toolbar" data-testid={testId} role="search">
      {onSearch && (
        <Input.Search
          key={search ?? ''}
          className="hg-list-search"
          defaultValue={search}
          placeholder={searchPlaceholder ?? t('listKit.searchPlaceholder')}
          aria-label={searchLabel ?? t('listKit.search')}
          enterButton={t('listKit.search')}
          allowClear
          maxLength={searchMax}
          onSearch={(value) => onSearch(value.trim())}
          data-testid={`${testId}-search`}
        />
      )}
      {filters && <div className="hg-list-filters">{filters}</div>}
      {onReset && narrowed && (
        <Button type="link" onClick={onReset} data-testid={`${testId}-reset`}>
          {t('listKit.clearFilters')}
        </Button>
      )}
      {actions && <div className="hg-list-actions">{actions}</div>}
    </div>
  );
}
