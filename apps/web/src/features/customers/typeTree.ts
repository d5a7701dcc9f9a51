import type { CustomerTypeNode, CustomerTypeRow } from '@heliograph/shared';

export interface TypeOption {
  value: string;
  title: string;
  children: TypeOption[];
}

/** The type tree as a TreeSelect's options, leaving out `except` and what lies below it (a type's own subtree). */
export function typeTreeData(nodes: readonly CustomerTypeNode[], except?: string): TypeOption[] {
  return nodes
    .filter((n) => n.id !== except)
    .map((n) => ({ value: n.id, title: n.name, children: typeTreeData(n.children, except) }));
}

/** The flat list (GET /customerTypes, which every reader of customers may call) as a tree. */
export function flatToTree(rows: readonly CustomerTypeRow[]): CustomerTypeNode[] {
  const nodes = new Map<string, CustomerTypeNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: CustomerTypeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
