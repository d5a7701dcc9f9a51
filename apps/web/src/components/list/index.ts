/** The list kit: URL-kept list state, status statistics, toolbar and pagination for every list page. */
export * from './listState';
export { useListState, type ListStateApi } from './useListState';
export { StatusStatsBar, ALL_STATUS, type StatusStat, type StatusStatsBarProps } from './StatusStatsBar';
export { ListToolbar, type ListToolbarProps } from './ListToolbar';
export { cardPagination, listPagination } from './pagination';
export {
  ConfirmRowAction,
  ListPage,
  listEmpty,
  RowAction,
  useWide,
  type ConfirmRowActionProps,
  type ListPageProps,
  type RowActionProps,
} from './ListPage';
export { useScrollRegion } from './useScrollRegion';
export { FilterSelect } from './FilterSelect';
