import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { plantApi, plantKeys, type PlantListQuery } from '../../api/plants';

export const PAGE_SIZES = [10, 20, 50] as const;
const DEFAULT_SIZE = 10;

/** The list's page, size and keyword live in the address, so Back from an overview returns to the same view. */
export function usePlantList() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sizeParam = Number(params.get('size'));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_SIZE;
  const keyword = (params.get('keyword') ?? '').slice(0, 64);
  const q: PlantListQuery = { page, size, ...(keyword ? { keyword } : {}) };

  const query = useQuery({
    queryKey: plantKeys.list(q),
    queryFn: () => plantApi.list(q),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });

  const update = (next: { page?: number; size?: number; keyword?: string }) => {
    const merged = { page, size, keyword, ...next };
    const out = new URLSearchParams();
    if (merged.keyword) out.set('keyword', merged.keyword);
    if (merged.page > 1) out.set('page', String(merged.page));
    if (merged.size !== DEFAULT_SIZE) out.set('size', String(merged.size));
    setParams(out, { replace: true });
  };

  return { page, size, keyword, query, update };
}
