import { describe, expect, it } from 'vitest';
import { buildPermissionTree, flattenPermissionTree, ROLE_PERMISSIONS, type BuiltinRole } from '@heliograph/shared';
import { addGroupedEntries, buildMenuItems } from './SideMenu';

type Node = { key?: unknown; children?: Node[] };

/** Where the toolbox entry ends up in a role's menu: the keys of the submenus above it. */
function toolboxPlace(role: BuiltinRole): string[] | null {
  const tree = buildPermissionTree(ROLE_PERMISSIONS[role], (k) => k);
  const items = addGroupedEntries(buildMenuItems(tree), flattenPermissionTree(tree), (r) => r.titleKey) as Node[];
  const find = (list: Node[], path: string[]): string[] | null => {
    for (const item of list) {
      if (item.key === '/management/toolbox') return path;
      const inner = item.children ? find(item.children, [...path, String(item.key)]) : null;
      if (inner) return inner;
    }
    return null;
  };
  return find(items, []);
}

describe('side menu', () => {
  it('puts the toolbox under system management for platform administrators', () => {
    expect(toolboxPlace('platform_admin')).toEqual(['sub:system.management']);
  });

  it('puts it under Logs for the technicians, who have no system management menu', () => {
    for (const role of ['company_admin', 'company_staff', 'installer', 'maintainer', 'internal_employee'] as const) {
      expect(toolboxPlace(role)).toEqual(['sub:logger.management']);
    }
  });

  it('leaves it out for customers, owners and visitors', () => {
    for (const role of ['customer', 'plant_owner', 'visitor', 'agent'] as const) expect(toolboxPlace(role)).toBeNull();
  });

  it('turns Plant reports into a submenu holding the reports and the data screening', () => {
    for (const role of ['company_admin', 'plant_owner', 'internal_employee'] as const) {
      const tree = buildPermissionTree(ROLE_PERMISSIONS[role], (k) => k);
      const items = addGroupedEntries(buildMenuItems(tree), flattenPermissionTree(tree), (r) => r.titleKey) as Node[];
      const reports = items.find((i) => i.key === 'sub:workdata.view');
      expect(
        reports?.children?.map((c) => c.key),
        role,
      ).toEqual(['/workdata/list', '/workdata/screening']);
      expect(items.some((i) => i.key === '/workdata/list' || i.key === '/workdata/screening')).toBe(false);
    }
  });
});
