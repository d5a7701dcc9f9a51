/**
 * Every permission key of spec §2.2 and §6, once. `type` 0 is a menu entry or page, 1 a button (an action
 * inside a page). `parent` builds the tree that GET /api/v1/permission returns; titles in eight languages
 * are in ./messages/<lang>.ts under `permissions`.
 */
export const PERMISSION_TYPE = { menu: 0, button: 1 } as const;

interface PermissionDef {
  parent: string | null;
  type: 0 | 1;
  /** Left out of the side menu (pages reached from inside another page). */
  hidden?: boolean;
}

export const PERMISSIONS = {
  // Plants
  'station.view': { parent: null, type: 0 },
  'station.create': { parent: 'station.view', type: 0, hidden: true },
  'station.edit': { parent: 'station.view', type: 1 },
  'station.delete': { parent: 'station.view', type: 1 },
  'station.share': { parent: 'station.view', type: 1 },
  'station.transfer': { parent: 'station.view', type: 1 },
  'station.setting': { parent: 'station.view', type: 1 },
  // Application center
  'application.center': { parent: null, type: 0 },
  // Devices
  'equip.view': { parent: null, type: 0 },
  'gateway.view': { parent: 'equip.view', type: 0 },
  'gateway.import': { parent: 'gateway.view', type: 1 },
  'gateway.control': { parent: 'gateway.view', type: 1 },
  'gateway.unbind': { parent: 'gateway.view', type: 1 },
  'inverter.view': { parent: 'equip.view', type: 0 },
  'inverter.control': { parent: 'inverter.view', type: 1 },
  'inverter.debug': { parent: 'inverter.view', type: 1 },
  'inverter.setting': { parent: 'inverter.view', type: 1 },
  'inverter.upgrade': { parent: 'inverter.view', type: 1 },
  'inverter.delete': { parent: 'inverter.view', type: 1 },
  'config.template.list': { parent: 'equip.view', type: 0 },
  'battery.list.view': { parent: 'equip.view', type: 0 },
  'battery.control': { parent: 'battery.list.view', type: 1 },
  'masterNode.view': { parent: 'equip.view', type: 0 },
  'smart.meter': { parent: 'equip.view', type: 0 },
  'meter.control': { parent: 'smart.meter', type: 1 },
  'switch.view': { parent: 'equip.view', type: 0 },
  'switch.control': { parent: 'switch.view', type: 1 },
  'smart.acSwitch': { parent: 'equip.view', type: 1 },
  'equip.other': { parent: 'equip.view', type: 0 },
  // Cameras and video (issue 18)
  'camera.view': { parent: 'equip.view', type: 0 },
  'camera.edit': { parent: 'camera.view', type: 1 },
  'event.view': { parent: 'equip.view', type: 0 },
  // Smart rules
  intelligence: { parent: null, type: 0 },
  'smart.rule': { parent: 'intelligence', type: 0 },
  'smart.rule.edit': { parent: 'smart.rule', type: 1 },
  // Firmware
  'firmware.management': { parent: null, type: 0 },
  'firmware.gateway.view': { parent: 'firmware.management', type: 0 },
  'firmware.inverter.view': { parent: 'firmware.management', type: 0 },
  'firmware.inverter.auth': { parent: 'firmware.management', type: 0 },
  'firmware.battery.view': { parent: 'firmware.management', type: 0 },
  'firmware.main.node.view': { parent: 'firmware.management', type: 0 },
  'firmware.meter.view': { parent: 'firmware.management', type: 0 },
  'firmware.switch.view': { parent: 'firmware.management', type: 0 },
  'firmware.upload': { parent: 'firmware.management', type: 1 },
  // Reports
  'workdata.view': { parent: null, type: 0 },
  // Company
  'company.management': { parent: null, type: 0 },
  'company.info': { parent: 'company.management', type: 0 },
  'company.user': { parent: 'company.management', type: 0 },
  'company.role.list.view': { parent: 'company.management', type: 0 },
  'company.edit': { parent: 'company.management', type: 1 },
  'company.role.edit': { parent: 'company.role.list.view', type: 1 },
  'company.user.edit': { parent: 'company.user', type: 1 },
  'company.agent': { parent: 'company.management', type: 0 },
  'company.manual': { parent: 'company.management', type: 0 },
  'company.audit': { parent: 'company.management', type: 0 },
  'storage.space': { parent: 'company.management', type: 0 },
  'company.list': { parent: 'company.management', type: 0 },
  // Customers
  'user.producer': { parent: null, type: 0 },
  'user.list.view': { parent: 'user.producer', type: 0 },
  'customer.list.view': { parent: 'user.producer', type: 0 },
  'customer.type.list.view': { parent: 'user.producer', type: 0 },
  'customer.edit': { parent: 'user.producer', type: 1 },
  'customer.type.edit': { parent: 'customer.type.list.view', type: 1 },
  // Bulletins
  'system.notice': { parent: null, type: 0 },
  'notice.pointNotice.list': { parent: 'system.notice', type: 0 },
  // Large screen
  'fullscreen.management': { parent: null, type: 0 },
  'fullscreen.list': { parent: 'fullscreen.management', type: 0 },
  'full.screen.single.page': { parent: 'fullscreen.management', type: 0, hidden: true },
  'splicing.screen': { parent: 'fullscreen.management', type: 0, hidden: true },
  // Logs (the spelling "communcation" is the spec's key and is kept)
  'logger.management': { parent: null, type: 0 },
  'logger.upgrade.record': { parent: 'logger.management', type: 0 },
  'logger.communcation.management': { parent: 'logger.management', type: 0 },
  // System management (platform)
  'system.management': { parent: null, type: 0 },
  'protocol.manage.view': { parent: 'system.management', type: 0 },
  'version.notification.management': { parent: 'system.management', type: 0 },
} as const satisfies Record<string, PermissionDef>;

