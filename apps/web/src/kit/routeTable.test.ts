import { describe, expect, it } from 'vitest';
import { BUILTIN_ROLES, PERMISSION_KEYS, PERMISSIONS, ROLE_PERMISSIONS, type PermissionKey } from '@heliograph/shared';
import {
  LORA_REALTIME_ROUTES,
  MENU_PATHS,
  mayOpen,
  PUBLIC_PLACEHOLDERS,
  redirectTarget,
  ROUTE_BY_PATH,
  SHELL_ROUTES,
} from './routeTable';

describe('route table', () => {
  it('registers every signed-in route of spec §2.2', () => {
    const spec = [
      '/',
      '/plants',
      '/plant-add',
      '/plants/overview/:id/:type',
      '/plants/edit/:id',
      '/plants/setting',
      '/plants/batt-setting',
      '/plants/comm-setting',
      '/acenter',
      '/edit',
      '/notice',
      '/device',
      '/device/gateway',
      '/device/inverter',
      '/device/setting/recommend',
      '/device/battery',
      '/device/lora',
      '/device/meter',
      '/device/acSwitch',
      '/device/meteorological',
      '/device/event/list',
      '/device/setting',
      '/intelligence',
      '/intelligence/list',
      '/firmware',
      '/firmware/gate',
      '/firmware/inv',
      '/firmware/auth',
      '/firmware/batt',
      '/firmware/mastnode',
      '/firmware/meter',
      '/firmware/switch',
      '/workdata',
      '/workdata/list',
      '/workdata/reportinfo/:id/:reportName',
      '/enterprise',
      '/enterprise/company',
      '/enterprise/user',
      '/enterprise/roles',
      '/customer',
      '/customer/user',
      '/customer/list',
      '/customer/type',
      '/system-bulletin',
      '/system-bulletin/protocol',
      '/large-screen',
      '/large-screen/list',
      '/large-screen/multione',
      '/large-screen/multitwo',
      '/systemupdate',
      '/log',
      '/log/uphold',
      '/log/commu',
      '/management',
      '/management/protocol',
      '/management/versions',
    ];
    expect(spec.filter((p) => !ROUTE_BY_PATH.has(p))).toEqual([]);
    expect(new Set(SHELL_ROUTES.map((r) => r.path)).size).toBe(SHELL_ROUTES.length);
  });

  it('gives the spec permission keys', () => {
    const expected: Record<string, PermissionKey> = {
      '/plants': 'station.view',
      '/plant-add': 'station.create',
      '/device': 'equip.view',
      '/device/gateway': 'gateway.view',
      '/device/setting/recommend': 'config.template.list',
      '/device/acSwitch': 'switch.view',
      '/firmware/auth': 'firmware.inverter.auth',
      '/enterprise/roles': 'company.role.list.view',
      '/customer/type': 'customer.type.list.view',
      '/system-bulletin/protocol': 'notice.pointNotice.list',
      '/large-screen/multitwo': 'splicing.screen',
      '/log/commu': 'logger.communcation.management',
      '/management/versions': 'version.notification.management',
      '/workdata/screening': 'workdata.view',
    };
    for (const [path, key] of Object.entries(expected)) expect(ROUTE_BY_PATH.get(path)?.permission).toBe(key);
  });

  it('highlights plants, inverter and report entries from their hidden pages', () => {
    for (const p of ['/plants/overview/:id/:type', '/plants/edit/:id', '/plant-add']) {
      expect(ROUTE_BY_PATH.get(p)?.highlight ?? ROUTE_BY_PATH.get(p)?.permission).toBe('station.view');
    }
    expect(ROUTE_BY_PATH.get('/device/setting')?.highlight).toBe('inverter.view');
    expect(ROUTE_BY_PATH.get('/workdata/reportinfo/:id/:reportName')?.permission).toBe('workdata.view');
  });

  it('gives every visible menu page of the permission catalogue a path', () => {
    const menuLeaves = PERMISSION_KEYS.filter((k) => {
      const def = PERMISSIONS[k] as { type: number; hidden?: boolean };
      if (def.type !== 0 || def.hidden) return false;
      return !PERMISSION_KEYS.some(
        (c) => PERMISSIONS[c].parent === k && PERMISSIONS[c].type === 0 && !('hidden' in PERMISSIONS[c]),
      );
    });
    expect(menuLeaves.filter((k) => !MENU_PATHS.has(k))).toEqual([]);
  });

  it('redirects to the first child page the user may open', () => {
    const enterprise = ROUTE_BY_PATH.get('/enterprise')!;
    expect(redirectTarget(enterprise, new Set<PermissionKey>(['company.management', 'company.user']))).toBe(
      '/enterprise/user',
    );
    expect(redirectTarget(enterprise, new Set<PermissionKey>(['company.management', 'company.info']))).toBe(
      '/enterprise/company',
    );
    expect(redirectTarget(ROUTE_BY_PATH.get('/device')!, new Set<PermissionKey>(['equip.view', 'gateway.view']))).toBe(
      '/device/gateway',
    );
    // The spec's own name for the gateway list leads to it.
    expect(redirectTarget(ROUTE_BY_PATH.get('/device/gateway/list')!, new Set<PermissionKey>(['gateway.view']))).toBe(
      '/device/gateway',
    );
    expect(redirectTarget(ROUTE_BY_PATH.get('/')!, new Set<PermissionKey>(['station.view']))).toBe('/plants');
    expect(redirectTarget(ROUTE_BY_PATH.get('/')!, new Set<PermissionKey>(['equip.view', 'inverter.view']))).toBe(
      '/device/inverter',
    );
    expect(redirectTarget(ROUTE_BY_PATH.get('/')!, new Set<PermissionKey>())).toBe('/edit');
  });

  it('opens the toolbox to the technicians and no one else', () => {
    const toolbox = ROUTE_BY_PATH.get('/management/toolbox');
    const may = BUILTIN_ROLES.filter((role) => mayOpen(toolbox, new Set(ROLE_PERMISSIONS[role])));
    expect(may).toEqual([
      'platform_admin',
      'internal_employee',
      'company_admin',
      'company_staff',
      'installer',
      'maintainer',
    ]);
    expect(toolbox?.page).toBe('toolbox');
  });

  it('lists the public placeholder views of spec §2.1', () => {
    // /announcement is built (features/notices/AnnouncementPage): the public bulletins; /plantFlow too
    // /plantLayout and /deviceFlow (features/displays/embed): a plant's flow and layout, an inverter's flow, with an
    // embed link.
    // The LoRa realtime views are built too (features/lora/LoraRealtimePage), with a share link.
    expect(PUBLIC_PLACEHOLDERS.map((p) => p.path)).toEqual([]);
    expect(LORA_REALTIME_ROUTES.map((p) => p.path)).toEqual([
      '/lora-realtime',
      '/lora-meter-realtime',
      '/lora-switch-realtime',
    ]);
  });
});
