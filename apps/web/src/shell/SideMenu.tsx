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
} from '@ant-design/icons';
import { Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { PERMISSIONS, type PermissionKey, type PermissionNode } from '@heliograph/shared';
import { MENU_PATHS, type RouteHandle } from '../kit/routeTable';

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
  const highlight = (matches.at(-1)?.handle as RouteHandle | undefined)?.highlight;
  const items = useMemo(() => buildMenuItems(tree), [tree]);
  const selectedPath = highlight ? MENU_PATHS.get(highlight) : undefined;
  const [openKeys, setOpenKeys] = useState<string[]>(() => (highlight ? ancestors(highlight) : []));

  useEffect(() => {
    // Opening a page from elsewhere (a link, the address bar) unfolds its group.
    if (highlight) setOpenKeys((keys) => Array.from(new Set([...keys, ...ancestors(highlight)])));
  }, [highlight]);

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
