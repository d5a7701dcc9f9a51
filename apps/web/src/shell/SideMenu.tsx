import {
  ApartmentOutlined,
  AppstoreOutlined,
  BulbOutlined,
  CloudUploadOutlined,
  ClusterOutlined,
  FileTextOutlined,
  FundOutlined,
  FundProjectionScreenOutlined,
  HomeOutlined,
  NotificationOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { flattenPermissionTree, PERMISSIONS, type PermissionKey, type PermissionNode } from '@heliograph/shared';
import { GROUPED_MENU_ROUTES, MENU_PATHS, ROUTE_BY_PATH, type RouteHandle, type ShellRoute } from '../kit/routeTable';

type Item = NonNullable<MenuProps['items']>[number];

/** One icon per top-level menu key. */
const ICONS: Partial<Record<PermissionKey, React.ReactNode>> = {
  'station.view': <HomeOutlined />,
  'application.center': <AppstoreOutlined />,
  'equip.view': <ClusterOutlined />,
  intelligence: <BulbOutlined />,
  'firmware.management': <CloudUploadOutlined />,
  'workdata.view': <FundOutlined />,
  'company.management': <ApartmentOutlined />,
  'user.producer': <TeamOutlined />,
  'system.notice': <NotificationOutlined />,
  'fullscreen.management': <FundProjectionScreenOutlined />,
  'logger.management': <FileTextOutlined />,
  'system.management': <SettingOutlined />,
};

const SUBMENU = 'sub:';

/** Menu items carry their permission key as data-menu-key (for tests and for reading the DOM). */
function withKey<T extends object>(item: T, permission: PermissionKey): T {
  return { ...item, 'data-menu-key': permission } as T;
}

const isMenuNode = (n: PermissionNode): boolean => n.type === 0 && !n.hidden;

/**
 * The side menu from the permission tree (spec §2.2): menu-type nodes only, hidden ones left out. A node with
 * menu children is a submenu; when the node has a page of its own (system bulletins), that page comes first.
 */
export function buildMenuItems(nodes: readonly PermissionNode[], depth = 0): Item[] {
  const items: Item[] = [];
  for (const node of nodes.filter(isMenuNode)) {
    const children = node.children.filter(isMenuNode);
    const ownPath = MENU_PATHS.get(node.permission);
    const icon = depth === 0 ? ICONS[node.permission] : undefined;
    const label = <span className="hg-menu-label">{node.name}</span>;
    if (children.length === 0) {
      if (ownPath) items.push(withKey({ key: ownPath, icon, label, title: node.name }, node.permission));
      continue;
    }
    const sub = buildMenuItems(children, depth + 1);
    if (ownPath) sub.unshift(withKey({ key: ownPath, label, title: node.name }, node.permission));
    if (sub.length > 0) {
      items.push(withKey({ key: SUBMENU + node.permission, icon, label, children: sub }, node.permission));
    }
  }
  return items;
}

/** The submenu a grouped entry (`ShellRoute.menuGroup`) goes in: its group's when the menu has it, else its key's. */
function placement(route: ShellRoute, held: ReadonlySet<PermissionKey>): PermissionKey | undefined {
  if (route.menuGroup && held.has(route.menuGroup)) return route.menuGroup;
  return route.permission;
}

function findSubmenu(items: Item[], key: string): { children: Item[] } | undefined {
  for (const item of items) {
    if (!item || !('children' in item) || !Array.isArray(item.children)) continue;
    if (item.key === key) return item as { children: Item[] };
    const inner = findSubmenu(item.children as Item[], key);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Adds the entries that are not permission-tree nodes (the toolbox) to the menu built from the tree, for
 * users who may open them; an entry whose submenu the user's menu lacks goes at the top level.
 */
export function addGroupedEntries(
  items: Item[],
  held: ReadonlySet<PermissionKey>,
  label: (route: ShellRoute) => string,
): Item[] {
  for (const route of GROUPED_MENU_ROUTES) {
    if (!route.permission || !held.has(route.permission)) continue;
    const group = placement(route, held);
    const sub = group ? findSubmenu(items, SUBMENU + group) : undefined;
    const text = label(route);
    const entry = {
      key: route.path,
      label: <span className="hg-menu-label">{text}</span>,
      title: text,
      'data-menu-route': route.path,
    } as Item;
    if (sub) sub.children.push(entry);
    else if (group && nestUnderLeaf(items, group, entry)) continue;
    else items.push({ ...entry, icon: <ToolOutlined /> } as Item);
  }
  return items;
}

/**
 * A grouped entry whose group is a page of its own rather than a submenu (Plant reports, with the data
 * screening grouped under it): that page's entry becomes a submenu of the same name and icon, holding the page
 * first and then the entry. False when the menu has no entry for the group.
 */
function nestUnderLeaf(items: Item[], group: PermissionKey, entry: Item): boolean {
  const path = MENU_PATHS.get(group);
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as (Item & { key?: unknown; icon?: React.ReactNode; label?: React.ReactNode }) | null;
    if (!item) continue;
    if (item.key === path && !('children' in item)) {
      const { icon, ...leaf } = item;
      items[i] = withKey(
        { key: SUBMENU + group, icon, label: item.label, children: [leaf as Item, entry] } as Item & object,
        group,
      );
      return true;
    }
    if ('children' in item && Array.isArray(item.children) && nestUnderLeaf(item.children as Item[], group, entry))
      return true;
  }
  return false;
}

/** Whether a grouped entry turned the page of this key into a submenu (see nestUnderLeaf). */
function nestsUnder(key: PermissionKey): boolean {
  return GROUPED_MENU_ROUTES.some((r) => r.menuGroup === key && r.permission === key);
}

/** The submenu keys above a permission key, outermost first. */
function ancestors(key: PermissionKey): string[] {
  const out: string[] = [];
  let parent = PERMISSIONS[key].parent as PermissionKey | null;
  while (parent) {
    out.unshift(SUBMENU + parent);
    parent = PERMISSIONS[parent].parent as PermissionKey | null;
  }
  return out;
}

export function SideMenu({
  tree,
  collapsed,
  onNavigate,
}: {
  tree: PermissionNode[];
  collapsed: boolean;
  onNavigate?: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as RouteHandle | undefined;
  const held = useMemo(() => flattenPermissionTree(tree), [tree]);
  const items = useMemo(
    () => addGroupedEntries(buildMenuItems(tree), held, (route) => t(route.titleKey)),
    [tree, held, t],
  );
  // A grouped entry (the toolbox) is selected by its own path and unfolds the submenu it was put in.
  const grouped = handle?.routePath ? ROUTE_BY_PATH.get(handle.routePath) : undefined;
  const groupedIn = grouped?.menuGroup ? placement(grouped, held) : undefined;
  const highlight = handle?.highlight;
  const selectedPath = groupedIn ? grouped?.path : highlight ? MENU_PATHS.get(highlight) : undefined;
  const unfold = useMemo(
    () =>
      groupedIn
        ? [...ancestors(groupedIn), SUBMENU + groupedIn]
        : highlight
          ? [...ancestors(highlight), ...(nestsUnder(highlight) ? [SUBMENU + highlight] : [])]
          : [],
    [groupedIn, highlight],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(() => unfold);

  useEffect(() => {
    // Opening a page from elsewhere (a link, the address bar) unfolds its group.
    setOpenKeys((keys) => Array.from(new Set([...keys, ...unfold])));
  }, [unfold]);

  return (
    <nav aria-label={t('shell.mainMenu')} data-testid="side-menu" className="hg-side-menu">
      <Menu
        mode="inline"
        theme="dark"
        items={items}
        inlineCollapsed={collapsed}
        selectedKeys={selectedPath ? [selectedPath] : []}
        {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}
