import { buildPermissionTree, ROLE_PERMISSIONS } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { toggleKey } from './permissionCascade';

const tree = buildPermissionTree(ROLE_PERMISSIONS.customer, (k) => k);

describe('the customer permission tree', () => {
  it('ticks the pages above a ticked button', () => {
    expect(toggleKey(tree, [], 'inverter.view', true).sort()).toEqual(['equip.view', 'inverter.view']);
  });

  it('unticks what lies below an unticked page, and nothing else', () => {
    const held = ['station.view', 'station.edit', 'equip.view', 'inverter.view', 'gateway.view'];
    expect(toggleKey(tree, held, 'equip.view', false).sort()).toEqual(['station.edit', 'station.view']);
  });

  it('keeps a page held on its own when one of its buttons is unticked', () => {
    expect(toggleKey(tree, ['station.view', 'station.edit'], 'station.edit', false)).toEqual(['station.view']);
  });
});
