import type { PermissionKey } from '@heliograph/shared';

/**
 * Every signed-in route of spec §2.2 with the permission it needs, its title key (page title and the
 * "not available yet" page) and the menu entry it lights. `menu` marks the page a menu entry opens;
 * `redirect` lists targets in order of preference, the first one the user may open wins.
 */
/** The signed-in pages that are built (see router.tsx for the chunk each one loads). */
export type ShellPage =
  | 'personal'
  | 'notifications'
  | 'plants'
  | 'plantOverview'
  | 'plantAdd'
  | 'plantEdit'
  | 'plantLayout'
  | 'batteries'
  | 'battery'
  | 'meters'
  | 'meter'
  | 'weatherStations'
  | 'weatherStation'
  | 'events'
  | 'inverters'
  | 'inverter'
  | 'inverterSettings'
  | 'configTemplates'
  | 'gateways'
  | 'gateway'
  | 'commSetting'
  | 'acSwitches'
  | 'acSwitch'
  | 'loraNodes'
  | 'loraNode'
  | 'batterySetting'
  | 'members'
  | 'roles'
  | 'customerUsers'
  | 'customerList'
  | 'customerTypes'
  | 'companyInfo'
  | 'companyAgents'
  | 'companyManuals'
  | 'manualsLibrary'
  | 'companyAudit'
  | 'companies'
  | 'firmware'
  | 'hardwareList'
  | 'toolbox'
  | 'versions'
  | 'updateLog'
  | 'protocols'
  | 'dictionaries'
  | 'deviceConfig'
  | 'commLog'
  | 'debugLog'
  | 'plantSetting'
  | 'plantBatterySetting'
  | 'plantCommSetting'
  | 'notice'
  | 'displays'
  | 'displayScreen'
  | 'bulletins'
  | 'maintenanceNotices'
  | 'reports'
  | 'smartRules'
  | 'reportDetail'
  | 'screening'
  | 'acenter'
  | 'cameras'
  | 'plantCameras'
  | 'cameraPlayback'
  | 'storageSpaces';

export interface ShellRoute {
  path: string;
  titleKey: string;
  permission?: PermissionKey;
  /** Menu entry highlighted on this page, when it is not the page's own permission. */
  highlight?: PermissionKey;
  menu?: boolean;
  /**
   * A menu entry that is not a node of the permission tree (its key is a group's, shared with other pages):
   * listed in this group's submenu when the user's menu has it, otherwise in the submenu of `permission`.
   * Labelled with `titleKey`.
   */
  menuGroup?: PermissionKey;
  redirect?: string[];
  /** Built pages; everything else renders the shell's "not available yet" page. */
  page?: ShellPage;
  /**
   * Drawn outside the shell (no menu, no top bar): the wall-screen pages, which also open with a display
   * link's `?token=` and no account (the router then skips the sign-in guard).
   */
  bare?: boolean;
}

