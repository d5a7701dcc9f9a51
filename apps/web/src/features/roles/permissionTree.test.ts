import { describe, expect, it } from 'vitest';
import type { PermissionNode } from '@heliograph/shared';
import { indexTree, toggleKey } from './permissionTree';

const node = (permission: PermissionNode['permission'], children: PermissionNode[] = []): PermissionNode => ({
  name: permission,
  permission,
  type: children.length > 0 ? 0 : 1,
  hidden: false,
  children,
});

const TREE = [
  node('station.view', [node('station.edit'), node('station.delete')]),
  node('equip.view', [node('gateway.view', [node('gateway.control')]), node('event.view')]),
];

describe('the role permission tree', () => {
  const index = indexTree(TREE);

  it('ticks the pages above a ticked action', () => {
    expect(toggleKey(index, new Set(), 'gateway.control', true)).toEqual([
      'equip.view',
      'gateway.view',
      'gateway.control',
    ]);
  });

  it('unticks the actions below an unticked page, and keeps the rest', () => {
    const held = new Set(['station.view', 'station.edit', 'equip.view', 'gateway.view', 'gateway.control'] as const);
    expect(toggleKey(index, held, 'equip.view', false)).toEqual(['station.view', 'station.edit']);
  });

  it('lets a page be ticked alone, without its actions', () => {
    expect(toggleKey(index, new Set(), 'station.view', true)).toEqual(['station.view']);
  });
});
