import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ALL_STATUS, useListState, type ListSpec, type StatusStat } from '../../components/list';
import { plantIdOrNothing } from './deviceApi';

/** One page of a searchable device list (gateways, switches, lora master nodes), as its route takes it. */
export interface SearchListQuery {
  page: number;
  size: number;
  q?: string;
  status?: string;
  plantId?: string;
}

/** Only what those list routes take, whatever else the page keeps in its query. */
export const searchListQuery = ({ page, size, q, status, plantId }: SearchListQuery): SearchListQuery => ({
  page,
  size,
  q,
  status,
  plantId,
});

/** The query keys of one device kind: all of its queries, one page of its list, one device. */
export function deviceKeys(root: string) {
  return {
    all: [root] as const,
    list: (q: SearchListQuery) => [root, 'list', q] as const,
    detail: (sn: string) => [root, 'detail', sn] as const,
  };
}

/** The list of one device kind: a route's page with counts by status. */
export interface DeviceListSource<S extends string, R> {
  statuses: readonly S[];
  key: (q: SearchListQuery) => QueryKey;
  fetch: (q: SearchListQuery) => Promise<{ total: number; rows: R[]; counts: Record<S | 'all', number> }>;
  /** The words and colour of each status in the statistics (the kit's own words by default). */
  describe?: (status: S) => Omit<StatusStat, 'key' | 'count'>;
  /** How often the open list asks again, for kinds whose rows change while one looks at them. */
  refetchInterval?: number;
}

/**
 * A searchable device list kept in the address: search, status and plant filters and pages, the page of rows
 * (the previous one stays while the next loads) and the status statistics over it.
 */
export function useDeviceList<S extends string, R>({
  statuses,
  key,
  fetch,
  describe,
  refetchInterval,
}: DeviceListSource<S, R>) {
  const spec = useMemo<ListSpec<'status' | 'plant', never>>(
    () => ({ filters: { status: statuses, plant: 'text' } }),
    [statuses],
  );
  const list = useListState(spec);
  const { state } = list;
  const filters = {
    q: state.search || undefined,
    status: state.filters.status,
    plantId: plantIdOrNothing(state.filters.plant),
  };
  const listQuery = { page: state.page, size: state.size, ...filters };
  const query = useQuery({
    queryKey: key(listQuery),
    queryFn: () => fetch(listQuery),
    placeholderData: keepPreviousData,
    refetchInterval,
  });
  const counts = query.data?.counts;
  const items: StatusStat[] = [
    { key: ALL_STATUS, count: counts?.all },
    ...statuses.map((s) => ({ key: s, count: counts?.[s], ...describe?.(s) })),
  ];
  return { list, query, stats: { items, filter: 'status' as const }, filters };
}
