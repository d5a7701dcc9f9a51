import type { PermissionNode } from '@heliograph/shared';

/**
 * A permission list after ticking or unticking `key` in the tree: ticking a key ticks the pages above it,
 * unticking one unticks what lies below it, so the list never holds a button without its page (the server's
 * tree would leave such a button out, and the customer would silently lack it).
 */
export function toggleKey(
  nodes: readonly PermissionNode[],
  value: readonly string[],
  key: string,
  on: boolean,
): string[] {
  const parent = new Map<string, string>();
  const children = new Map<string, string[]>();
  const walk = (list: readonly PermissionNode[], up?: string) => {
    for (const n of list) {
      if (up) parent.set(n.permission, up);
      children.set(
        n.permission,
        n.children.map((c) => c.permission),
      );
      walk(n.children, n.permission);
    }
  };
  walk(nodes);
  const next = new Set(value);
  if (on) {
    for (let k: string | undefined = key; k; k = parent.get(k)) next.add(k);
  } else {
    const drop = (k: string) => {
      next.delete(k);
      for (const c of children.get(k) ?? []) drop(c);
    };
    drop(key);
  }
  return [...next];
}
