import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { DEFAULT_PAGE_SIZES, type ListPatch } from './listState';

/**
 * antd pagination for a list kept by useListState: current page and size from the address, a total in the
 * user's language, and a size change going back to page 1.
 */
export function listPagination<F extends string, S extends string>(
  opts: {
    page: number;
    size: number;
    total: number;
    update: (patch: ListPatch<F, S>) => void;
    pageSizes?: readonly number[];
    simple?: boolean;
  },
  t: TFunction,
): TablePaginationConfig {
  const { page, size, total, update, pageSizes = DEFAULT_PAGE_SIZES, simple } = opts;
  return {
    current: page,
    pageSize: size,
    total,
    showSizeChanger: !simple,
    simple,
    pageSizeOptions: pageSizes.map(String),
    showTotal: (n) => t('listKit.total', { n: n.toLocaleString() }),
    // antd's German and Hebrew pagers name the size changer in English.
    locale: { page_size: t('listKit.pageSize') },
    onChange: (p, s) => update(s === size ? { page: p } : { size: s }),
  };
}

/** The pages of a short table in a card (an operation log, a device's events): a fixed size, no pager for one page. */
export function cardPagination(
  current: number,
  pageSize: number,
  total: number | undefined,
  onChange: (page: number) => void,
): TablePaginationConfig {
  return { current, pageSize, total: total ?? 0, onChange, showSizeChanger: false, hideOnSinglePage: true };
}
