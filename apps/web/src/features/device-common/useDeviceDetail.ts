import { useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * A device's detail, refreshed while the page is open. No retry: a missing device (a coded answer) must show
 * its page at once rather than after three attempts.
 */
export function useDeviceDetail<T>(queryKey: QueryKey, queryFn: () => Promise<T>, refreshMs: number) {
  return useQuery({ queryKey, queryFn, retry: false, refetchInterval: refreshMs });
}
