import type { LogicalTreeNode } from '@heliograph/shared';

/** The nodes a reader can reach, in reading order: children of a folded node are left out. */
export function visibleNodes(
  roots: readonly LogicalTreeNode[],
  collapsed: ReadonlySet<string>,
): { node: LogicalTreeNode; level: number; parentId: string | null }[] {
  const out: { node: LogicalTreeNode; level: number; parentId: string | null }[] = [];
  const walk = (n: LogicalTreeNode, level: number, parentId: string | null) => {
    out.push({ node: n, level, parentId });
    if (!collapsed.has(n.id)) for (const c of n.children) walk(c, level + 1, n.id);
  };
  for (const r of roots) walk(r, 1, null);
  return out;
}

/** Past this many panels, a first visit shows strings and micro inverters folded so the tree stays readable. */
export const FOLD_PANELS_FROM = 24;

/** The folding offered before anyone saved one: nodes holding panels fold on large plants. */
export function defaultCollapsed(roots: readonly LogicalTreeNode[]): string[] {
  const holders: string[] = [];
  let panels = 0;
  const walk = (n: LogicalTreeNode) => {
    if (n.children.some((c) => c.kind === 'panel')) holders.push(n.id);
    if (n.kind === 'panel') panels++;
    n.children.forEach(walk);
  };
  roots.forEach(walk);
  return panels > FOLD_PANELS_FROM ? holders : [];
}

export type TreeKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/**
 * The WAI-ARIA tree keys: up and down walk the visible nodes; "inward" (right, or left in a right-to-left
 * page) opens a folded node or enters it; "outward" folds an open node or goes to its parent.
 */
export function treeKeyAction(
  key: TreeKey,
  rtl: boolean,
  current: string,
  visible: ReturnType<typeof visibleNodes>,
  collapsed: ReadonlySet<string>,
): { focus?: string; toggle?: string } {
  const i = visible.findIndex((v) => v.node.id === current);
  const here = visible[i];
  if (!here) return {};
  const inward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const hasChildren = here.node.children.length > 0;
  switch (key) {
    case 'ArrowDown':
      return { focus: visible[Math.min(visible.length - 1, i + 1)]?.node.id };
    case 'ArrowUp':
      return { focus: visible[Math.max(0, i - 1)]?.node.id };
    case 'Home':
      return { focus: visible[0]?.node.id };
    case 'End':
      return { focus: visible[visible.length - 1]?.node.id };
    default:
      if (key === inward) {
        if (!hasChildren) return {};
        return collapsed.has(current) ? { toggle: current } : { focus: here.node.children[0]?.id };
      }
      if (hasChildren && !collapsed.has(current)) return { toggle: current };
      return here.parentId ? { focus: here.parentId } : {};
  }
}
