import { useQuery } from '@tanstack/react-query';
import { flattenPermissionTree, type PermissionKey, type PermissionNode } from '@heliograph/shared';
import { fetchPermissionTree, PERMISSION_KEY } from '../api/auth';

export const permissionQuery = {
  queryKey: PERMISSION_KEY,
  queryFn: fetchPermissionTree,
  staleTime: Infinity,
  gcTime: Infinity,
} as const;

const EMPTY: ReadonlySet<PermissionKey> = new Set();

/** The permission tree loaded once after sign-in (spec §4), and the flat set of keys it grants. */
export function usePermissions(): {
  tree: PermissionNode[];
  held: ReadonlySet<PermissionKey>;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
} {
  const query = useQuery(permissionQuery);
  const tree = query.data ?? [];
  return {
    tree,
    held: query.data ? flattenPermissionTree(query.data) : EMPTY,
    isLoading: query.isLoading,
    isError: query.isError,
    refetch: () => void query.refetch(),
  };
}
