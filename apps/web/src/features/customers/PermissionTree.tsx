import type { PermissionKey, PermissionNode } from '@heliograph/shared';
import { Tree, type TreeDataNode } from 'antd';
import { toggleKey } from './permissionCascade';

function treeData(nodes: readonly PermissionNode[]): TreeDataNode[] {
  return nodes.map((n) => ({ key: n.permission, title: n.name, children: treeData(n.children) }));
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
      onCheck={(_keys, info) => onChange?.(toggleKey(nodes, value, String(info.node.key), info.checked))}
      aria-label={label}
      data-testid="customer-permissions"
    />
  );
}
