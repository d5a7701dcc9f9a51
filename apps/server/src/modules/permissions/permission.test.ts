import {
  BUILTIN_ROLES,
  flattenPermissionTree,
  ROLE_PERMISSIONS,
  type BuiltinRole,
  type PermissionKey,
  type PermissionNode,
} from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();

async function tree(account: string, lan = 'en'): Promise<PermissionNode[]> {
  const token = await t.tokenFor(account);
  const answer = await t.call<PermissionNode[]>('GET', '/api/v1/permission', { token, query: { lan } });
  expect(answer.code).toBe(0);
  return answer.data;
}

const topMenus = (nodes: PermissionNode[]) => nodes.filter((n) => n.type === 0 && !n.hidden).map((n) => n.permission);

describe('GET /api/v1/permission', () => {
  it('gives each seeded role exactly its permissions', async () => {
    for (const demo of t.demo) {
      const keys = flattenPermissionTree(await tree(demo.account));
      const expected = new Set<PermissionKey>(ROLE_PERMISSIONS[demo.role]);
      if (expected.has('equip.view')) expected.add('smart.acSwitch');
      expect([...keys].sort(), demo.role).toEqual([...expected].sort());
    }
  });

  it('shows a visitor plants and devices only, without a single button', async () => {
    const nodes = await tree(ACCOUNTS.visitor);
    expect(topMenus(nodes)).toEqual(['station.view', 'equip.view']);
    const keys = flattenPermissionTree(nodes);
    expect(keys.has('station.create')).toBe(false);
    expect(keys.has('gateway.control')).toBe(false);
  });

  it('gives the platform administrator system management, and a company administrator the company menu but not that', async () => {
    expect(topMenus(await tree(ACCOUNTS.platform))).toContain('system.management');
    const admin = topMenus(await tree(ACCOUNTS.admin));
    expect(admin).toContain('company.management');
    expect(admin).not.toContain('system.management');
    expect(topMenus(await tree(ACCOUNTS.installer))).not.toContain('company.management');
  });

  it('adds smart.acSwitch under equip.view, as a child', async () => {
    const equip = (await tree(ACCOUNTS.owner)).find((n) => n.permission === 'equip.view');
    expect(equip?.children.map((c) => c.permission)).toContain('smart.acSwitch');
  });

  it('marks pages as type 0 and buttons as other types, under their page', async () => {
    const plants = (await tree(ACCOUNTS.admin)).find((n) => n.permission === 'station.view');
    expect(plants?.type).toBe(0);
    const create = plants?.children.find((c) => c.permission === 'station.create');
    expect(create).toMatchObject({ type: 0, hidden: true });
    expect(plants?.children.find((c) => c.permission === 'station.delete')?.type).toBe(1);
  });

  it('titles the tree in the language asked for (zh is Chinese)', async () => {
    const en = (await tree(ACCOUNTS.admin, 'en')).find((n) => n.permission === 'station.view');
    const zh = (await tree(ACCOUNTS.admin, 'zh')).find((n) => n.permission === 'station.view');
    const he = (await tree(ACCOUNTS.admin, 'he')).find((n) => n.permission === 'station.view');
    expect(en?.name).toBe('My Plants');
    expect(zh?.name).toMatch(/[\u4e00-\u9fff]/);
    expect(he?.name).toMatch(/[\u0590-\u05ff]/);
  });

  it('has a demo account for every role the issue seeds', () => {
    const seeded = new Set<BuiltinRole>(t.demo.map((d) => d.role));
    for (const role of [
      'platform_admin',
      'company_admin',
      'company_staff',
      'installer',
      'plant_owner',
      'visitor',
    ] as const) {
      expect(seeded.has(role)).toBe(true);
    }
    // spec §6 names ten kinds of account; internal employees came with issue 12.
    expect(BUILTIN_ROLES).toHaveLength(10);
  });
});
