import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { plantApi, plantKeys } from '../../api/plants';
import { useListState } from '../../components/list';
import { listQuery, PLANT_LIST_SPEC } from './listSpec';

/**
 * The list's state lives in the address (components/list), so Back from an overview returns to the same
 * search, filters, page and sort; the answers stay cached for half an hour so that return draws at once,
 * at the scroll position the router restores.
 */
export function usePlantList() {
  const list = useListState(PLANT_LIST_SPEC);
  const q = useMemo(() => listQuery(list.state), [list.state]);
  const capacityProblem = q.capacityMin !== undefined && q.capacityMax !== undefined && q.capacityMin > q.capacityMax;

  const query = useQuery({
    queryKey: plantKeys.list(q),
    queryFn: () => plantApi.list(q),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    gcTime: 30 * 60_000,
    enabled: !capacityProblem,
  });

  return { ...list, q, query, capacityProblem };
}
