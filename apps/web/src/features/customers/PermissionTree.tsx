import type { PermissionKey, PermissionNode } from '@heliograph/shared';
import { Tree, type TreeDataNode } from 'antd';

function treeData(nodes: readonly PermissionNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.permission, title: n.name, children: treeData(n.children) }));
}

/** Each key's parent and children in the tree, to keep a ticked button's page ticked too. */
function links(nodes: readonly PermissionNode[]) {
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
  return { parent, children };
}

/** Every key of the tree. */
export function allKeys(nodes: readonly PermissionNode[]): PermissionKey[] {
  return nodes.flatMap((n) => [n.permission, ...allKeys(n.children)]);
}

/**
 * A permission list as a checkbox tree. Each box stands for its own key (a page may be held without all its
 * buttons), and the tree keeps the list whole: ticking a key ticks the pages above it, unticking one unticks
 * what lies below it (a button without its page is unreachable).
 */
export function PermissionTree({
  nodes,
  value = [],
  onChange,
  label,
}: {
  nodes: readonly PermissionNode[];
  value?: readonly string[];
  onChange?: (keys: string[]) => void;
  label: string;
}): React.JSX.Element {
  const { parent, children } = links(nodes);
  const toggle = (key: string, on: boolean) => {
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
    onChange?.([...next]);
  };
  return (
    <Tree
      // Expanded once the tree has arrived (defaultExpandAll reads only the first data it is given).
      key={nodes.length}
      checkable
      checkStrictly
      selectable={false}
      defaultExpandAll
      treeData={treeData(nodes)}
      checkedKeys={{ checked: [...value], halfChecked: [] }}
      onCheck={(_keys, info) => toggle(String(info.node.key), info.checked)}
      aria-label={label}
      data-testid="customer-permissions"
    />
  );
}