export type PermissionKey = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

export function isPermissionKey(value: string): value is PermissionKey {
  return Object.hasOwn(PERMISSIONS, value);
}

export function permissionDef(key: PermissionKey): PermissionDef {
  return PERMISSIONS[key];
}

/** A node of the tree GET /api/v1/permission returns (spec §3 "Permission tree node"). */
export interface PermissionNode {
  name: string;
  permission: PermissionKey;
  type: 0 | 1;
  hidden: boolean;
  children: PermissionNode[];
}

/**
 * Builds the caller's tree from the keys they hold, in catalogue order. A key whose parent the caller does
 * not hold is left out with its subtree: a button without its page is unreachable. Spec §6: equip.view
 * gains a smart.acSwitch child when it is missing.
 */
export function buildPermissionTree(
  held: Iterable<PermissionKey>,
  title: (key: PermissionKey) => string,
): PermissionNode[] {
  const keys = new Set(held);
  if (keys.has('equip.view')) keys.add('smart.acSwitch');
  const nodes = new Map<PermissionKey, PermissionNode>();
  for (const key of PERMISSION_KEYS) {
    if (!keys.has(key)) continue;
    const def: PermissionDef = PERMISSIONS[key];
    nodes.set(key, { name: title(key), permission: key, type: def.type, hidden: def.hidden ?? false, children: [] });
  }
  const roots: PermissionNode[] = [];
  for (const [key, node] of nodes) {
    const parent: string | null = (PERMISSIONS[key] as PermissionDef).parent;
    if (parent === null) roots.push(node);
    else nodes.get(parent as PermissionKey)?.children.push(node);
  }
  return roots;
}

/** Flattens a tree back to its keys (the web shell's route guard and button rules read this). */
export function flattenPermissionTree(nodes: readonly PermissionNode[]): Set<PermissionKey> {
  const out = new Set<PermissionKey>();
  const walk = (list: readonly PermissionNode[]): void => {
    for (const n of list) {
      out.add(n.permission);
      walk(n.children);
    }
  };
  walk(nodes);
  return out;
}
