import type { PermissionKey, PermissionNode } from '@heliograph/shared';

/** What the tree needs to keep a role's keys consistent: each key's parent and its descendants. */
export interface TreeIndex {
  parent: Map<PermissionKey, PermissionKey | null>;
  descendants: Map<PermissionKey, PermissionKey[]>;
  order: PermissionKey[];
}

export function indexTree(nodes: readonly PermissionNode[]): TreeIndex {
  const parent = new Map<PermissionKey, PermissionKey | null>();
  const descendants = new Map<PermissionKey, PermissionKey[]>();
  const order: PermissionKey[] = [];
  const walk = (list: readonly PermissionNode[], up: PermissionKey | null): PermissionKey[] => {
    const all: PermissionKey[] = [];
    for (const n of list) {
      parent.set(n.permission, up);
      order.push(n.permission);
      const below = walk(n.children, n.permission);
      descendants.set(n.permission, below);
      all.push(n.permission, ...below);
    }
    return all;
  };
  walk(nodes, null);
  return { parent, descendants, order };
}

/**
 * Checking a key checks the pages above it (a button without its page is useless); unchecking one unchecks
 * everything below it. Keys not in the tree are dropped. Returns the keys in tree order.
 */
export function toggleKey(
  index: TreeIndex,
  checked: ReadonlySet<PermissionKey>,
  key: PermissionKey,
  on: boolean,
): PermissionKey[] {
  const next = new Set(checked);
  if (on) {
    let k: PermissionKey | null | undefined = key;
    while (k) {
      next.add(k);
      k = index.parent.get(k);
    }
  } else {
    next.delete(key);
    for (const d of index.descendants.get(key) ?? []) next.delete(d);
  }
  return index.order.filter((k) => next.has(k));
}