export const SHELL_ROUTES: readonly ShellRoute[] = [
  { path: '/', titleKey: 'page.home', redirect: ['/plants'] },
  // Plants
  { path: '/plants', titleKey: 'page.plants', permission: 'station.view', menu: true, page: 'plants' },
  {
    path: '/plant-add',
    titleKey: 'page.plantAdd',
    permission: 'station.create',
    highlight: 'station.view',
    page: 'plantAdd',
  },
  {
    path: '/plants/overview/:id/:type',
    titleKey: 'page.plantOverview',
    permission: 'station.view',
    page: 'plantOverview',
  },
  {
    path: '/plants/edit/:id',
    titleKey: 'page.plantEdit',
    permission: 'station.edit',
    highlight: 'station.view',
    page: 'plantEdit',
  },
  {
    path: '/plants/layout/:id',
    titleKey: 'page.plantLayout',
    permission: 'station.view',
    highlight: 'station.view',
    page: 'plantLayout',
  },
  // Beyond the spec's route table (issue 18): a plant's cameras live, and a channel's recordings.
  {
    path: '/plants/cameras/:id',
    titleKey: 'page.plantCameras',
    permission: 'camera.view',
    highlight: 'station.view',
    page: 'plantCameras',
  },
  {
    path: '/plants/cameras/:id/playback/:channelId',
    titleKey: 'page.cameraPlayback',
    permission: 'camera.view',
    highlight: 'station.view',
    page: 'cameraPlayback',
  },
  {
    path: '/plants/setting',
    titleKey: 'page.plantSetting',
    permission: 'station.setting',
    highlight: 'station.view',
    page: 'plantSetting',
  },
  {
    path: '/plants/batt-setting',
    titleKey: 'page.plantBatterySetting',
    permission: 'station.setting',
    highlight: 'station.view',
    page: 'plantBatterySetting',
  },
  {
    path: '/plants/comm-setting',
    titleKey: 'page.plantCommSetting',
    permission: 'station.setting',
    highlight: 'station.view',
    page: 'plantCommSetting',
  },
  // Application center, personal pages
  { path: '/acenter', titleKey: 'page.appCenter', permission: 'application.center', menu: true, page: 'acenter' },
  { path: '/edit', titleKey: 'page.personal', page: 'personal' },
  // Alarm notifications (issue 15): the user's own rules, browser push and the company's webhooks.
  { path: '/edit/notifications', titleKey: 'page.notifications', page: 'notifications' },
  // The company's manuals for its customers and for members who do not manage them (account menu).
  { path: '/manuals', titleKey: 'page.manuals', page: 'manualsLibrary' },
  { path: '/notice', titleKey: 'page.notice', page: 'notice' },
  // Devices
  {
    path: '/device',
    titleKey: 'page.devices',
    permission: 'equip.view',
    redirect: [
      '/device/gateway',
      '/device/inverter',
      '/device/setting/recommend',
      '/device/battery',
      '/device/lora',
      '/device/meter',
      '/device/acSwitch',
      '/device/meteorological',
      '/device/event/list',
      '/device/camera',
    ],
  },
  { path: '/device/gateway', titleKey: 'page.gateways', permission: 'gateway.view', menu: true, page: 'gateways' },
  // Spec §2.2 names the gateway list /device/gateway/list; without this it would be read as a gateway "list".
  {
    path: '/device/gateway/list',
    titleKey: 'page.gateways',
    permission: 'gateway.view',
    highlight: 'gateway.view',
    redirect: ['/device/gateway'],
  },
  {
    path: '/device/gateway/:sn',
    titleKey: 'page.gateways',
    permission: 'gateway.view',
    highlight: 'gateway.view',
    page: 'gateway',
  },
  { path: '/device/inverter', titleKey: 'page.inverters', permission: 'inverter.view', menu: true, page: 'inverters' },
  {
    path: '/device/inverter/:sn',
    titleKey: 'page.inverters',
    permission: 'inverter.view',
    highlight: 'inverter.view',
    page: 'inverter',
  },
  {
    path: '/device/setting/recommend',
    titleKey: 'page.configTemplates',
    permission: 'config.template.list',
    menu: true,
    page: 'configTemplates',
  },
  {
    path: '/device/battery',
    titleKey: 'page.batteries',
    permission: 'battery.list.view',
    menu: true,
    page: 'batteries',
  },
  {
    path: '/device/battery/:sn',
    titleKey: 'page.batteries',
    permission: 'battery.list.view',
    highlight: 'battery.list.view',
    page: 'battery',
  },
  { path: '/device/lora', titleKey: 'page.lora', permission: 'masterNode.view', menu: true, page: 'loraNodes' },
  {
    path: '/device/lora/:sn',
    titleKey: 'page.lora',
    permission: 'masterNode.view',
    highlight: 'masterNode.view',
    page: 'loraNode',
  },
  { path: '/device/meter', titleKey: 'page.meters', permission: 'smart.meter', menu: true, page: 'meters' },
  {
    path: '/device/meter/:sn',
    titleKey: 'page.meters',
    permission: 'smart.meter',
    highlight: 'smart.meter',
    page: 'meter',
  },
  { path: '/device/acSwitch', titleKey: 'page.acSwitches', permission: 'switch.view', menu: true, page: 'acSwitches' },
  {
    path: '/device/acSwitch/:sn',
    titleKey: 'page.acSwitches',
    permission: 'switch.view',
    highlight: 'switch.view',
    page: 'acSwitch',
  },
  {
    path: '/device/meteorological',
    titleKey: 'page.weatherStations',
    permission: 'equip.other',
    menu: true,
    page: 'weatherStations',
  },
  {
    path: '/device/meteorological/:sn',
    titleKey: 'page.weatherStations',
    permission: 'equip.other',
    highlight: 'equip.other',
    page: 'weatherStation',
  },
  { path: '/device/event/list', titleKey: 'page.events', permission: 'event.view', menu: true, page: 'events' },
  // Beyond the spec's route table (issue 18): every camera the member may see, leading to each plant's cameras.
  { path: '/device/camera', titleKey: 'page.cameras', permission: 'camera.view', menu: true, page: 'cameras' },
  {
    path: '/device/setting',
    titleKey: 'page.inverterSetting',
    permission: 'inverter.setting',
    highlight: 'inverter.view',
    page: 'inverterSettings',
  },
  {
    path: '/device/batt-setting',
    titleKey: 'page.batterySetting',
    permission: 'battery.control',
    highlight: 'battery.list.view',
    page: 'batterySetting',
  },
  {
    path: '/device/comm-setting',
    titleKey: 'page.commSetting',
    permission: 'gateway.control',
    highlight: 'gateway.view',
    page: 'commSetting',
  },
  // Smart rules
  { path: '/intelligence', titleKey: 'page.rules', permission: 'intelligence', redirect: ['/intelligence/list'] },
  { path: '/intelligence/list', titleKey: 'page.rules', permission: 'smart.rule', menu: true, page: 'smartRules' },
  // Firmware
  {
    path: '/firmware',
    titleKey: 'page.firmware',
    permission: 'firmware.management',
    redirect: [
      '/firmware/gate',
      '/firmware/inv',
      '/firmware/auth',
      '/firmware/batt',
      '/firmware/mastnode',
      '/firmware/meter',
      '/firmware/switch',
    ],
  },
  {
    path: '/firmware/gate',
    titleKey: 'page.firmwareGateway',
    permission: 'firmware.gateway.view',
    menu: true,
    page: 'firmware',
  },
  {
    path: '/firmware/inv',
    titleKey: 'page.firmwareInverter',
    permission: 'firmware.inverter.view',
    menu: true,
    page: 'firmware',
  },
  {
    path: '/firmware/auth',
    titleKey: 'page.firmwareAuth',
    permission: 'firmware.inverter.auth',
    menu: true,
    page: 'firmware',
  },
  {
    path: '/firmware/batt',
    titleKey: 'page.firmwareBattery',
    permission: 'firmware.battery.view',
    menu: true,
    page: 'firmware',
  },
  {
    path: '/firmware/mastnode',
    titleKey: 'page.firmwareLora',
    permission: 'firmware.main.node.view',
    menu: true,
    page: 'firmware',
  },
  {
    path: '/firmware/meter',
    titleKey: 'page.firmwareMeter',
    permission: 'firmware.meter.view',
    menu: true,
    page: 'firmware',
  },
  {
    path: '/firmware/switch',
    titleKey: 'page.firmwareSwitch',
    permission: 'firmware.switch.view',
    menu: true,
    page: 'firmware',
  },
  // Reports
  { path: '/workdata', titleKey: 'page.reports', permission: 'workdata.view', redirect: ['/workdata/list'] },
  { path: '/workdata/list', titleKey: 'page.reports', permission: 'workdata.view', menu: true, page: 'reports' },
  {
    path: '/workdata/reportinfo/:id/:reportName',
    titleKey: 'page.reportDetail',
    permission: 'workdata.view',
    page: 'reportDetail',
  },
  // Beyond the spec's routes (issue 16 point 6): the data-screening dashboard. The permission tree has one
  // menu key for reports, so its entry is a grouped one (menuGroup): the reports entry becomes a submenu
  // holding the plant reports and the screening (shell/SideMenu.tsx).
  {
    path: '/workdata/screening',
    titleKey: 'page.screening',
    permission: 'workdata.view',
    menuGroup: 'workdata.view',
    page: 'screening',
  },
  // Company
  {
    path: '/enterprise',
    titleKey: 'page.company',
    permission: 'company.management',
    redirect: ['/enterprise/user', '/enterprise/company', '/enterprise/roles', '/enterprise/companies'],
  },
  {
    path: '/enterprise/company',
    titleKey: 'page.companyInfo',
    permission: 'company.info',
    menu: true,
    page: 'companyInfo',
  },
  { path: '/enterprise/user', titleKey: 'page.members', permission: 'company.user', menu: true, page: 'members' },
  {
    path: '/enterprise/roles',
    titleKey: 'page.roles',
    permission: 'company.role.list.view',
    menu: true,
    page: 'roles',
  },
  // Beyond the spec's list of routes (§2.3 names the screens, not their paths): agents, manuals, audit log,
  // and the platform administrators' list of companies.
  {
    path: '/enterprise/agents',
    titleKey: 'page.agents',
    permission: 'company.agent',
    menu: true,
    page: 'companyAgents',
  },
  {
    path: '/enterprise/manuals',
    titleKey: 'page.manuals',
    permission: 'company.manual',
    menu: true,
    page: 'companyManuals',
  },
  {
    path: '/enterprise/audit',
    titleKey: 'page.auditLog',
    permission: 'company.audit',
    menu: true,
    page: 'companyAudit',
  },
  // Beyond the spec's routes (§9 names up to 10 video storage spaces, not their path).
  {
    path: '/enterprise/storage',
    titleKey: 'page.storageSpaces',
    permission: 'storage.space',
    menu: true,
    page: 'storageSpaces',
  },
  {
    path: '/enterprise/companies',
    titleKey: 'page.companies',
    permission: 'company.list',
    menu: true,
    page: 'companies',
  },
  // Customers
  {
    path: '/customer',
    titleKey: 'page.customers',
    permission: 'user.producer',
    redirect: ['/customer/user', '/customer/list', '/customer/type'],
  },
  {
    path: '/customer/user',
    titleKey: 'page.customerUsers',
    permission: 'user.list.view',
    menu: true,
    page: 'customerUsers',
  },
  {
    path: '/customer/list',
    titleKey: 'page.customerList',
    permission: 'customer.list.view',
    menu: true,
    page: 'customerList',
  },
  {
    path: '/customer/type',
    titleKey: 'page.customerTypes',
    permission: 'customer.type.list.view',
    menu: true,
    page: 'customerTypes',
  },
  // Bulletins
  {
    path: '/system-bulletin',
    titleKey: 'page.bulletins',
    permission: 'system.notice',
    menu: true,
    page: 'bulletins',
  },
  {
    path: '/system-bulletin/protocol',
    titleKey: 'page.maintenanceNotices',
    permission: 'notice.pointNotice.list',
    menu: true,
    page: 'maintenanceNotices',
  },
  // Large screen
  {
    path: '/large-screen',
    titleKey: 'page.largeScreen',
    permission: 'fullscreen.management',
    redirect: ['/large-screen/list'],
  },
  {
    path: '/large-screen/list',
    titleKey: 'page.displays',
    permission: 'fullscreen.list',
    menu: true,
    page: 'displays',
  },
  {
    path: '/large-screen/multione',
    titleKey: 'page.singleDisplay',
    permission: 'full.screen.single.page',
    highlight: 'fullscreen.list',
    page: 'displayScreen',
    bare: true,
  },
  {
    path: '/large-screen/multitwo',
    titleKey: 'page.splicedDisplay',
    permission: 'splicing.screen',
    highlight: 'fullscreen.list',
    page: 'displayScreen',
    bare: true,
  },
  { path: '/systemupdate', titleKey: 'page.updateLog', page: 'updateLog' },
  // Logs
  {
    path: '/log',
    titleKey: 'page.logs',
    permission: 'logger.management',
    redirect: ['/log/uphold', '/log/commu', '/log/debug'],
  },
  {
    path: '/log/uphold',
    titleKey: 'page.maintenanceLog',
    permission: 'logger.upgrade.record',
    menu: true,
    page: 'hardwareList',
  },
  {
    path: '/log/commu',
    titleKey: 'page.commLog',
    permission: 'logger.communcation.management',
    menu: true,
    page: 'commLog',
  },
  // Beyond the spec's route table: its debug log (§2.3 "Logging: maintenance, communication and debug logs").
  {
    path: '/log/debug',
    titleKey: 'page.debugLog',
    permission: 'logger.management',
    menu: true,
    page: 'debugLog',
  },
  // System management
  {
    path: '/management',
    titleKey: 'page.management',
    permission: 'system.management',
    redirect: ['/management/protocol', '/management/versions'],
  },
  {
    path: '/management/protocol',
    titleKey: 'page.protocols',
    permission: 'protocol.manage.view',
    menu: true,
    page: 'protocols',
  },
  {
    path: '/management/versions',
    titleKey: 'page.versions',
    permission: 'version.notification.management',
    menu: true,
    page: 'versions',
  },
  // Beyond the spec's routes (§2.3 names "a toolbox", not its path): CRC check, base conversion, Modbus
  // message generator and protocol analysis, all in the browser. The spec has no key for it and its system
  // management keys are the platform's, but the toolbox is for technicians; so it takes the Logs menu key,
  // which company admins and staff, installers, maintainers, internal employees and platform administrators
  // hold (the people who read what went over the wire) and customers, plant owners, agents and visitors do not.
  // Its menu entry is under system management, or under Logs for those who have no system management menu.
  {
    path: '/management/toolbox',
    titleKey: 'page.toolbox',
    permission: 'logger.management',
    menuGroup: 'system.management',
    page: 'toolbox',
  },
  // Beyond the spec's routes (§2.3 names "dictionaries" and "device configuration" under management, not their
  // paths). Both take the system management key, which platform administrators alone hold, and are listed in
  // that submenu as entries that are not permission-tree nodes (menuGroup).
  {
    path: '/management/dictionaries',
    titleKey: 'page.dictionaries',
    permission: 'system.management',
    menuGroup: 'system.management',
    page: 'dictionaries',
  },
  {
    path: '/management/device-config',
    titleKey: 'page.deviceConfig',
    permission: 'system.management',
    menuGroup: 'system.management',
    page: 'deviceConfig',
  },
];

