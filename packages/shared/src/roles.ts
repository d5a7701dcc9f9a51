import { PERMISSION_KEYS, type PermissionKey } from './permissions.js';

/**
 * The built-in roles of spec §6. A company's own roles (at most 5, enterprise/roles) and a customer's own
 * permission list are rows of the role table with a `base`: the built-in role whose tenancy they follow.
 */
export const BUILTIN_ROLES = [
  'platform_admin',
  'internal_employee',
  'company_admin',
  'company_staff',
  'agent',
  'customer',
  'installer',
  'plant_owner',
  'visitor',
  'maintainer',
] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

export function isBuiltinRole(value: string): value is BuiltinRole {
  return (BUILTIN_ROLES as readonly string[]).includes(value);
}

const PLANTS_VIEW: PermissionKey[] = ['station.view'];
const PLANTS_MANAGE: PermissionKey[] = [
  'station.view',
  'station.create',
  'station.edit',
  'station.delete',
  'station.share',
  'station.transfer',
  'station.setting',
];
const DEVICES_VIEW: PermissionKey[] = [
  'equip.view',
  'gateway.view',
  'inverter.view',
  'battery.list.view',
  'masterNode.view',
  'smart.meter',
  'switch.view',
  'equip.other',
  'event.view',
  'camera.view',
];
const DEVICES_CONTROL: PermissionKey[] = [
  ...DEVICES_VIEW,
  'gateway.import',
  'gateway.control',
  'gateway.unbind',
  'inverter.control',
  'inverter.debug',
  'inverter.setting',
  'inverter.upgrade',
  'inverter.delete',
  'config.template.list',
  'battery.control',
  'meter.control',
  'camera.edit',
  'switch.control',
];
const FIRMWARE_VIEW: PermissionKey[] = [
  'firmware.management',
  'firmware.gateway.view',
  'firmware.inverter.view',
  'firmware.battery.view',
  'firmware.main.node.view',
  'firmware.meter.view',
  'firmware.switch.view',
];
const COMPANY: PermissionKey[] = [
  'company.management',
  'company.info',
  'company.user',
  'company.user.edit',
  'company.role.list.view',
  'company.role.edit',
  'company.edit',
  'company.agent',
  'company.manual',
  'company.audit',
  'storage.space',
];
const CUSTOMERS: PermissionKey[] = [
  'user.producer',
  'user.list.view',
  'customer.list.view',
  'customer.type.list.view',
  'customer.type.edit',
  'customer.edit',
];
const LARGE_SCREEN: PermissionKey[] = [
  'fullscreen.management',
  'fullscreen.list',
  'full.screen.single.page',
  'splicing.screen',
];
const LOGS: PermissionKey[] = ['logger.management', 'logger.upgrade.record', 'logger.communcation.management'];
const SMART: PermissionKey[] = ['application.center', 'intelligence', 'smart.rule', 'smart.rule.edit'];

/**
 * What each built-in role may do. Platform administrators hold everything; they alone manage versions,
 * firmware (upload, authorisation), protocols and bulletins (spec §6). Visitors only look.
 */
export const ROLE_PERMISSIONS: Record<BuiltinRole, readonly PermissionKey[]> = {
  platform_admin: PERMISSION_KEYS,
  // The platform operator's support staff: they look at every company's plants and devices, change nothing.
  internal_employee: [...PLANTS_VIEW, ...DEVICES_VIEW, ...FIRMWARE_VIEW, 'workdata.view', ...LOGS],
  company_admin: [
    ...PLANTS_MANAGE,
    ...DEVICES_CONTROL,
    ...SMART,
    ...FIRMWARE_VIEW,
    'workdata.view',
    ...COMPANY,
    ...CUSTOMERS,
    ...LARGE_SCREEN,
    ...LOGS,
  ],
  company_staff: [
    ...PLANTS_MANAGE,
    ...DEVICES_CONTROL,
    ...FIRMWARE_VIEW,
    'workdata.view',
    'user.producer',
    'user.list.view',
    'customer.list.view',
    ...LARGE_SCREEN,
    ...LOGS,
  ],
  agent: [...PLANTS_MANAGE, ...DEVICES_VIEW, 'workdata.view', ...CUSTOMERS, 'fullscreen.management', 'fullscreen.list'],
  customer: [...PLANTS_MANAGE, ...DEVICES_VIEW, 'workdata.view', 'fullscreen.management', 'fullscreen.list'],
  installer: [...PLANTS_MANAGE, ...DEVICES_CONTROL, 'logger.management', 'logger.upgrade.record'],
  plant_owner: [...PLANTS_MANAGE, ...DEVICES_VIEW, 'switch.control', ...SMART, 'workdata.view'],
  visitor: [...PLANTS_VIEW, ...DEVICES_VIEW],
  maintainer: [
    ...PLANTS_VIEW,
    'station.edit',
    'station.setting',
    ...DEVICES_CONTROL,
    'workdata.view',
    'logger.management',
    'logger.upgrade.record',
  ],
};

/** Roles whose users only look: the user menu hides personal settings for them (spec §2.2 readOnly). */
export const READ_ONLY_ROLES: ReadonlySet<BuiltinRole> = new Set<BuiltinRole>(['visitor']);

/** The built-in roles a company's own role may follow (its `base`): staff roles and customers' own lists. */
export const ROLE_BASES = ['company_staff', 'customer'] as const;
export type RoleBase = (typeof ROLE_BASES)[number];

/** At most this many roles of its own per company (spec §5, §9; code 800). */
export const MAX_COMPANY_ROLES = 5;

/**
 * The permission keys a company may put in a role of its own: what its administrators hold, less what only
 * the platform does (companies list, firmware upload and authorisation, protocols, versions, bulletins).
 */
export const COMPANY_ROLE_KEYS: readonly PermissionKey[] = ROLE_PERMISSIONS.company_admin;