/** Public pages of spec §2.1 that have no screen yet: each shows the honest "not available yet" page. */
export const PUBLIC_PLACEHOLDERS: readonly { path: string; titleKey: string }[] = [];

/**
 * The public realtime views of a LoRa master node (spec §2.1), opened with its share link (`?token=`), no
 * account and no shell (features/lora/LoraRealtimePage).
 */
export const LORA_REALTIME_ROUTES: readonly { path: string; titleKey: string }[] = [
  { path: '/lora-realtime', titleKey: 'page.loraRealtime' },
  { path: '/lora-meter-realtime', titleKey: 'page.loraMeterRealtime' },
  { path: '/lora-switch-realtime', titleKey: 'page.loraSwitchRealtime' },
];

/** Where the menu entry of a permission key leads. */
export const MENU_PATHS: ReadonlyMap<PermissionKey, string> = new Map(
  SHELL_ROUTES.filter((r) => r.menu && r.permission).map((r) => [r.permission as PermissionKey, r.path]),
);

/** Menu entries that are not permission-tree nodes (see `ShellRoute.menuGroup`). */
export const GROUPED_MENU_ROUTES: readonly ShellRoute[] = SHELL_ROUTES.filter((r) => r.menuGroup && r.permission);

export const ROUTE_BY_PATH: ReadonlyMap<string, ShellRoute> = new Map(SHELL_ROUTES.map((r) => [r.path, r]));

/** Route metadata as carried in react-router's `handle`. */
export interface RouteHandle {
  /** The route table's path of this route (params unresolved). */
  routePath?: string;
  titleKey?: string;
  permission?: PermissionKey;
  highlight?: PermissionKey;
}

export function mayOpen(route: ShellRoute | undefined, held: ReadonlySet<PermissionKey>): boolean {
  return !!route && (!route.permission || held.has(route.permission));
}

/** The first target a redirect route may send this user to; the home redirect falls back to any menu page. */
export function redirectTarget(route: ShellRoute, held: ReadonlySet<PermissionKey>): string | null {
  const candidates = [...(route.redirect ?? [])];
  if (route.path === '/') candidates.push(...MENU_PATHS.values(), '/edit');
  return candidates.find((path) => mayOpen(ROUTE_BY_PATH.get(path), held)) ?? null;
}
